package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What a test needs of the machine beyond the JVM: root, commands on the PATH. A test whose needs the machine
 * does not meet is skipped, through a JUnit assumption whose message says what is missing, instead of failing
 * for a reason that is not the code's.
 */
public final class TestingHost {
  private TestingHost() {
  }

  /** Skips the test unless it runs as root; {@code why} says what for ("to create network namespaces"). */
  public static void assumeRoot(String why) {
    Optional<String> missing = missingRoot(new com.sun.security.auth.module.UnixSystem().getUid(), why);
    assumeTrue(missing.isEmpty(), missing::get);
  }

  /** Skips the test unless every one of {@code commands} of the package {@code from} is on the PATH. */
  public static void assumeCommands(String from, String... commands) {
    Optional<String> missing = missingCommands(System.getenv().getOrDefault("PATH", ""), from, List.of(commands));
    assumeTrue(missing.isEmpty(), missing::get);
  }

  /** The id of a process that has ended: a child that ran and was waited for. */
  public static long deadPid() throws IOException, InterruptedException {
    Process exited = new ProcessBuilder("true").start();
    exited.waitFor();
    assertThat(ProcessHandle.of(exited.pid())).isEmpty();
    return exited.pid();
  }

  static Optional<String> missingRoot(long uid, String why) {
    return uid == 0 ? Optional.empty() : Optional.of("needs root " + why + "; runs as uid " + uid);
  }

  static Optional<String> missingCommands(String path, String from, List<String> commands) {
    List<String> missing = commands.stream().filter(command -> !onPath(path, command)).toList();
    return missing.isEmpty() ? Optional.empty()
        : Optional.of("needs " + String.join(" and ", missing) + " (" + from + ") on the PATH, which is '" + path
            + "'");
  }

  private static boolean onPath(String path, String command) {
    return Arrays.stream(path.split(File.pathSeparator)).filter(dir -> !dir.isEmpty())
        .map(dir -> Path.of(dir, command)).anyMatch(file -> Files.isRegularFile(file) && Files.isExecutable(file));
  }
}

package org.hbaseturbo.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hbaseturbo.jvm.ChildJvm;
import org.hbaseturbo.jvm.JvmOptions;

/**
 * A JVM of a test's own, on a classpath the test chooses (a shaded client, a client without the fast path's
 * transport), run to its end: the test fails if it runs over its limit.
 *
 * @param stdout its standard output, by line
 * @param stderr its standard error, whole
 */
public record TestingChildJvm(int exitCode, List<String> stdout, String stderr) {
  public static TestingChildJvm run(String classpath, Class<?> mainClass, List<String> args, Duration limit,
      Path dir) throws Exception {
    return run(List.of(), classpath, mainClass, args, limit, dir);
  }

  /**
   * Runs the JVM through {@code wrapper}, a command that ends by running the words after it (as {@code unshare} or
   * {@code taskset} do).
   */
  public static TestingChildJvm run(List<String> wrapper, String classpath, Class<?> mainClass, List<String> args,
      Duration limit, Path dir) throws Exception {
    List<String> command = new ArrayList<>(wrapper);
    command.add(ChildJvm.java());
    command.addAll(JvmOptions.childFlags());
    command.add("-cp");
    command.add(classpath);
    command.add(mainClass.getName());
    command.addAll(args);
    Path out = Files.createTempFile(dir, mainClass.getSimpleName(), ".out");
    Path err = Files.createTempFile(dir, mainClass.getSimpleName(), ".err");
    Process child = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    try {
      assertThat(child.waitFor(limit.toSeconds(), TimeUnit.SECONDS)).as("%s ended within %s; its stderr:%n%s",
          mainClass.getSimpleName(), limit, Files.readString(err)).isTrue();
    } finally {
      child.destroyForcibly(); // a no-op once it has ended; ends it when it ran over or this thread was interrupted
    }
    return new TestingChildJvm(child.exitValue(), Files.readAllLines(out), Files.readString(err));
  }
}

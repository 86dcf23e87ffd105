package org.hbaseturbo.cli;

import static java.util.stream.Collectors.joining;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hbaseturbo.jvm.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code turbo --version} and {@code --help} in a JVM of its own, with the command's own log4j.properties (not the
 * tests'): the version asks HBase for its version, whose first log line once made log4j print a stack trace for a log
 * file of no name; the help once did the same at its end, when the command asked the class archives for dumps.
 */
class TestVersionOutput {
  @Test
  void versionPrintsTheVersionsAndNothingOnStandardError(@TempDir Path dir) throws Exception {
    assertThat(runQuietly(dir, "--version")).contains("HBase Turbo", "HBase client");
  }

  /** A command that starts no JVM ends without touching the class archives, whose logger would start log4j. */
  @Test
  void helpPrintsTheCommandsAndNothingOnStandardError(@TempDir Path dir) throws Exception {
    assertThat(runQuietly(dir, "demo", "--help")).contains("Usage: turbo demo");
  }

  /** Its standard output, once it ended well, printing nothing on stderr and writing nothing where it ran. */
  private static String runQuietly(Path dir, String... args) throws Exception {
    String classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(entry -> !entry.endsWith("test-classes")).collect(joining(File.pathSeparator));
    List<String> command = new ArrayList<>(List.of(ChildJvm.java(), "-cp", classpath, TurboMain.class.getName()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    // The JVM would print "Picked up JAVA_TOOL_OPTIONS" on stderr under a CI that sets it.
    builder.environment().remove("JAVA_TOOL_OPTIONS");
    Process turbo = builder.start();
    try {
      assertThat(turbo.waitFor(60, TimeUnit.SECONDS)).isTrue();
      String out = new String(turbo.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String err = new String(turbo.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(turbo.exitValue()).as(err).isZero();
      assertThat(err).isEmpty();
      assertThat(dir.toFile().list()).as("nothing written where it ran").isEmpty();
      return out;
    } finally {
      turbo.destroyForcibly();
    }
  }
}

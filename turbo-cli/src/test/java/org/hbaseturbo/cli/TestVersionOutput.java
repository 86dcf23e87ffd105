package org.hbaseturbo.cli;

import static java.util.stream.Collectors.joining;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.hbaseturbo.jvm.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code turbo --version} in a JVM of its own, with the command's own log4j.properties (not the tests'): it asks HBase
 * for its version, whose first log line once made log4j print a stack trace for a log file of no name.
 */
class TestVersionOutput {
  @Test
  void versionPrintsTheVersionsAndNothingOnStandardError(@TempDir Path dir) throws Exception {
    String classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(entry -> !entry.endsWith("test-classes")).collect(joining(File.pathSeparator));
    ProcessBuilder builder = new ProcessBuilder(ChildJvm.java(),
        "-cp", classpath, TurboMain.class.getName(), "--version").directory(dir.toFile());
    // The JVM would print "Picked up JAVA_TOOL_OPTIONS" on stderr under a CI that sets it.
    builder.environment().remove("JAVA_TOOL_OPTIONS");
    Process turbo = builder.start();
    try {
      assertThat(turbo.waitFor(60, TimeUnit.SECONDS)).isTrue();
      String out = new String(turbo.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String err = new String(turbo.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(turbo.exitValue()).as(err).isZero();
      assertThat(out).contains("HBase Turbo", "HBase client");
      assertThat(err).isEmpty();
      assertThat(dir.toFile().list()).as("nothing written where it ran").isEmpty();
    } finally {
      turbo.destroyForcibly();
    }
  }
}

package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./turbo} script's staleness check, run on a copy of the script in a checkout made of empty
 * files: only sources (poms, the JVM flags, a module's {@code src/main}) newer than the built jar may trigger
 * a build, never what runs write under the checkout. The turbo commands it finds running from the checkout's
 * build, under which it does not rebuild. And its build itself, with Maven, Java and the host's setup stubbed on
 * the checkout's own {@code PATH}: it builds once, even for two commands started together, and a failed build ends
 * the command before it runs.
 */
class TestTurboScript {
  private static final Path SCRIPT = Path.of("..", "turbo");
  private static final Instant BUILT = Instant.parse("2026-01-01T00:00:00Z");
  private static final Instant LATER = BUILT.plusSeconds(60);

  @TempDir
  Path root;

  @BeforeEach
  void builtCheckout() throws IOException {
    Files.copy(SCRIPT, root.resolve("turbo"), StandardCopyOption.COPY_ATTRIBUTES);
    for (String source : new String[] {"pom.xml", "jvm.options", "turbo-cli/pom.xml",
        "turbo-cli/src/main/java/A.java", "turbo-cli/src/test/java/TestA.java"}) {
      file(source, BUILT.minusSeconds(60));
    }
    Files.createDirectories(root.resolve("turbo-cli/target/lib"));
    file("turbo-cli/target/turbo-cli.jar", BUILT);
  }

  @Test
  void aBuiltCheckoutIsFresh() throws Exception {
    assertThat(stale()).isFalse();
  }

  @Test
  void filesThatRunsAndTestsWriteDoNotTriggerABuild() throws Exception {
    file("turbo-out/demo-20260101/workload.properties", LATER);
    file("turbo-out/turbo.log", LATER);
    file("results/scan.json", LATER);
    file("turbo-cli/target/classes/A.class", LATER);
    file("turbo-cli/src/test/java/TestB.java", LATER);
    assertThat(stale()).isFalse();
  }

  @Test
  void anEditedSourcePomOrJvmFlagTriggersABuild() throws Exception {
    for (String source : new String[] {"turbo-cli/src/main/java/A.java",
        "turbo-cli/src/main/resources/x.properties", "turbo-cli/pom.xml", "pom.xml", "jvm.options"}) {
      file(source, LATER);
      assertThat(stale()).as(source).isTrue();
      file(source, BUILT.minusSeconds(60));
    }
  }

  @Test
  void aMissingJarOrLibraryDirectoryTriggersABuild() throws Exception {
    Files.delete(root.resolve("turbo-cli/target/turbo-cli.jar"));
    assertThat(stale()).isTrue();
    file("turbo-cli/target/turbo-cli.jar", BUILT);
    Files.delete(root.resolve("turbo-cli/target/lib"));
    assertThat(stale()).isTrue();
  }

  @Test
  void aTurboCommandRunningFromThisCheckoutIsFoundAndOneFromAnotherIsNot() throws Exception {
    // A shell whose arguments are a turbo command's: "sleep; true" keeps bash from replacing itself with sleep.
    Process here = new ProcessBuilder("bash", "-c", "sleep 60; true", "-Dturbo.home=" + root,
        "org.hbaseturbo.cli.TurboMain").start();
    Process elsewhere = new ProcessBuilder("bash", "-c", "sleep 60; true", "-Dturbo.home=" + root + "-other",
        "org.hbaseturbo.cli.TurboMain").start();
    try {
      assertThat(sourced("running_here").lines()).contains(String.valueOf(here.pid()))
          .doesNotContain(String.valueOf(elsewhere.pid()));
    } finally {
      for (Process shell : new Process[] {here, elsewhere}) {
        shell.descendants().forEach(ProcessHandle::destroy);
        shell.destroy();
      }
    }
    assertThat(here.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(sourced("running_here").lines()).doesNotContain(String.valueOf(here.pid()));
  }

  @Test
  void aStaleCheckoutIsBuiltOnceAndTheCommandThenRuns() throws Exception {
    file("turbo-cli/src/main/java/A.java", LATER);
    stubs(0);
    Run run = run();
    assertThat(run.exit()).as(run.output()).isZero();
    assertThat(builds()).as("Maven runs").isEqualTo(1);
    assertThat(run.output()).contains("building HBase Turbo", "java ran: ").contains("org.hbaseturbo.cli.TurboMain");
    assertThat(stale()).as("stale after the build").isFalse();
    assertThat(run().exit()).isZero();
    assertThat(builds()).as("Maven runs, after a second command on the fresh build").isEqualTo(1);
  }

  @Test
  void twoCommandsStartedTogetherBuildOnce() throws Exception {
    file("turbo-cli/src/main/java/A.java", LATER);
    // Long enough that the second command starts while the first builds.
    stubs(2);
    Process first = start();
    Process second = start();
    for (Process command : new Process[] {first, second}) {
      assertThat(command.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(command.exitValue()).as(output(command)).isZero();
    }
    assertThat(builds()).as("Maven runs").isEqualTo(1);
  }

  @Test
  void aFailedBuildEndsTheCommandBeforeItRuns() throws Exception {
    file("turbo-cli/src/main/java/A.java", LATER);
    stubs(0);
    Files.writeString(root.resolve("bin/mvn"), "#!/bin/sh\necho 'COMPILATION ERROR in A.java'\nexit 1\n");
    Run run = run();
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.output()).contains("COMPILATION ERROR in A.java", "the build failed; see turbo-out/build.log")
        .doesNotContain("java ran");
  }

  @Test
  void aStaleCheckoutIsNotBuiltUnderACommandRunningFromIt() throws Exception {
    file("turbo-cli/src/main/java/A.java", LATER);
    stubs(0);
    Process running = new ProcessBuilder("bash", "-c", "sleep 60; true", "-Dturbo.home=" + root.toRealPath(),
        "org.hbaseturbo.cli.TurboMain").start();
    try {
      Run run = run();
      assertThat(run.exit()).as(run.output()).isZero();
      assertThat(run.output()).contains("not rebuilding under them", String.valueOf(running.pid()), "java ran");
      assertThat(builds()).as("Maven runs").isZero();
    } finally {
      running.descendants().forEach(ProcessHandle::destroy);
      running.destroy();
    }
  }

  /**
   * Stubs on the checkout's {@code bin}, first on the commands' {@code PATH}: Maven, which counts its runs and takes
   * {@code buildSeconds}; Java, which says it ran and with what; and the host's setup, which has nothing to do.
   */
  private void stubs(int buildSeconds) throws IOException {
    executable("bin/mvn", "#!/bin/sh\necho run >> \"" + root.resolve("builds") + "\"\nsleep " + buildSeconds + "\n");
    executable("bin/java", "#!/bin/sh\necho \"java ran: $*\"\n");
    executable("scripts/setup-host", "#!/bin/sh\nexit 0\n");
  }

  private void executable(String relative, String text) throws IOException {
    Path path = root.resolve(relative);
    Files.createDirectories(path.getParent());
    Files.writeString(path, text);
    path.toFile().setExecutable(true);
  }

  private long builds() throws IOException {
    Path builds = root.resolve("builds");
    return Files.exists(builds) ? Files.readAllLines(builds).size() : 0;
  }

  private Process start() throws IOException {
    ProcessBuilder command = new ProcessBuilder("./turbo", "--version").directory(root.toFile())
        .redirectErrorStream(true);
    command.environment().put("PATH", root.resolve("bin") + ":" + System.getenv("PATH"));
    return command.start();
  }

  private Run run() throws Exception {
    Process command = start();
    assertThat(command.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Run(command.exitValue(), output(command));
  }

  private static String output(Process command) throws IOException {
    return new String(command.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
  }

  /** A finished command: its exit status and its output, both streams. */
  private record Run(int exit, String output) {
  }

  private void file(String relative, Instant modified) throws IOException {
    Path path = root.resolve(relative);
    Files.createDirectories(path.getParent());
    if (!Files.exists(path)) {
      Files.createFile(path);
    }
    Files.setLastModifiedTime(path, FileTime.from(modified));
  }

  /** Sources the script, which then only defines its functions, and asks {@code stale}. */
  private boolean stale() throws Exception {
    String answer = sourced("if stale; then echo stale; else echo fresh; fi");
    assertThat(answer).isIn("stale", "fresh");
    return answer.equals("stale");
  }

  /** Sources the script, then runs {@code command}; its output. */
  private String sourced(String command) throws Exception {
    Process bash = new ProcessBuilder("bash", "-c", "source ./turbo && " + command).directory(root.toFile())
        .redirectErrorStream(true).start();
    assertThat(bash.waitFor(30, TimeUnit.SECONDS)).isTrue();
    String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(bash.exitValue()).as(output).isZero();
    return output;
  }
}

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
 * a build, never what runs write under the checkout. And the turbo commands it finds running from the checkout's
 * build, under which it does not rebuild.
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

package org.hbaseturbo.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A child JVM ends with the JVM that started it, however that one ends: here a parent JVM starts a child that would
 * run for ever (as a YCSB phase runs until its operations are done), and the test ends the parent.
 */
class TestChildJvm {
  /** Far above what a JVM takes to start here (about a second), so that only a hang reaches it. */
  private static final long START_SECONDS = 60;
  /**
   * Far above what a JVM takes to end on SIGTERM here (under a second), and below the watch's 30 s before its SIGKILL:
   * what only that SIGKILL ended fails the test.
   */
  private static final long END_SECONDS = 20;

  @Test
  void endsWhenItsParentGetsSigterm() throws Exception {
    assertChildEndsWhenItsParentEnds(ProcessHandle::destroy);
  }

  @Test
  void endsWhenItsParentGetsSigkill() throws Exception {
    assertChildEndsWhenItsParentEnds(ProcessHandle::destroyForcibly);
  }

  private static void assertChildEndsWhenItsParentEnds(Consumer<ProcessHandle> end) throws Exception {
    Process parent = new ProcessBuilder(ChildJvm.command(Parent.class, List.of()))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    List<ProcessHandle> started = List.of();
    try {
      started = awaitChild(parent);
      end.accept(parent.toHandle());
      assertThat(parent.waitFor(END_SECONDS, TimeUnit.SECONDS)).as("the parent ended").isTrue();
      assertThat(awaitEnd(started)).as("what the parent started, still running after it ended")
          .extracting(process -> process.pid() + " " + process.info().commandLine().orElse("?")).isEmpty();
    } finally {
      parent.toHandle().destroyForcibly();
      started.forEach(ProcessHandle::destroyForcibly);
    }
  }

  /**
   * Everything the parent runs once its child JVM runs: that JVM and whatever runs it. Polled: no event tells when a
   * process's grandchild starts, and this module may use no other (turbo-common's Await), as its pom says.
   */
  private static List<ProcessHandle> awaitChild(Process parent) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
    while (System.nanoTime() < deadline && parent.isAlive()) {
      List<ProcessHandle> descendants = parent.toHandle().descendants().toList();
      if (descendants.stream().anyMatch(TestChildJvm::runsSleeper)) {
        return descendants;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the parent started no child JVM within " + START_SECONDS + " s (alive: "
        + parent.isAlive() + ")");
  }

  private static boolean runsSleeper(ProcessHandle process) {
    return List.of(process.info().arguments().orElse(new String[0])).contains(Sleeper.class.getName());
  }

  /** Those of {@code processes} still running once all ended or {@link #END_SECONDS} passed. */
  private static List<ProcessHandle> awaitEnd(List<ProcessHandle> processes) throws Exception {
    try {
      CompletableFuture.allOf(processes.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new))
          .get(END_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException stillRunning) {
      // Reported below, by name.
    }
    return processes.stream().filter(ProcessHandle::isAlive).toList();
  }

  /** Starts a {@link Sleeper} through {@link ChildJvm} and waits for it, as a command waits for a YCSB phase. */
  static final class Parent {
    public static void main(String[] args) throws IOException {
      System.exit(ChildJvm.run(Sleeper.class, List.of()));
    }
  }

  /** Runs until it is ended. */
  static final class Sleeper {
    public static void main(String[] args) throws InterruptedException {
      new CountDownLatch(1).await();
    }
  }
}

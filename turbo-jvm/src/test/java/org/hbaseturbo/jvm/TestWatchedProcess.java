package org.hbaseturbo.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.hbaseturbo.jvm.WatchedProcess.EndOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watch's script at the edges of a command's life: a command that ends in its first milliseconds, and one stopped
 * as soon as it starts, each repeated, because what went wrong there was a race: the first form of the script, run
 * by dash, sometimes waited out its 30 s sleep before SIGKILL for a command that had already ended. And two commands
 * ended at once, in the order their lock gives.
 */
class TestWatchedProcess {
  private static final int ROUNDS = 20;
  /** Far above what a command that ends at once, or one that SIGTERM ends, takes; far below the watch's 30 s. */
  private static final long END_SECONDS = 10;

  @Test
  void endsWithACommandThatEndsAtOnceAndGivesItsStatus() throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      WatchedProcess watched = WatchedProcess.start(quiet(List.of("sh", "-c", "exit 7")));
      try {
        assertThat(endsWithin(watched)).as("round %d: the script ended with its command", round).isTrue();
        assertThat(watched.waitFor()).as("round %d: the command's status", round).isEqualTo(7);
      } finally {
        watched.stop();
      }
    }
  }

  @Test
  void aCommandStoppedAsItStartsEndsOnSigtermWithNothingLeftBehind() throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      // A length no other process here sleeps for: every process the script starts names it on its command line.
      String marker = "600." + ProcessHandle.current().pid() + round;
      WatchedProcess watched = WatchedProcess.start(quiet(List.of("sleep", marker)));
      watched.stop();
      assertThat(endsWithin(watched)).as("round %d: the script ended once its input did", round).isTrue();
      assertThat(watched.waitFor()).as("round %d: ended by SIGTERM (128 + 15)", round).isEqualTo(143);
      List<ProcessHandle> left = ProcessHandle.allProcesses()
          .filter(process -> process.info().commandLine().orElse("").contains(marker)).toList();
      left.forEach(ProcessHandle::destroyForcibly);
      assertThat(left).as("round %d: what the script started, still running after it ended", round)
          .extracting(process -> process.pid() + " " + process.info().commandLine().orElse("?")).isEmpty();
    }
  }

  /**
   * Two processes whose parents end at once, as when a launcher dies: the one that outlives the lock gets its SIGTERM
   * only after the one that holds it has ended, which takes it 2 s after its own SIGTERM (a RegionServer closing its
   * regions while HDFS must still serve them). Each records when its SIGTERM came or when it ended.
   */
  @Test
  void aProcessThatOutlivesALockGetsItsSigtermOnlyOnceItsHolderEnded(@TempDir Path dir) throws Exception {
    Path lock = dir.resolve("writers.lock");
    Path holderEnded = dir.resolve("holder-ended");
    Path outliverTermed = dir.resolve("outliver-termed");
    WatchedProcess holder = WatchedProcess.start(quiet(onTerm("sleep 2; date +%s%N > " + holderEnded)),
        EndOrder.holding(lock));
    WatchedProcess outliver = WatchedProcess.start(quiet(onTerm("date +%s%N > " + outliverTermed)),
        EndOrder.outliving(lock));
    // Both scripts running their commands, the lock taken, before their parent goes.
    Thread.sleep(500);
    outliver.stop();
    holder.stop();
    assertThat(endsWithin(outliver)).as("the outliver ended within %d s", END_SECONDS).isTrue();
    assertThat(endsWithin(holder)).isTrue();
    long held = Long.parseLong(Files.readString(holderEnded).strip());
    long termed = Long.parseLong(Files.readString(outliverTermed).strip());
    assertThat(termed).as("the outliver's SIGTERM (ns) against its holder's end").isGreaterThanOrEqualTo(held);
  }

  /** A shell that waits, and on SIGTERM runs {@code then} and exits 0. */
  private static List<String> onTerm(String then) {
    return List.of("bash", "-c", "trap '" + then + "; exit 0' TERM; while :; do sleep 0.1; done");
  }

  private static ProcessBuilder quiet(List<String> command) {
    return new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD);
  }

  private static boolean endsWithin(WatchedProcess watched) throws Exception {
    try {
      watched.onExit().get(END_SECONDS, TimeUnit.SECONDS);
      return true;
    } catch (TimeoutException stillRunning) {
      return false;
    }
  }
}

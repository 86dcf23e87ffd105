package org.hbaseturbo.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * The watch's script at the edges of a command's life: a command that ends in its first milliseconds, and one stopped
 * as soon as it starts. Each is repeated, because what went wrong there was a race: the first form of the script, run
 * by dash, sometimes waited out its 30 s sleep before SIGKILL for a command that had already ended.
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

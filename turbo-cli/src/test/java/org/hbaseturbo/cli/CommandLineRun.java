package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.hbaseturbo.common.Await;

/** One in-process run of the turbo command line, with what it printed. */
record CommandLineRun(int exitCode, String out, String err) {
  /** How long a started run may take to print what a test waits for: far above what a command takes here. */
  private static final Duration PRINT_TIMEOUT = Duration.ofMinutes(1);

  static CommandLineRun of(String... args) {
    return run(args, new StringWriter());
  }

  /** A run in a thread of its own, whose output a test can watch while it runs. */
  static Started start(String... args) {
    StringWriter out = new StringWriter();
    return new Started(CompletableFuture.supplyAsync(() -> run(args, out)), out);
  }

  private static CommandLineRun run(String[] args, StringWriter out) {
    StringWriter err = new StringWriter();
    int exit = TurboMain.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new CommandLineRun(exit, out.toString(), err.toString());
  }

  /**
   * Asserts that the run exited 0. Its failure names the exit code and stderr before stdout: where a report keeps only
   * the start of a long message (CI's does), the cause is in it.
   */
  void assertSucceeded() {
    assertThat(exitCode).as(this::failure).isZero();
  }

  private String failure() {
    return "turbo exited with " + exitCode + "; stderr:\n" + err + "\nstdout:\n" + out;
  }

  /** A run under way, and what it printed on stdout so far (a StringWriter is thread-safe). */
  record Started(CompletableFuture<CommandLineRun> run, StringWriter out) {
    /** Returns once it has printed {@code text}; fails at once if it ended without printing it. */
    void awaitPrinted(String text) throws IOException {
      Await.until(PRINT_TIMEOUT, "turbo to print '" + text + "'", () -> {
        if (out.toString().contains(text)) {
          return true;
        }
        if (run.isDone()) {
          CommandLineRun ended = run.join();
          throw new IOException("before it printed '" + text + "', " + ended.failure());
        }
        return false;
      });
    }
  }

  /**
   * The house rule for bad input: exit code 2, exactly one line on stderr (the given one, unless null), no stack
   * trace, nothing on stdout.
   */
  static void assertRefused(CommandLineRun run, String expectedLine) {
    assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(TurboMain.EXIT_BAD_INPUT);
    assertThat(run.err().lines()).hasSize(1);
    if (expectedLine != null) {
      assertThat(run.err().strip()).isEqualTo(expectedLine);
    }
    assertThat(run.err()).doesNotContain("\tat ", "Exception");
    assertThat(run.out()).isEmpty();
  }
}

package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the turbo command line, with what it printed. */
record CommandLineRun(int exitCode, String out, String err) {
  static CommandLineRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = TurboMain.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new CommandLineRun(exit, out.toString(), err.toString());
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

package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hbaseturbo.cli.CommandLineRun.assertRefused;

import org.junit.jupiter.api.Test;

/** Options renamed when durations took units are read as their new names, and the user is told. */
class TestRenamedOptions {
  @Test
  void oldNamesAreReadAsTheNewOnesInBothFormsUpToTheEndOfOptions() {
    RenamedOptions renamed = RenamedOptions.of(new String[] {"bench", "fastpath", "--run-seconds", "5",
        "--warmup-quiet-seconds=3", "--runs", "2", "--", "--phase-seconds"});

    assertThat(renamed.args()).containsExactly("bench", "fastpath", "--run-time", "5", "--warmup-quiet=3", "--runs",
        "2", "--", "--phase-seconds");
    assertThat(renamed.note()).hasValue("--run-seconds is read as --run-time, --warmup-quiet-seconds is read as"
        + " --warmup-quiet, their names since 2026-11-30");
  }

  @Test
  void aLineWithoutOldNamesIsLeftAsItIs() {
    String[] given = {"bench", "fastpath", "--run-time", "5s", "--runs", "2"};

    RenamedOptions renamed = RenamedOptions.of(given);

    assertThat(renamed.args()).containsExactly(given);
    assertThat(renamed.note()).isEmpty();
  }

  @Test
  void aValueRefusedUnderAnOldNameIsRefusedOnOneLineThatSaysWhichNameItWasReadAs() {
    CommandLineRun run = CommandLineRun.of("bench", "fastpath", "--run-seconds", "0");

    assertRefused(run, "turbo: --run-time must be between 1s and 1h, was 0s (see 'turbo bench fastpath --help';"
        + " --run-seconds is read as --run-time, its name since 2026-11-30)");
  }
}

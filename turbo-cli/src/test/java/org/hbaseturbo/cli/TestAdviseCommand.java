package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.hbaseturbo.advisor.TrialPlan;
import org.hbaseturbo.advisor.WarmUp;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class TestAdviseCommand {
  @Test
  void measuresQuicklyByDefaultThoroughlyOnRequestAndAsToldWhereTold() {
    assertThat(plan()).isEqualTo(TrialPlan.QUICK)
        .isEqualTo(new TrialPlan(3, 0, 3, new WarmUp(3, Duration.ofSeconds(10))));
    assertThat(plan("--thorough")).isEqualTo(TrialPlan.THOROUGH)
        .isEqualTo(new TrialPlan(3, 4, 5, new WarmUp(3, Duration.ofSeconds(20))));
    assertThat(plan("--thorough", "--run-off-jvms", "0", "--warmup-time", "30s"))
        .isEqualTo(new TrialPlan(3, 0, 5, new WarmUp(3, Duration.ofSeconds(30))));
    assertThat(plan("--jvms", "1", "--repeats", "7")).isEqualTo(new TrialPlan(1, 0, 7, TrialPlan.QUICK.warmUp()));
  }

  @Test
  void anApplyTimeoutUnderAMinuteIsRefusedBeforeAnythingStarts() {
    CommandLineRun run = CommandLineRun.of("compress", "advise", "--table", "t", "--apply", "--apply-timeout", "59s");

    assertThat(run.exitCode()).isEqualTo(TurboMain.EXIT_BAD_INPUT);
    assertThat(run.err().strip()).isEqualTo("turbo: --apply-timeout must be between 1m and 7d, was 59s (see"
        + " 'turbo compress advise --help')");
  }

  private static TrialPlan plan(String... options) {
    AdviseCommand command = new AdviseCommand();
    String[] args = new String[options.length + 2];
    args[0] = "--table";
    args[1] = "t";
    System.arraycopy(options, 0, args, 2, options.length);
    new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true).parseArgs(args);
    return command.plan();
  }
}

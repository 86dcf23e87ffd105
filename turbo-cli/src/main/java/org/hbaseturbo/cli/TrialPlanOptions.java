package org.hbaseturbo.cli;

import java.time.Duration;
import org.hbaseturbo.advisor.TrialPlan;
import org.hbaseturbo.advisor.WarmUp;
import picocli.CommandLine.Option;

/**
 * How {@code bench advisor} has the advisor measure; its defaults are {@code compress advise --thorough}'s
 * ({@link TrialPlan#THOROUGH}); {@code compress advise} builds its plan, from its own options, with
 * {@link #plan(int, int, int, Duration)}.
 */
final class TrialPlanOptions {
  @Range(min = 1, max = 100)
  @Option(names = "--jvms", paramLabel = "N", defaultValue = "" + TrialPlan.THOROUGH_JVMS,
      description = "Measuring JVMs, one after another, each warming up and timing every option anew; an option's"
          + " speeds are the median over the JVMs, as what the JIT makes of the code differs from one JVM to the"
          + " next (1 to 100; default: ${DEFAULT-VALUE}).")
  int jvms;

  @Range(min = 0, max = 100)
  @Option(names = "--run-off-jvms", paramLabel = "N", defaultValue = "" + TrialPlan.THOROUGH_RUN_OFF_JVMS,
      description = "Further measuring JVMs for the finalists only: each objective's choice and the options too"
          + " close to call with it, behind it by no more than the --jvms JVMs disagree about the two; the choices"
          + " are then made from the finalists' medians over all the JVMs. 0 for no run-off (0 to 100; default:"
          + " ${DEFAULT-VALUE}).")
  int runOffJvms;

  @Range(min = 1, max = 1_000)
  @Option(names = "--repeats", paramLabel = "N", defaultValue = "" + TrialPlan.THOROUGH_REPEATS,
      description = "Timed passes per JVM, each writing and reading every option once, in an order of its own;"
          + " a JVM's speeds are the median pass (1 to 1,000; default: ${DEFAULT-VALUE}).")
  int repeats;

  @DurationRange(min = "0s", max = "1h")
  @Option(names = "--warmup-time", paramLabel = "DURATION", defaultValue = WarmUp.DEFAULT_MIN_SECONDS + "s",
      converter = DurationArgument.Seconds.class,
      description = "Untimed passes over every option first in each JVM, for at least this long and "
          + WarmUp.DEFAULT_MIN_PASSES + " passes, so that the encoders and codecs are timed compiled by the JIT; a"
          + " number alone is seconds (0s to 1h; default: ${DEFAULT-VALUE}).")
  DurationArgument warmupTime;

  TrialPlan plan() {
    return plan(jvms, runOffJvms, repeats, warmupTime.duration());
  }

  /** The plan these option values give (the command line has refused numbers outside their {@link Range}). */
  static TrialPlan plan(int jvms, int runOffJvms, int repeats, Duration warmupTime) {
    return new TrialPlan(jvms, runOffJvms, repeats, WarmUp.DEFAULT.withMinTime(warmupTime));
  }
}

package org.hbaseturbo.cli;

import java.time.Duration;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.advisor.WarmUp;
import org.hbaseturbo.advisor.TrialPlan;
import picocli.CommandLine.Option;

/**
 * How {@code bench advisor} has the advisor measure; its defaults are {@code compress advise --thorough}'s
 * ({@link TrialPlan#THOROUGH}), and {@code compress advise} validates its own options with {@link #plan(int, int, int,
 * int)}.
 */
final class TrialPlanOptions {
  @Option(names = "--jvms", paramLabel = "N", defaultValue = "" + TrialPlan.THOROUGH_JVMS,
      description = "Measuring JVMs, one after another, each warming up and timing every option anew; an option's"
          + " speeds are the median over the JVMs, as what the JIT makes of the code differs from one JVM to the"
          + " next (default: ${DEFAULT-VALUE}).")
  int jvms;

  @Option(names = "--run-off-jvms", paramLabel = "N", defaultValue = "" + TrialPlan.THOROUGH_RUN_OFF_JVMS,
      description = "Further measuring JVMs for the finalists only: each objective's choice and the options too"
          + " close to call with it, behind it by no more than the --jvms JVMs disagree about the two; the choices"
          + " are then made from the finalists' medians over all the JVMs. 0 for no run-off (default:"
          + " ${DEFAULT-VALUE}).")
  int runOffJvms;

  @Option(names = "--repeats", paramLabel = "N", defaultValue = "" + TrialPlan.THOROUGH_REPEATS,
      description = "Timed passes per JVM, each writing and reading every option once, in an order of its own;"
          + " a JVM's speeds are the median pass (default: ${DEFAULT-VALUE}).")
  int repeats;

  @Option(names = "--warmup-seconds", paramLabel = "S", defaultValue = "" + WarmUp.DEFAULT_MIN_SECONDS,
      description = "Untimed passes over every option first in each JVM, for at least S seconds and "
          + WarmUp.DEFAULT_MIN_PASSES + " passes, so that the encoders and codecs are timed compiled by the JIT"
          + " (default: ${DEFAULT-VALUE}).")
  int warmupSeconds;

  /** The plan the options give; refuses, naming the option, a number out of range. */
  TrialPlan plan() {
    return plan(jvms, runOffJvms, repeats, warmupSeconds);
  }

  /** The plan these option values give; refuses, naming the option, a number out of range. */
  static TrialPlan plan(int jvms, int runOffJvms, int repeats, int warmupSeconds) {
    if (jvms < 1) {
      throw new InvalidInputException("--jvms must be at least 1, was " + jvms);
    }
    if (runOffJvms < 0) {
      throw new InvalidInputException("--run-off-jvms must be at least 0, was " + runOffJvms);
    }
    if (repeats < 1) {
      throw new InvalidInputException("--repeats must be at least 1, was " + repeats);
    }
    if (warmupSeconds < 0) {
      throw new InvalidInputException("--warmup-seconds must be at least 0, was " + warmupSeconds);
    }
    return new TrialPlan(jvms, runOffJvms, repeats, WarmUp.DEFAULT.withMinTime(Duration.ofSeconds(warmupSeconds)));
  }
}

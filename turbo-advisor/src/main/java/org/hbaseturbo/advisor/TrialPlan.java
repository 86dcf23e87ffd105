package org.hbaseturbo.advisor;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * How many times the advisor measures every option, and where: {@code jvms} measuring JVMs one after another,
 * each warming up as {@code warmUp} says and then running {@code repeats} timed passes; an option's speed is the
 * median over the JVMs of each JVM's median pass.
 *
 * <p>Several JVMs because the speeds one JVM measures depend on what its JIT made of the code, and that differs
 * from one JVM to the next more than the better options differ: on the same 5,000 text rows, one of four JVMs read
 * every ZSTD option about a third faster than the other three did, and a JVM's best balanced option was often not the
 * next JVM's. Passes within one JVM cannot average that out; JVMs can, as JMH's forks do.
 *
 * <p>The options close to each choice are then measured again in {@code runOffJvms} more JVMs (a run-off, see
 * {@link Measurement}): more JVMs narrow the median, and measuring only the few close options keeps that cheap.
 *
 * @param jvms measuring JVMs, each cold, that measure every option
 * @param runOffJvms further JVMs that measure only the finalists; 0 for none
 * @param repeats timed passes per JVM, each writing and reading every option once, in an order of its own
 * @param warmUp the untimed passes over every option before the timed ones, in each JVM
 */
public record TrialPlan(int jvms, int runOffJvms, int repeats, WarmUp warmUp) {
  /**
   * {@link #THOROUGH}'s numbers, as constants for command line defaults: three JVMs of five timed passes each (after
   * {@link WarmUp#DEFAULT}), then four more for the finalists, whose medians are then over seven.
   */
  public static final int THOROUGH_JVMS = 3;
  public static final int THOROUGH_RUN_OFF_JVMS = 4;
  public static final int THOROUGH_REPEATS = 5;
  /**
   * {@code compress advise --thorough}, and {@code bench advisor}'s measurement, which checked it: with it the
   * benchmark's choices were within 5% of the best option on every family and objective in two full runs (README).
   * {@code compress advise} took 3 min 51 s with it on 20,000 YCSB rows on 2 cores.
   */
  public static final TrialPlan THOROUGH = new TrialPlan(THOROUGH_JVMS, THOROUGH_RUN_OFF_JVMS, THOROUGH_REPEATS,
      WarmUp.DEFAULT);

  /**
   * {@link #QUICK}'s numbers: three JVMs, the fewest whose median leaves one odd JVM out; each warms up for half
   * {@link WarmUp#DEFAULT}'s time and times three passes; no run-off, as each JVM costs mostly its warm-up.
   */
  public static final int QUICK_JVMS = 3;
  public static final int QUICK_RUN_OFF_JVMS = 0;
  public static final int QUICK_REPEATS = 3;
  public static final int QUICK_WARMUP_SECONDS = 10;
  /**
   * {@code compress advise}'s default, for an answer in about a minute: a 5,000-row sample of YCSB data takes some
   * 2 s per pass of all 30 options on 2 cores, so each JVM some 20 s; the whole command took 66 s on 20,000 YCSB rows
   * with the 2 cores shared with other work. Its choices are less settled than {@link #THOROUGH}'s, and the reasons
   * say which options it could not tell apart.
   */
  public static final TrialPlan QUICK = new TrialPlan(QUICK_JVMS, QUICK_RUN_OFF_JVMS, QUICK_REPEATS,
      WarmUp.DEFAULT.withMinTime(Duration.ofSeconds(QUICK_WARMUP_SECONDS)));

  public TrialPlan {
    requireNonNull(warmUp, "warmUp is null");
    if (jvms < 1) {
      throw new IllegalArgumentException("measuring JVMs must be at least 1, was " + jvms);
    }
    if (runOffJvms < 0) {
      throw new IllegalArgumentException("run-off JVMs must be at least 0, was " + runOffJvms);
    }
    if (repeats < 1) {
      throw new IllegalArgumentException("timed passes must be at least 1, was " + repeats);
    }
  }

  /**
   * For progress lines and reports: "3 JVMs, each 5 timed passes after untimed ones (at least 3 passes and 20 s),
   * then the finalists in 4 more".
   */
  public String description() {
    return jvms + (jvms == 1 ? " JVM, " : " JVMs, each ") + repeats + (repeats == 1 ? " timed pass" : " timed passes")
        + " after untimed ones (" + warmUp.description() + ")"
        + (runOffJvms == 0 ? "" : ", then the finalists in " + runOffJvms + " more");
  }
}

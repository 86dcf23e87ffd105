package org.hbaseturbo.bench.ycsb;

import java.io.IOException;
import java.util.OptionalLong;

/**
 * Warms a cluster's RegionServers up before a measured run: runs the workload unmeasured, again and again, until the
 * servers' JIT compilers have gone quiet over a whole run, within a bound. A run measured on servers that still
 * compile their hot path shares the cores with the compiler: {@code bench pcm}'s 10 s runs, each on a cluster that
 * had just started, measured 1,283-1,477 us of server CPU per cached Get (results/pcm/rounds-2026-11-29), and the
 * same defaults on two clusters in the same rounds differed by up to 36%. One warm-up run of a fixed length cannot
 * say when that is over; the servers' compile time, read over the stats endpoint, can.
 */
public final class ServerWarmUp {
  /**
   * Compiling per RegionServer JVM per second of a run under which the servers count as warm: as for the client
   * ({@link JitQuiet#QUIET_MS_PER_WINDOW}), 2% of one compiler thread.
   */
  static final double QUIET_MS_PER_SECOND = JitQuiet.QUIET_MS_PER_WINDOW * 1000.0 / JitQuiet.WINDOW_MS;

  /** One unmeasured run of the workload; {@code number} counts from 1. */
  @FunctionalInterface
  public interface Run {
    PhaseResult run(int number) throws IOException;
  }

  /**
   * How a warm-up ended.
   *
   * @param runs the unmeasured runs it took
   * @param quiet whether the servers' compilers went quiet within the bound; null where the servers do not tell
   *     their compile time (no stats endpoint, or an older server jar): then one run is all it takes
   * @param lastRunCompileMsPerSecond milliseconds the servers compiled per JVM per second of the last run; null
   *     where they do not tell
   */
  public record Outcome(int runs, Boolean quiet, Double lastRunCompileMsPerSecond) {
    /** "warm after 2 runs (the servers compiled 3.1 ms/s per JVM in the last)", or why it is not known. */
    public String describe() {
      String counted = runs + " run" + (runs == 1 ? "" : "s");
      if (quiet == null) {
        return "warmed by " + counted + "; the servers do not tell their JIT's compile time";
      }
      String last = String.format("the servers compiled %.1f ms/s per JVM in the last", lastRunCompileMsPerSecond);
      return quiet ? "warm after " + counted + " (" + last + ")"
          : "not quiet after " + counted + " (" + last + "); measured anyway";
    }
  }

  private ServerWarmUp() {
  }

  /** Runs {@code run} until the servers compiled under {@link #QUIET_MS_PER_SECOND} over one, at most {@code max}. */
  public static Outcome untilQuiet(int max, Run run) throws IOException {
    if (max < 1) {
      throw new IllegalArgumentException("at least one warm-up run, not " + max);
    }
    Double rate = null;
    for (int number = 1; number <= max; number++) {
      rate = compileMsPerSecond(run.run(number));
      if (rate == null) {
        return new Outcome(number, null, null);
      }
      if (rate < QUIET_MS_PER_SECOND) {
        return new Outcome(number, true, rate);
      }
    }
    return new Outcome(max, false, rate);
  }

  /**
   * Milliseconds the servers compiled per JVM per second of {@code result}; null where they do not tell.
   */
  public static Double compileMsPerSecond(PhaseResult result) {
    if (result.server() == null || result.server().processes() == 0 || result.runtimeMs() <= 0) {
      return null;
    }
    OptionalLong compiled = result.server().jitCompileMillis();
    if (compiled.isEmpty()) {
      return null;
    }
    return compiled.getAsLong() * 1000.0 / result.runtimeMs() / result.server().processes();
  }
}

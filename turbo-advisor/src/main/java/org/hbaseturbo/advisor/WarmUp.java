package org.hbaseturbo.advisor;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * How a speed measurement warms up: untimed passes over every subject until at least {@code minPasses} passes
 * have run and at least {@code minTime} has gone by, both. The JIT needs the hot code run often enough and then
 * the wall time for its compiler threads to compile it, on a shared machine while they compete with the
 * measured code and other work for the cores; a fixed number of passes gives a small input too little of both.
 *
 * @param minPasses passes run however long they take
 * @param minTime time the passes take at the least; the pass that reaches it is the last
 */
public record WarmUp(int minPasses, Duration minTime) {
  /** {@link #DEFAULT}'s minimums, as constants for command line defaults. */
  public static final int DEFAULT_MIN_PASSES = 3;
  public static final int DEFAULT_MIN_SECONDS = 20;
  /**
   * Three passes and 20 s. On the compression benchmark's 20,000 sensor rows (15 MB of 64 KiB blocks, a pass of
   * all seven codecs about 1 s at their measured speeds), on the 2-core machine shared with other builds,
   * aircompressor's ZSTD compressed at about half its later speed over its first seven passes, and five untimed
   * passes left it at 1.55 times GZ's speed where probes that had run longer measured 2.5 to 2.7 times. 20 s is
   * some 15 such passes; a smaller input gets more, a larger one at least three.
   */
  public static final WarmUp DEFAULT = new WarmUp(DEFAULT_MIN_PASSES, Duration.ofSeconds(DEFAULT_MIN_SECONDS));

  public WarmUp {
    requireNonNull(minTime, "minTime is null");
    if (minPasses < 0) {
      throw new IllegalArgumentException("minimum warm-up passes must be at least 0, was " + minPasses);
    }
    if (minTime.isNegative()) {
      throw new IllegalArgumentException("minimum warm-up time must not be negative, was " + minTime);
    }
  }

  /** This policy with another minimum time and the same minimum passes. */
  public WarmUp withMinTime(Duration time) {
    return new WarmUp(minPasses, time);
  }

  /** One untimed pass over every subject. */
  @FunctionalInterface
  public interface Pass {
    /** @param number 1 for the first pass */
    void run(int number) throws IOException;
  }

  /**
   * Runs {@code pass} until both minimums are met.
   *
   * @return the passes run
   */
  public int run(Pass pass) throws IOException {
    return run(pass, System::nanoTime);
  }

  int run(Pass pass, LongSupplier nanoClock) throws IOException {
    long start = nanoClock.getAsLong();
    int passes = 0;
    while (passes < minPasses || nanoClock.getAsLong() - start < minTime.toNanos()) {
      pass.run(++passes);
    }
    return passes;
  }

  /** For progress lines and reports: "at least 3 passes and 20 s". */
  public String description() {
    long millis = minTime.toMillis();
    return "at least " + minPasses + (minPasses == 1 ? " pass and " : " passes and ")
        + (millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms");
  }
}

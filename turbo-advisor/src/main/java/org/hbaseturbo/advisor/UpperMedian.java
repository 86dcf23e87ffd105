package org.hbaseturbo.advisor;

import java.util.Arrays;

/**
 * The median the codec and advisor measurements report: the middle value, and of an even number of values the
 * upper of the two middle ones, a value that was measured rather than an average of two. The benchmarks' own
 * summaries (turbo-bench {@code Medians}) average the two middle ones instead; figures already published from
 * either were computed this way, so the two stay apart.
 */
public final class UpperMedian {
  private UpperMedian() {
  }

  /** @param values at least one */
  public static double of(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values to take the median of");
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}

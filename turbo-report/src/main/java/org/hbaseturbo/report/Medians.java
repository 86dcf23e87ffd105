package org.hbaseturbo.report;

import java.util.Collection;
import java.util.function.ToDoubleFunction;

/** Medians of repeated runs: robust to the one run a noisy shared machine spoils. */
public final class Medians {
  private Medians() {
  }

  public static <T> double of(Collection<T> runs, ToDoubleFunction<T> metric) {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("no runs to take a median of");
    }
    double[] values = runs.stream().mapToDouble(metric).sorted().toArray();
    int middle = values.length / 2;
    return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  }
}

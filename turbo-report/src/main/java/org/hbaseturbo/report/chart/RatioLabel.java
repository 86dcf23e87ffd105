package org.hbaseturbo.report.chart;

import java.util.Locale;

/** How a ratio to the baseline is written on a bar or beside a point: "1.42x", "0.74x", "14.3x". */
public final class RatioLabel {
  /** The baseline's own label: it is the reference, not a measurement of a ratio. */
  public static final String BASELINE = "1x";

  private RatioLabel() {
  }

  /**
   * Two decimals below 10, one from 10: the tables print three, which a chart has no room for, and a ratio read off
   * a chart is not read closer than a percent.
   */
  public static String of(double ratio) {
    if (!Double.isFinite(ratio) || ratio < 0) {
      throw new IllegalArgumentException("a ratio must be finite and not negative: " + ratio);
    }
    return String.format(Locale.ROOT, ratio >= 9.995 ? "%.1fx" : "%.2fx", ratio);
  }
}

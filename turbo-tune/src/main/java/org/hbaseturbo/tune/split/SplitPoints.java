package org.hbaseturbo.tune.split;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;

/** Where to split a table so that each region holds an equal share of a sample of its keys. */
public final class SplitPoints {
  private SplitPoints() {
  }

  /**
   * The keys that cut {@code sample} into {@code regions} equally full parts: up to {@code regions - 1} of them,
   * increasing; fewer where the sample has too few distinct keys (two equal quantiles make one point).
   *
   * @param sample keys in any order, none empty (the empty key is every table's first region's start)
   */
  public static List<byte[]> quantiles(List<byte[]> sample, int regions) {
    if (regions < 1) {
      throw new IllegalArgumentException("regions must be at least 1, was " + regions);
    }
    List<byte[]> sorted = new ArrayList<>(sample);
    sorted.sort(Bytes.BYTES_COMPARATOR);
    List<byte[]> points = new ArrayList<>();
    if (sorted.isEmpty()) {
      return points;
    }
    for (int region = 1; region < regions; region++) {
      byte[] point = sorted.get((int) ((long) region * sorted.size() / regions));
      if (points.isEmpty() || Bytes.compareTo(points.get(points.size() - 1), point) < 0) {
        points.add(point);
      }
    }
    return points;
  }
}

package org.hbaseturbo.report.chart;

import java.util.List;

/**
 * A variant's measured points on two value axes (throughput and latency, one point per client count), joined in
 * the order given, each with the label written beside it.
 */
public record PointSeries(String name, List<Point> points) {
  public PointSeries {
    points = List.copyOf(points);
  }

  /** @param label written beside the point; empty for none */
  public record Point(double x, double y, String label) {
  }
}

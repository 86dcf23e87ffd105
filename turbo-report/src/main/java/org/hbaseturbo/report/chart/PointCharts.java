package org.hbaseturbo.report.chart;

import java.util.List;
import org.hbaseturbo.report.chart.ChartLabels.Placement;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

/**
 * Lines through measured points on two value axes, as the Prepared Scan paper's Figure 2a draws throughput against
 * latency: a line per variant, a point per client count, each written with its label.
 */
public final class PointCharts {
  private static final int WIDTH = 560;
  private static final int HEIGHT = 460;
  /** Beyond the highest value on each axis: room for the labels right of and above the last points. */
  private static final double X_HEADROOM = 1.4;
  private static final double Y_HEADROOM = 1.15;

  private PointCharts() {
  }

  /** The highest values the axes must show. */
  public record Top(double x, double y) {
    /** The highest x and y of every point of every panel: one scale for panels side by side. */
    public static Top of(List<List<PointSeries>> panels) {
      List<PointSeries.Point> points = panels.stream().flatMap(List::stream).flatMap(line -> line.points().stream())
          .toList();
      return new Top(points.stream().mapToDouble(PointSeries.Point::x).max().orElse(0),
          points.stream().mapToDouble(PointSeries.Point::y).max().orElse(0));
    }
  }

  /** Both axes from 0 to {@code top}, with room for the labels. */
  public static XYChart lines(String title, String xAxis, String yAxis, List<PointSeries> series, Top top) {
    if (series.stream().allMatch(line -> line.points().isEmpty())) {
      throw new IllegalArgumentException("a chart needs at least one point");
    }
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xAxis)
        .yAxisTitle(yAxis).build();
    ChartStyle.apply(chart.getStyler());
    chart.getStyler().setChartTitleVisible(!title.isEmpty());
    chart.getStyler().setXAxisMin(0.0).setXAxisMax(top.x() * X_HEADROOM);
    chart.getStyler().setYAxisMin(0.0).setYAxisMax(top.y() * Y_HEADROOM);
    ChartLabels labels = new ChartLabels();
    for (PointSeries line : series) {
      if (line.points().isEmpty()) {
        continue;
      }
      XYSeries drawn = chart.addSeries(line.name(), line.points().stream().map(PointSeries.Point::x).toList(),
          line.points().stream().map(PointSeries.Point::y).toList());
      ChartStyle.line(drawn);
      line.points().forEach(point -> labels.add(point.label(), point.x(), point.y(), Placement.RIGHT));
    }
    chart.addAnnotation(labels);
    return chart;
  }
}

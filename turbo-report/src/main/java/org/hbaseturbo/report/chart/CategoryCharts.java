package org.hbaseturbo.report.chart;

import java.util.Arrays;
import java.util.List;
import org.hbaseturbo.report.chart.ChartLabels.Placement;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.CategorySeries.CategorySeriesRenderStyle;

/**
 * Charts over categories (schemas, workloads, client counts, value sizes): grouped bars, a bar per variant in each
 * category, or a line per variant across them; every bar and point written with its label (its ratio to the
 * baseline). A chart is as wide as its labels need: no label covers its neighbour's.
 */
public final class CategoryCharts {
  /** The share of a category its bars fill; the rest separates one category from the next. */
  static final double FILL = 0.8;
  /** Above the highest value: room for its label. */
  private static final double HEADROOM = 1.15;
  private static final int HEIGHT = 460;
  /** What a chart takes beside its plot: the value axis, its title and ticks, and padding. */
  private static final int BESIDE_PLOT = 130;
  private static final int MIN_WIDTH = 360;
  /** Pixels between the labels of two neighbouring bars. */
  private static final int LABEL_GAP = 10;

  private CategoryCharts() {
  }

  /** Grouped bars, the value axis from 0 to the grid's highest value. */
  public static CategoryChart bars(String title, String yAxis, CategoryGrid grid) {
    return bars(title, yAxis, grid, grid.max());
  }

  /**
   * Grouped bars, the value axis from 0 to {@code top} (panels that share one scale). Where each category holds one
   * series only, the categories name the variants, and each is one full-width bar.
   */
  public static CategoryChart bars(String title, String yAxis, CategoryGrid grid, double top) {
    requireValues(grid);
    boolean single = grid.onePerCategory();
    int slots = single ? 1 : grid.series().size();
    int barWidth = widestLabel(grid) + LABEL_GAP;
    int perCategory = Math.max((int) Math.ceil(slots * barWidth / FILL), widestCategory(grid) + 2 * LABEL_GAP);
    CategoryChart chart = chart(title, yAxis, grid, perCategory, top);
    chart.getStyler().setAvailableSpaceFill(FILL);
    chart.getStyler().setOverlapped(single);
    ChartLabels labels = new ChartLabels();
    List<String> series = grid.series();
    for (int s = 0; s < series.size(); s++) {
      String name = series.get(s);
      List<Double> values = grid.values(name);
      ChartStyle.colour(chart.addSeries(name, grid.categories(), values));
      for (int c = 0; c < values.size(); c++) {
        if (values.get(c) != null) {
          labels.add(grid.label(grid.categories().get(c), name), barCentre(c, single ? 0 : s, slots), values.get(c),
              Placement.ABOVE);
        }
      }
    }
    chart.addAnnotation(labels);
    return chart;
  }

  /**
   * One bar per category, its parts (the series) stacked in the order given, the bar labelled above its top with the
   * label of its topmost part.
   */
  public static CategoryChart stacked(String title, String yAxis, CategoryGrid grid) {
    requireValues(grid);
    int perCategory = Math.max((int) Math.ceil((widestLabel(grid) + LABEL_GAP) / FILL),
        widestCategory(grid) + 2 * LABEL_GAP);
    List<String> categories = grid.categories();
    double[] tops = new double[categories.size()];
    String[] topLabels = new String[categories.size()];
    for (String name : grid.series()) {
      List<Double> values = grid.values(name);
      for (int c = 0; c < values.size(); c++) {
        if (values.get(c) != null) {
          tops[c] += values.get(c);
          topLabels[c] = grid.label(categories.get(c), name);
        }
      }
    }
    CategoryChart chart = chart(title, yAxis, grid, perCategory, Arrays.stream(tops).max().orElse(0));
    chart.getStyler().setAvailableSpaceFill(FILL);
    chart.getStyler().setStacked(true);
    for (String name : grid.series()) {
      ChartStyle.colour(chart.addSeries(name, categories, grid.values(name)));
    }
    ChartLabels labels = new ChartLabels();
    for (int c = 0; c < categories.size(); c++) {
      labels.add(topLabels[c], c + 0.5, tops[c], Placement.ABOVE);
    }
    chart.addAnnotation(labels);
    return chart;
  }

  /**
   * Lines across the categories, one per series, each point labelled beside it: the first to its left, where no
   * line runs, the others to their right. The baseline's points are left without their "1x": a line of them would
   * say nothing the legend does not, and crowd the labels that do.
   */
  public static CategoryChart lines(String title, String xAxis, String yAxis, CategoryGrid grid, double top) {
    requireValues(grid);
    // A category holds its points in the middle and their labels to their right, so half of it is label.
    int perCategory = Math.max(2 * (widestLabel(grid) + LABEL_GAP), widestCategory(grid) + 2 * LABEL_GAP);
    CategoryChart chart = chart(title, yAxis, grid, perCategory, top);
    chart.setXAxisTitle(xAxis);
    chart.getStyler().setDefaultSeriesRenderStyle(CategorySeriesRenderStyle.Line);
    // Overlapped: every series' point of a category at its middle, not side by side as bars are.
    chart.getStyler().setOverlapped(true);
    ChartLabels labels = new ChartLabels();
    for (String name : grid.series()) {
      List<Double> values = grid.values(name);
      CategorySeries series = chart.addSeries(name, grid.categories(), values);
      ChartStyle.line(series);
      for (int c = 0; c < values.size(); c++) {
        String label = grid.label(grid.categories().get(c), name);
        if (values.get(c) != null && !label.equals(RatioLabel.BASELINE)) {
          labels.add(label, c + 0.5, values.get(c), c == 0 ? Placement.LEFT : Placement.RIGHT);
        }
      }
    }
    chart.addAnnotation(labels);
    return chart;
  }

  /**
   * The middle of a bar in the category axis' own values, where XChart 3.8's bar plot draws it: category c spans
   * [c, c + 1], its bars fill {@link #FILL} of that, centred, one slot per series in the order they were added.
   */
  static double barCentre(int category, int series, int slots) {
    return category + (1 - FILL) / 2 + (series + 0.5) * FILL / slots;
  }

  private static CategoryChart chart(String title, String yAxis, CategoryGrid grid, int perCategory, double top) {
    int plot = perCategory * grid.categories().size();
    CategoryChart chart = new CategoryChartBuilder().width(Math.max(MIN_WIDTH, plot + BESIDE_PLOT)).height(HEIGHT)
        .title(title).yAxisTitle(yAxis).build();
    ChartStyle.apply(chart.getStyler());
    chart.getStyler().setChartTitleVisible(!title.isEmpty());
    chart.getStyler().setYAxisMin(0.0);
    if (top > 0) {
      chart.getStyler().setYAxisMax(top * HEADROOM);
    }
    return chart;
  }

  private static int widestLabel(CategoryGrid grid) {
    int widest = 0;
    for (String category : grid.categories()) {
      for (String series : grid.series()) {
        widest = Math.max(widest, ChartStyle.width(ChartStyle.LABEL_FONT, grid.label(category, series)));
      }
    }
    return widest;
  }

  private static int widestCategory(CategoryGrid grid) {
    return grid.categories().stream().mapToInt(category -> ChartStyle.width(ChartStyle.TICK_FONT, category)).max()
        .orElse(0);
  }

  private static void requireValues(CategoryGrid grid) {
    if (grid.isEmpty()) {
      throw new IllegalArgumentException("a chart needs at least one value");
    }
  }
}

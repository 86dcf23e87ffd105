package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hbaseturbo.report.chart.CategoryCharts;
import org.hbaseturbo.report.chart.CategoryGrid;
import org.hbaseturbo.report.chart.ChartStyle;
import org.hbaseturbo.report.chart.Figure;
import org.hbaseturbo.report.chart.RatioLabel;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The PCM report's charts: each class's throughput under every variant, a panel per class as the PCM paper's
 * Figure 5 draws one per workload, each bar labelled with its ratio to HBase's defaults at the same heap (what the
 * policy gains besides the heap); and the adaptivity run's throughput second by second.
 */
public final class PcmCharts {
  /** The variant the others are divided by: the same heap as PCM's, so the ratio is the rest of the policy. */
  static final PcmVariant BASELINE = PcmVariant.DEFAULTS;
  /** Panels in a row: seven classes in two rows. */
  private static final int COLUMNS = 4;

  private PcmCharts() {
  }

  /** Writes the charts into {@code dir} as {@code name-*.png} and returns their paths. */
  public static List<Path> write(PcmReport report, Path dir, String name) throws IOException {
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    if (!report.results().isEmpty()) {
      List<CategoryChart> panels = new ArrayList<>();
      for (String workloadClass : report.classes()) {
        panels.add(CategoryCharts.bars("", "operations / s", throughput(report, workloadClass)));
      }
      written.add(Figure.of("PCM: YCSB throughput per class, medians of " + report.parameters().get("runs")
          + " rounds (labels: x " + BASELINE.label() + ", the median of round-by-round ratios)", panels)
          .columns(COLUMNS).savePng(dir.resolve(name + "-throughput.png")));
    }
    if (report.adaptivity() != null) {
      written.add(Figure.of("PCM adaptivity: throughput while the mix shifts, the first round's runs (lines: phase"
          + " starts; labels: policy switches)", adaptivity(report.adaptivity()))
          .savePng(dir.resolve(name + "-adaptivity.png")));
    }
    return written;
  }

  /** One class's throughput under each variant that ran it, in one category named after the class. */
  static CategoryGrid throughput(PcmReport report, String workloadClass) {
    CategoryGrid grid = new CategoryGrid();
    for (PcmVariant variant : PcmVariant.values()) {
      Optional<Double> value = report.throughput(workloadClass, variant);
      if (value.isPresent()) {
        String label = variant == BASELINE ? RatioLabel.BASELINE
            : PcmTables.ratio(report, workloadClass, variant, BASELINE).map(r -> RatioLabel.of(r.median())).orElse("");
        grid.put(workloadClass, variant.label(), value.get(), label);
      }
    }
    return grid;
  }

  /** The first round's runs: every round's would overlap past reading; the tables have every round's figures. */
  private static XYChart adaptivity(AdaptivityResult adaptivity) {
    XYChart chart = new XYChartBuilder().width(1100).height(500).xAxisTitle("seconds since the run began")
        .yAxisTitle("operations / s").build();
    ChartStyle.apply(chart.getStyler());
    chart.getStyler().setChartTitleVisible(false);
    double top = 0;
    List<AdaptivityResult.Run> firstRound = adaptivity.runs().stream().filter(run -> run.round() == 1).toList();
    for (AdaptivityResult.Run run : firstRound) {
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      double offset = 0;
      for (AdaptivityResult.Phase phase : run.phases()) {
        for (int s = 0; s < phase.opsPerSecond().size(); s++) {
          x.add(offset + s + 1);
          y.add((double) phase.opsPerSecond().get(s));
          top = Math.max(top, phase.opsPerSecond().get(s));
        }
        offset += phase.runtimeMs() / 1000.0;
      }
      XYSeries series = chart.addSeries(run.name(), x, y);
      ChartStyle.colour(series);
      series.setMarker(SeriesMarkers.NONE);
    }
    // Room above the highest second for the phase names and switch labels.
    chart.getStyler().setYAxisMin(0.0).setYAxisMax(top * 1.15);
    AdaptivityResult.Run applying = firstRound.get(firstRound.size() - 1);
    double offset = 0;
    for (AdaptivityResult.Phase phase : applying.phases()) {
      chart.addAnnotation(new AnnotationLine(offset, true, false));
      chart.addAnnotation(new AnnotationText(phase.name(), offset + 5, top * 1.1, false));
      if (phase.switchedAfterS() != null) {
        chart.addAnnotation(new AnnotationText("-> " + phase.expectedClass(), offset + phase.switchedAfterS(),
            top * 1.03, false));
      }
      offset += phase.runtimeMs() / 1000.0;
    }
    return chart;
  }
}

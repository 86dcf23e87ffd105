package org.hbaseturbo.bench.fastpath;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.RatioTable.Metric;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.report.TextTable;
import org.hbaseturbo.report.chart.CategoryCharts;
import org.hbaseturbo.report.chart.CategoryGrid;
import org.hbaseturbo.report.chart.Figure;
import org.hbaseturbo.report.chart.RatioLabel;
import org.knowm.xchart.CategoryChart;

/**
 * The paper's latency breakdown (its Figure 7) from a {@code bench fastpath} report: each micro-benchmark
 * variant's p50 latency split into the RegionServer's own processing ({@link ServerProcessing}, timed in-process)
 * and the rest, communication: the transport, and either path's serialization and dispatch on both ends.
 */
public final class LatencyBreakdown {
  /** The report parameter that holds the server's processing by experiment, p50 in microseconds. */
  static final String PARAMETER = "server_processing_p50_us";
  /** The value size of the paper's Figure 7, as the experiments name it. */
  private static final String FIGURE_SIZE = "1KB";
  /** The series of the RegionServer's processing; communication's are named by their variant. */
  private static final String SERVER = "RegionServer processing (in-process)";
  /** Lighter than any variant's colour: the part of a bar that is the same work whatever the transport. */
  private static final Color SERVER_COLOUR = new Color(0xCCCCCC);

  /**
   * One variant's split of its p50. The two parts are medians of different measurements, so communication, their
   * difference, can come out below zero where the server's processing is nearly all of the latency.
   */
  private record Split(String experiment, String variant, VariantResult result, double serverUs) {
    double totalUs() {
      return result.latencyUs().p50();
    }

    double communicationUs() {
      return totalUs() - serverUs;
    }
  }

  private LatencyBreakdown() {
  }

  /** The table, or empty when the report has no in-process timings (a cluster outside this JVM). */
  public static Optional<String> render(BenchmarkReport report) {
    List<Split> splits = splits(report);
    if (splits.isEmpty()) {
      return Optional.empty();
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"experiment", "variant", "p50 us", "RegionServer processing us", "communication us",
        "communication share"});
    for (Split split : splits) {
      rows.add(new String[] {split.experiment(), split.variant(), format(split.totalUs()), format(split.serverUs()),
          format(split.communicationUs()),
          String.format(Locale.ROOT, "%.0f%%", 100 * split.communicationUs() / split.totalUs())});
    }
    return Optional.of(TextTable.render(rows, 0, 1));
  }

  /**
   * What {@code bench fastpath} prints of the breakdown: the table under its title, or why there is none (no
   * micro-benchmark ran, or the RegionServers ran where they could not be timed in-process).
   */
  public static String describe(BenchmarkReport report) {
    Optional<String> table = render(report);
    if (table.isPresent()) {
      return String.format("%nmicro-benchmark p50 latency breakdown (the paper's Figure 7): the RegionServer's own"
          + " processing, timed in-process, and the rest, communication%n") + table.get();
    }
    return report.parameters().get("sizes_bytes") instanceof List<?> sizes && sizes.isEmpty()
        ? String.format("(no latency breakdown: it splits the micro-benchmark's Gets and Puts, and --sizes none ran"
            + " none)%n")
        : String.format("(no latency breakdown: the RegionServers run outside this JVM, where they cannot be timed"
            + " in-process)%n");
  }

  /**
   * A stacked bar per variant of the 1 KB Get and Put, as the paper's Figure 7 (every size, when 1 KB was not
   * measured): the RegionServer's processing below in grey, communication above in the variant's colour, each bar
   * labelled with its p50 as a ratio to native's; empty as {@link #render}.
   */
  public static Optional<Path> chart(BenchmarkReport report, Path dir, String name) throws IOException {
    List<Split> all = splits(report);
    List<Split> oneKb = all.stream().filter(split -> split.experiment().endsWith("-" + FIGURE_SIZE)).toList();
    List<Split> splits = oneKb.isEmpty() ? all : oneKb;
    if (splits.isEmpty()) {
      return Optional.empty();
    }
    CategoryGrid grid = new CategoryGrid();
    for (Split split : splits) {
      String category = split.experiment() + " " + split.variant();
      grid.put(category, SERVER, split.serverUs(), "");
      // A stacked bar cannot go below zero: a negative difference is drawn as none (the table has it).
      grid.put(category, split.variant(), Math.max(0, split.communicationUs()), label(report, split));
    }
    CategoryChart chart = CategoryCharts.stacked("", "p50 latency, microseconds", grid);
    chart.getSeriesMap().get(SERVER).setFillColor(SERVER_COLOUR);
    Files.createDirectories(dir);
    return Optional.of(Figure.of(report.benchmark() + ": p50 latency, the RegionServer's processing and"
        + " communication" + (oneKb.isEmpty() ? "" : ", " + FIGURE_SIZE) + " (labels: x native)", chart)
        .savePng(dir.resolve(name + "-breakdown.png")));
  }

  private static String label(BenchmarkReport report, Split split) {
    return split.variant().equals(FastPathBenchmark.RATIOS.baseline()) ? RatioLabel.BASELINE
        : FastPathBenchmark.RATIOS.ratio(report, split.result(), Metric.LATENCY).map(RatioLabel::of).orElse("");
  }

  private static List<Split> splits(BenchmarkReport report) {
    if (!(report.parameters().get(PARAMETER) instanceof Map<?, ?> processing)) {
      return List.of();
    }
    List<Split> splits = new ArrayList<>();
    for (VariantResult result : report.results()) {
      // Results are named "experiment variant".
      String[] name = result.variant().split(" ", 2);
      if (name.length == 2 && processing.get(name[0]) instanceof Number serverUs) {
        splits.add(new Split(name[0], name[1], result, serverUs.doubleValue()));
      }
    }
    return splits;
  }

  private static String format(double micros) {
    return String.format(Locale.ROOT, "%.1f", micros);
  }
}

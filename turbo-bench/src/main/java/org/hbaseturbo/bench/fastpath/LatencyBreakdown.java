package org.hbaseturbo.bench.fastpath;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.report.Charts;
import org.hbaseturbo.report.TextTable;
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

  /**
   * One variant's split of its p50. The two parts are medians of different measurements, so communication, their
   * difference, can come out below zero where the server's processing is nearly all of the latency.
   */
  private record Split(String experiment, String variant, double totalUs, double serverUs) {
    double communicationUs() {
      return totalUs - serverUs;
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
   * A stacked bar per variant of the 1 KB Get and Put, as the paper's Figure 7 (every size, when 1 KB was not
   * measured); empty as {@link #render}.
   */
  public static Optional<Path> chart(BenchmarkReport report, Path dir) throws IOException {
    List<Split> all = splits(report);
    List<Split> oneKb = all.stream().filter(split -> split.experiment().endsWith("-" + FIGURE_SIZE)).toList();
    List<Split> splits = oneKb.isEmpty() ? all : oneKb;
    if (splits.isEmpty()) {
      return Optional.empty();
    }
    CategoryChart chart = Charts.bars(report.benchmark() + ": p50 latency breakdown"
        + (oneKb.isEmpty() ? "" : ", " + FIGURE_SIZE), "microseconds");
    chart.getStyler().setStacked(true);
    List<String> categories = splits.stream().map(split -> split.experiment() + " " + split.variant()).toList();
    chart.addSeries("RegionServer processing (in-process)", categories,
        splits.stream().map(Split::serverUs).toList());
    // A stacked bar cannot go below zero: a negative difference is drawn as none (the table has it).
    chart.addSeries("communication (transport, serialization, dispatch)", categories,
        splits.stream().map(split -> Math.max(0, split.communicationUs())).toList());
    return Optional.of(Charts.savePng(chart, dir.resolve(report.benchmark() + "-breakdown.png")));
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
        splits.add(new Split(name[0], name[1], result.latencyUs().p50(), serverUs.doubleValue()));
      }
    }
    return splits;
  }

  private static String format(double micros) {
    return String.format(Locale.ROOT, "%.1f", micros);
  }
}

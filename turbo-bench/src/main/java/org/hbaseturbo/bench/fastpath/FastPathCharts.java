package org.hbaseturbo.bench.fastpath;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.RatioTable.Metric;
import org.hbaseturbo.bench.report.ReportCharts;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.report.chart.CategoryCharts;
import org.hbaseturbo.report.chart.CategoryGrid;
import org.hbaseturbo.report.chart.Figure;
import org.hbaseturbo.report.chart.RatioLabel;
import org.knowm.xchart.CategoryChart;

/**
 * The charts of a {@code bench fastpath} report in the paper's shapes: the micro-benchmark's Get and Put latency by
 * value size (its Figures 5 and 6), the latency breakdown at 1 KB (its Figure 7, {@link LatencyBreakdown}), and the
 * YCSB runs by client count ({@link ReportCharts}); every point and bar labelled with its ratio to native.
 */
public final class FastPathCharts {
  /** The micro-benchmark's experiments, "get-SIZE" and "put-SIZE", and the panel each is drawn in. */
  private static final List<String> OPERATIONS = List.of("get", "put");

  private FastPathCharts() {
  }

  /** Writes the charts into {@code dir} as {@code name-*.png} and returns their paths. */
  public static List<Path> write(BenchmarkReport report, Path dir, String name) throws IOException {
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    List<CategoryChart> bySize = new ArrayList<>();
    for (String operation : OPERATIONS) {
      CategoryGrid grid = bySize(report, operation);
      if (!grid.isEmpty()) {
        String title = operation.equals("get") ? "Get" : "Put";
        // A line needs two sizes to be one; a single size is drawn as bars.
        bySize.add(grid.categories().size() > 1
            ? CategoryCharts.lines(title, "value size", "p50 latency, microseconds", grid, grid.max())
            : CategoryCharts.bars(title, "p50 latency, microseconds", grid));
      }
    }
    if (!bySize.isEmpty()) {
      // Get above Put: one value size at one place across both.
      written.add(Figure.of(report.benchmark() + ": p50 latency by value size, one client (labels: x native)",
          bySize).columns(1).savePng(dir.resolve(name + "-latency-by-size.png")));
    }
    LatencyBreakdown.chart(report, dir, name).ifPresent(written::add);
    List<VariantResult> ycsb = report.results().stream().filter(result -> micro(result).length == 0).toList();
    if (!ycsb.isEmpty()) {
      written.addAll(ReportCharts.write(new BenchmarkReport(report.benchmark(), report.machine(), report.versions(),
          report.parameters(), ycsb), FastPathBenchmark.RATIOS, dir, name));
    }
    return written;
  }

  /** The micro-benchmark's results of one operation, by value size, a line per variant. */
  static CategoryGrid bySize(BenchmarkReport report, String operation) {
    CategoryGrid grid = new CategoryGrid();
    for (VariantResult result : report.results()) {
      String[] name = micro(result);
      if (name.length == 3 && name[0].equals(operation)) {
        String label = name[2].equals(FastPathBenchmark.RATIOS.baseline()) ? RatioLabel.BASELINE
            : FastPathBenchmark.RATIOS.ratio(report, result, Metric.LATENCY).map(RatioLabel::of).orElse("");
        grid.put(name[1], name[2], result.latencyUs().p50(), label);
      }
    }
    return grid;
  }

  /** A micro-benchmark result's name as operation, size and variant ("get", "1KB", "native"); empty if not one. */
  private static String[] micro(VariantResult result) {
    String[] name = result.variant().split("[- ]", 3);
    return name.length == 3 && OPERATIONS.contains(name[0]) ? name : new String[0];
  }
}

package org.hbaseturbo.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hbaseturbo.bench.report.RatioTable.Metric;
import org.hbaseturbo.bench.report.VariantResult.RunFigures;
import org.hbaseturbo.report.chart.CategoryGrid;
import org.hbaseturbo.report.chart.PointSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which charts a report of variants gets, how its results are grouped, and the ratios written on them. */
class TestReportCharts {
  private static final RatioTable RATIOS = new RatioTable("schema", "scan", "native", "row", report -> 10);

  @Test
  void aGroupRunAtSeveralClientCountsIsDrawnByClientCountAndAgainstLatency(@TempDir Path dir) throws Exception {
    BenchmarkReport report = report(
        result("paper native", 4, 1000, 800, null, 1000, 1000, 1000),
        result("paper prepared", 4, 1500, 500, null, 1400, 1500, 1700),
        result("paper native", 16, 2000, 2500, null, 2000, 2000, 2000),
        result("paper prepared", 16, 2600, 1700, null, 2600, 2600, 2600));
    ReportCharts charts = new ReportCharts(report, Optional.of(RATIOS));

    assertThat(charts.byClients()).isTrue();
    CategoryGrid throughput = charts.byClients("paper", VariantResult::throughputOpsS, Metric.THROUGHPUT);
    assertThat(throughput.categories()).containsExactly("4", "16");
    assertThat(throughput.series()).containsExactly("native", "prepared");
    // The table's ratio: the median of run-by-run ratios (1.4, 1.5, 1.7), not the ratio of the medians.
    assertThat(throughput.label("4", "prepared")).isEqualTo("1.50x");
    assertThat(throughput.label("4", "native")).isEqualTo("1x");
    assertThat(charts.throughputAndLatency("paper")).containsExactly(
        new PointSeries("native", List.of(new PointSeries.Point(1000, 800, "4 clients"),
            new PointSeries.Point(2000, 2500, "16 clients"))),
        new PointSeries("prepared", List.of(new PointSeries.Point(1500, 500, "4 clients: 1.50x"),
            new PointSeries.Point(2600, 1700, "16 clients: 1.30x"))));
    assertThat(ReportCharts.write(report, RATIOS, dir, "scan-loopback")).containsExactly(
        dir.resolve("scan-loopback-throughput.png"), dir.resolve("scan-loopback-throughput-latency.png"),
        dir.resolve("scan-loopback-cpu.png"), dir.resolve("scan-loopback-bytes.png"));
  }

  @Test
  void atOneClientCountEachGroupIsACategoryOfBarsAVariantEach(@TempDir Path dir) throws Exception {
    BenchmarkReport report = report(
        result("paper native", 16, 876, 800, 20_000.0, 876, 876, 876),
        result("paper prepared", 16, 1155, 600, 15_000.0, 1155, 1155, 1155),
        result("ycsb native", 16, 743, 900, 24_000.0, 743, 743, 743),
        result("ycsb prepared", 16, 1145, 700, 15_600.0, 1145, 1145, 1145));
    ReportCharts charts = new ReportCharts(report, Optional.of(RATIOS));

    assertThat(charts.byClients()).isFalse();
    CategoryGrid link = charts.bars(VariantResult::linkBytesPerOp, Metric.LINK_BYTES);
    assertThat(link.categories()).containsExactly("paper, 16 clients", "ycsb, 16 clients");
    assertThat(link.label("paper, 16 clients", "prepared")).isEqualTo("0.75x");
    assertThat(link.label("ycsb, 16 clients", "prepared")).isEqualTo("0.65x");
    assertThat(ReportCharts.write(report, RATIOS, dir, "scan")).containsExactly(dir.resolve("scan-throughput.png"),
        dir.resolve("scan-latency.png"), dir.resolve("scan-cpu.png"), dir.resolve("scan-bytes.png"),
        dir.resolve("scan-link-bytes.png"));
  }

  @Test
  void aReportWithoutABaselineIsDrawnByItsVariantsWithoutRatios(@TempDir Path dir) throws Exception {
    BenchmarkReport report = report(result("native load", 4, 2500, 900, null, 2500),
        result("native", 4, 4000, 540, null, 4000));
    ReportCharts charts = new ReportCharts(report, Optional.empty());

    CategoryGrid throughput = charts.bars(VariantResult::throughputOpsS, Metric.THROUGHPUT);
    assertThat(throughput.categories()).containsExactly("4 clients");
    assertThat(throughput.series()).containsExactly("native load", "native");
    assertThat(throughput.label("4 clients", "native")).isEmpty();
    assertThat(ReportCharts.write(report, dir, "ycsb")).contains(dir.resolve("ycsb-latency.png"));
  }

  private static BenchmarkReport report(VariantResult... results) {
    return new BenchmarkReport("scan", Map.of(), Map.of(), Map.of(), List.of(results));
  }

  /** A result whose runs had the given throughputs; its bytes per operation on the RegionServers are 1000. */
  private static VariantResult result(String name, int clients, double throughput, double p50Us, Double linkBytes,
      double... runs) {
    List<RunFigures> perRun = Arrays.stream(runs).mapToObj(run -> new RunFigures(run, 100, 200.0, p50Us))
        .toList();
    return new VariantResult(name, clients, throughput, new Latency(p50Us, 2 * p50Us, 3 * p50Us), "SCAN", 1000.0,
        linkBytes, 100, 200.0, runs.length, 1000, 0, Map.of(), null, perRun);
  }
}

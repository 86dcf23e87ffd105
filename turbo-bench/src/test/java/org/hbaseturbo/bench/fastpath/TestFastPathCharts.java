package org.hbaseturbo.bench.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.report.chart.CategoryGrid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bench fastpath's charts: the micro-benchmark by value size, the breakdown, the YCSB runs by client count. */
class TestFastPathCharts {
  @Test
  void theMicroBenchmarkIsDrawnByValueSizeALinePerVariantLabelledWithItsLatencyRatio() {
    BenchmarkReport report = report(Map.of(), result("get-1KB native", 1, 86), result("get-1KB fastpath-shm", 1, 12),
        result("get-64KB native", 1, 260), result("get-64KB fastpath-shm", 1, 169),
        result("put-1KB native", 1, 154), result("read native", 4, 900));

    CategoryGrid gets = FastPathCharts.bySize(report, "get");

    assertThat(gets.categories()).containsExactly("1KB", "64KB");
    assertThat(gets.series()).containsExactly("native", "fastpath-shm");
    assertThat(gets.label("1KB", "fastpath-shm")).isEqualTo("0.14x");
    assertThat(gets.label("64KB", "fastpath-shm")).isEqualTo("0.65x");
    assertThat(FastPathCharts.bySize(report, "put").categories()).containsExactly("1KB");
  }

  @Test
  void eachPartOfTheReportGetsItsOwnCharts(@TempDir Path dir) throws Exception {
    List<VariantResult> results = new ArrayList<>();
    for (String variant : List.of("native", "fastpath-shm", "fastpath-tcp")) {
      results.add(result("get-1KB " + variant, 1, 20));
      results.add(result("get-4KB " + variant, 1, 30));
      results.add(result("read " + variant, 4, 500));
      results.add(result("read " + variant, 16, 1500));
    }
    BenchmarkReport report = report(Map.of(LatencyBreakdown.PARAMETER, Map.of("get-1KB", 8.0)),
        results.toArray(VariantResult[]::new));

    assertThat(FastPathCharts.write(report, dir, "fastpath")).containsExactly(
        dir.resolve("fastpath-latency-by-size.png"), dir.resolve("fastpath-breakdown.png"),
        dir.resolve("fastpath-throughput.png"), dir.resolve("fastpath-throughput-latency.png"),
        dir.resolve("fastpath-cpu.png"), dir.resolve("fastpath-bytes.png"));
  }

  private static BenchmarkReport report(Map<String, Object> parameters, VariantResult... results) {
    return new BenchmarkReport("fastpath", Map.of(), Map.of(), parameters, List.of(results));
  }

  private static VariantResult result(String name, int clients, double p50Us) {
    return new VariantResult(name, clients, 1_000_000 / p50Us, new Latency(p50Us, 2 * p50Us, 3 * p50Us), "READ",
        1000.0, null, 50.0, 80.0, 1, 10_000, 0, Map.of(), null, List.of());
  }
}

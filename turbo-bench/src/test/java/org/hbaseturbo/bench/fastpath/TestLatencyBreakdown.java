package org.hbaseturbo.bench.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.bench.report.VariantResult;
import org.junit.jupiter.api.Test;

/** What {@code bench fastpath} prints of the latency breakdown: why it has none, when it has none. */
class TestLatencyBreakdown {
  @Test
  void saysTheBreakdownNeedsTheMicroBenchmarkWhenSizesNoneRanNone() {
    String printed = LatencyBreakdown.describe(report(Map.of("sizes_bytes", List.of())));

    assertThat(printed).contains("(no latency breakdown: it splits the micro-benchmark's Gets and Puts, and --sizes"
        + " none ran none)").doesNotContain("outside this JVM");
  }

  @Test
  void saysTheServersWereOutOfReachWhenTheMicroBenchmarkRanWithoutTimings() {
    String printed = LatencyBreakdown.describe(report(Map.of("sizes_bytes", List.of(1024))));

    assertThat(printed).contains("(no latency breakdown: the RegionServers run outside this JVM");
  }

  private static BenchmarkReport report(Map<String, Object> parameters) {
    return new BenchmarkReport("fastpath", Map.of(), Map.of(), parameters, List.of(result("read native", 4000),
        result("read fastpath-shm", 9000)));
  }

  private static VariantResult result(String name, double throughput) {
    return new VariantResult(name, 1, throughput, new Latency(80, 160, 240), "READ", 1_200.0, null, 200, 280.0, 1,
        10_000, 0, Map.of(), null, List.of());
  }
}

package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.bench.report.VariantResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench fastpath}'s printed report: why it has no latency breakdown, when it has none. */
class TestBenchFastPathReport {
  @Test
  void saysTheBreakdownNeedsTheMicroBenchmarkWhenSizesNoneRanNone(@TempDir Path dir) throws Exception {
    String printed = report(Map.of("sizes_bytes", List.of()), dir);

    assertThat(printed).contains("(no latency breakdown: it splits the micro-benchmark's Gets and Puts, and --sizes"
        + " none ran none)").doesNotContain("outside this JVM");
  }

  @Test
  void saysTheServersWereOutOfReachWhenTheMicroBenchmarkRanWithoutTimings(@TempDir Path dir) throws Exception {
    String printed = report(Map.of("sizes_bytes", List.of(1024)), dir);

    assertThat(printed).contains("(no latency breakdown: the RegionServers run outside this JVM");
  }

  private static String report(Map<String, Object> parameters, Path dir) throws Exception {
    BenchmarkReport report = new BenchmarkReport("fastpath", Map.of(), Map.of(), parameters, List.of(
        result("read native", 4000), result("read fastpath-shm", 9000)));
    StringWriter printed = new StringWriter();
    try (PrintWriter out = new PrintWriter(printed)) {
      BenchFastPathCommand.report(report, dir.resolve("fastpath.json"), dir, out);
    }
    return printed.toString();
  }

  private static VariantResult result(String name, double throughput) {
    return new VariantResult(name, 1, throughput, new Latency(80, 160, 240), "READ", 1_200.0, null, 200, 280.0, 1,
        10_000, 0, Map.of(), null, List.of());
  }
}

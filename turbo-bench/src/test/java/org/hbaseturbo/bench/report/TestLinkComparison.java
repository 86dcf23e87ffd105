package org.hbaseturbo.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.bench.report.VariantResult.RunFigures;
import org.hbaseturbo.cluster.LinkDelayReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A benchmark run at several links: each link's ratios come from its own run alone, side by side by result, and its
 * delays' cost is said and kept.
 */
class TestLinkComparison {
  private static final RatioTable RATIOS = new RatioTable("op", "op", "native", "op", report -> 1);

  @Test
  void eachLinksRatiosComeFromItsOwnRunSideBySide(@TempDir Path dir) throws Exception {
    BenchmarkReport loopback = report(List.of(), result("read native", 1000, 1000, 1000),
        result("read fast", 650, 3000, 3300));
    List<LinkDelayReport> delays = List.of(new LinkDelayReport("tbh1", 1000, 200, 12, true, 0.1),
        new LinkDelayReport("tbc1", 3000, 200, 16, true, 0.3));
    BenchmarkReport delayed = report(delays, result("read native", 1000, 500, 500), result("read fast", 650, 600, 650));
    LinkComparison comparison = new LinkComparison(RATIOS, List.of(
        new LinkComparison.LinkRun("loopback", Path.of("link-loopback/fastpath.json"), loopback),
        new LinkComparison.LinkRun("1gbit:200us", Path.of("link-1gbit-200us/fastpath.json"), delayed)));

    String text = comparison.render();
    assertThat(text).containsPattern("read +1 +fast +0.65 +3,150 +3.15 +1.00 +1.00 +625 +1.25 +1.00 +1.00");
    assertThat(text).containsPattern("read +1 +native +1.00 +1,000 +1.00 +1.00 +1.00 +500 +1.00");
    assertThat(text).contains("1gbit:200us: 2 delays held 4,000 packets, 15 us late on average, at 0.4 s of CPU"
        + " (100 us a packet)");
    assertThat(text).doesNotContain("loopback: ");

    Path json = dir.resolve("fastpath.json");
    comparison.write("fastpath at each link", json, new PrintWriter(new StringWriter()));
    JsonNode written = new ObjectMapper().readTree(json.toFile());
    assertThat(written.get("parameters").get("link").toString()).isEqualTo("[\"loopback\",\"1gbit:200us\"]");
    JsonNode links = written.get("links");
    assertThat(links.get(0).get("report").asText()).isEqualTo("link-loopback/fastpath.json");
    assertThat(links.get(0).get("ratios").get(0).get("throughput_vs_native").asDouble()).isEqualTo(3.15);
    assertThat(links.get(1).get("ratios").get(0).get("throughput_vs_native").asDouble()).isEqualTo(1.25);
    assertThat(links.get(0).get("link_delays")).isEmpty();
    assertThat(links.get(1).get("link_delays").get(1).get("cpu_seconds").asDouble()).isEqualTo(0.3);
  }

  @Test
  void aReportKeepsItsLinksDelaysAndOneWrittenBeforeThemReadsWithNone(@TempDir Path dir) throws Exception {
    LinkDelayReport delay = new LinkDelayReport("tbh1", 1000, 200, 12, true, 0.1);
    Path json = dir.resolve("scan.json");
    report(List.of(), result("read native", 1000, 1000, 1000)).withLinkDelays(List.of(delay)).writeJson(json);
    assertThat(BenchmarkReport.readJson(json).linkDelays()).containsExactly(delay);

    Map<?, ?> older = new ObjectMapper().readValue(json.toFile(), Map.class);
    older.remove("link_delays");
    new ObjectMapper().writeValue(json.toFile(), older);
    assertThat(BenchmarkReport.readJson(json).linkDelays()).isEmpty();
  }

  @Test
  void aComparisonOfNoLinkIsRefused() {
    assertThatThrownBy(() -> new LinkComparison(RATIOS, List.of())).isInstanceOf(IllegalArgumentException.class);
  }

  private static BenchmarkReport report(List<LinkDelayReport> delays, VariantResult... results) {
    return new BenchmarkReport("fastpath", Map.of(), Map.of(), Map.of(), List.of(results), delays);
  }

  /** A result of one client whose runs had the given throughputs, at the same CPU and latency each. */
  private static VariantResult result(String name, double bytesPerOp, double... runs) {
    List<RunFigures> perRun = Arrays.stream(runs).mapToObj(run -> new RunFigures(run, 100, 200.0, 50.0)).toList();
    double median = Arrays.stream(runs).average().orElseThrow(); // of two runs, their median
    return new VariantResult(name, 1, median, new Latency(50, 100, 150), "READ", bytesPerOp, null, 100, 200.0,
        runs.length, 1000, 0, Map.of(), null, perRun);
  }
}

package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.report.JsonFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench charts}: a report's charts drawn again from its JSON, without a cluster. */
class TestBenchCharts {
  @Test
  void drawsTheChartsOfAReportBesideItNamedAsTheBenchmarkNamesThem(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("bench-scan.json");
    report("scan").writeJson(json);

    CommandLineRun run = CommandLineRun.of("bench", "charts", json.toString());

    run.assertSucceeded();
    assertThat(run.out()).contains("chart:  " + dir.resolve("scan-throughput.png"));
    assertThat(dir.resolve("scan-throughput.png")).isNotEmptyFile();
    assertThat(dir.resolve("scan-bytes.png")).isNotEmptyFile();
  }

  @Test
  void writesWhereAndUnderTheNameItIsTold(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("bench-codec-50mbit.json");
    report("codec").writeJson(json);
    Path out = dir.resolve("charts");

    CommandLineRun run = CommandLineRun.of("bench", "charts", json.toString(), "--out", out.toString(), "--name",
        "codec-50mbit");

    run.assertSucceeded();
    assertThat(out.resolve("codec-50mbit-throughput.png")).isNotEmptyFile();
    assertThat(dir.resolve("codec-throughput.png")).doesNotExist();
  }

  @Test
  void refusesAFileThatIsNotAReportWithCharts(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("missing.json");
    CommandLineRun.assertRefused(CommandLineRun.of("bench", "charts", missing.toString()),
        "turbo: no such file: '" + missing + "'");

    Path advisor = dir.resolve("advisor.json");
    JsonFiles.write(advisor, Map.of("benchmark", "advisor"));
    CommandLineRun.assertRefused(CommandLineRun.of("bench", "charts", advisor.toString()), "turbo: '" + advisor
        + "' is not a report of a benchmark with charts (its benchmark is 'advisor'): expected one of scan, codec,"
        + " fastpath, ycsb, pcm, compression");

    Path acrossLinks = dir.resolve("scan.json");
    JsonFiles.write(acrossLinks, Map.of("benchmark", "scan", "links", List.of(
        Map.of("link", "loopback", "report", "link-loopback/scan.json"),
        Map.of("link", "1gbit:200us", "report", "link-1gbit-200us/scan.json"))));
    CommandLineRun.assertRefused(CommandLineRun.of("bench", "charts", acrossLinks.toString()), "turbo: '"
        + acrossLinks + "' compares the links of a run of scan, each of which has a report and charts of its own:"
        + " give one of those, '" + dir.resolve("link-loopback/scan.json") + "' or '"
        + dir.resolve("link-1gbit-200us/scan.json") + "'");

    Path notJson = dir.resolve("notes.json");
    Files.writeString(notJson, "results: none yet");
    CommandLineRun run = CommandLineRun.of("bench", "charts", notJson.toString());
    CommandLineRun.assertRefused(run, null);
    assertThat(run.err()).startsWith("turbo: '" + notJson + "' is not a Turbo benchmark report: ");
  }

  private static BenchmarkReport report(String benchmark) {
    return new BenchmarkReport(benchmark, Map.of(), Map.of(), Map.of(), List.of(
        result("paper native", 4000), result("paper prepared", 5800)));
  }

  private static VariantResult result(String name, double throughput) {
    return new VariantResult(name, 4, throughput, new Latency(800, 1600, 2400), "SCAN", 16_000.0, null, 200, 280.0, 1,
        10_000, 0, Map.of(), null, List.of());
  }
}

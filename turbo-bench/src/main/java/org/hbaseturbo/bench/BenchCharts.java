package org.hbaseturbo.bench;

import static java.util.stream.Collectors.joining;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.hbaseturbo.bench.codec.CodecBenchmark;
import org.hbaseturbo.bench.compression.CompressionCharts;
import org.hbaseturbo.bench.compression.CompressionReport;
import org.hbaseturbo.bench.fastpath.FastPathCharts;
import org.hbaseturbo.bench.pcm.PcmCharts;
import org.hbaseturbo.bench.pcm.PcmReport;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.ReportCharts;
import org.hbaseturbo.bench.scan.ScanComparison;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.report.JsonFiles;

/**
 * Each benchmark's set of charts, in one place for the benchmark that has just run and for a report read back from
 * its JSON with the benchmark's own record types: a chart changed in code is redrawn without running the benchmark
 * again, and every committed chart can be regenerated from the report beside it.
 */
public final class BenchCharts {
  /** The benchmarks whose reports have charts, as their reports name them. */
  static final List<String> CHARTED = List.of("scan", "codec", "fastpath", "ycsb", "pcm", "compression");

  private BenchCharts() {
  }

  /** The charts of a report of variants (scan, codec, fastpath, ycsb), written into {@code dir} as name-*.png. */
  public static List<Path> write(BenchmarkReport report, Path dir, String name) throws IOException {
    return switch (report.benchmark()) {
      case "scan" -> ReportCharts.write(report, ScanComparison.TABLE, dir, name);
      case "codec" -> ReportCharts.write(report, CodecBenchmark.RATIOS, dir, name);
      case "fastpath" -> FastPathCharts.write(report, dir, name);
      default -> ReportCharts.write(report, dir, name);
    };
  }

  /**
   * Redraws the charts of the report in {@code json} into {@code dir}, named {@code name-*.png}, by default as the
   * benchmark names them.
   *
   * @throws InvalidInputException when the file is missing, is not a report Turbo wrote, or is one of a benchmark
   *     without charts
   */
  public static List<Path> fromJson(Path json, Path dir, Optional<String> givenName) throws IOException {
    if (!Files.isRegularFile(json)) {
      throw new InvalidInputException("no such file: '" + json + "'");
    }
    try {
      JsonNode read = JsonFiles.read(json, JsonNode.class);
      String benchmark = read.path("benchmark").asText();
      if (read.has("links")) {
        throw new InvalidInputException("'" + json + "' compares the links of a run of " + benchmark + ", each of"
            + " which has a report and charts of its own: give one of those, " + read.path("links").findValuesAsText(
                "report").stream().map(report -> "'" + json.resolveSibling(report) + "'").collect(joining(" or ")));
      }
      String name = givenName.orElse(benchmark);
      return switch (benchmark) {
        case "scan", "codec", "fastpath", "ycsb" -> write(BenchmarkReport.readJson(json), dir, name);
        case "pcm" -> PcmCharts.write(JsonFiles.read(json, PcmReport.class), dir, name);
        case "compression" -> CompressionCharts.write(JsonFiles.read(json, CompressionReport.class), dir, name);
        default -> throw new InvalidInputException("'" + json + "' is not a report of a benchmark with charts"
            + (benchmark.isEmpty() ? "" : " (its benchmark is '" + benchmark + "')") + ": expected one of "
            + String.join(", ", CHARTED));
      };
    } catch (JsonProcessingException e) {
      throw new InvalidInputException("'" + json + "' is not a Turbo benchmark report: "
          + e.getOriginalMessage(), e);
    }
  }
}

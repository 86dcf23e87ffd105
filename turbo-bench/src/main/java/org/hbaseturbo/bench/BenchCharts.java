package org.hbaseturbo.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.hbaseturbo.bench.codec.CodecBenchmark;
import org.hbaseturbo.bench.fastpath.FastPathCharts;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.ReportCharts;
import org.hbaseturbo.bench.scan.ScanComparison;

/** The charts of each benchmark whose report is a report of variants, chosen in one place by the benchmark's name. */
public final class BenchCharts {
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
}

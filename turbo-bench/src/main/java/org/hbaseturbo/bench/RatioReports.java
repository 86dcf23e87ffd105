package org.hbaseturbo.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.RatioTable;
import org.hbaseturbo.report.JsonFiles;

/** How the benchmarks that compare variants with a baseline show and write their reports. */
public final class RatioReports {
  private RatioReports() {
  }

  /**
   * Prints {@code title} and the table, writes the JSON report, the ratios beside it ({@code <name>-ratios.json})
   * and the charts (into {@code dir}), and says where each went.
   */
  public static void write(BenchmarkReport report, RatioTable table, String title, Path json, Path dir,
      PrintWriter out) throws IOException {
    ReportOutput.write(out, title, table.render(report), json, report, () -> {
      Path ratios = json.resolveSibling(json.getFileName().toString().replaceFirst("\\.json$", "")
          + "-ratios.json");
      JsonFiles.write(ratios, table.ratios(report));
      out.println("ratios: " + ratios.toAbsolutePath());
      return BenchCharts.write(report, dir, report.benchmark());
    });
  }
}

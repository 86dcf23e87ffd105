package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.JsonFiles;
import org.hbaseturbo.bench.report.RatioTable;
import org.hbaseturbo.bench.report.ReportCharts;

/** How a benchmark that compares variants with a baseline ends: its table, its JSON, its ratios and its charts. */
final class RatioReports {
  private RatioReports() {
  }

  /** The ratios go beside the JSON report, as {@code <name>-ratios.json}. */
  static void write(BenchmarkReport report, RatioTable table, String title, Path json, Path dir, PrintWriter out)
      throws IOException {
    out.println();
    out.println(title);
    out.print(table.render(report));
    report.writeJson(json);
    Path ratios = json.resolveSibling(json.getFileName().toString().replaceFirst("\\.json$", "") + "-ratios.json");
    JsonFiles.write(ratios, table.ratios(report));
    out.println("report: " + json.toAbsolutePath());
    out.println("ratios: " + ratios.toAbsolutePath());
    ReportCharts.write(report, dir).forEach(chart -> out.println("chart:  " + chart));
    out.flush();
  }
}

package org.hbaseturbo.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.hbaseturbo.report.JsonFiles;

/** How every benchmark ends: its title and tables printed, its JSON report and charts written, and where they went. */
public final class ReportOutput {
  private ReportOutput() {
  }

  /** Writes a benchmark's charts (and whatever else goes beside its JSON report), returning the charts. */
  public interface Charts {
    List<Path> write() throws IOException;
  }

  public static void write(PrintWriter out, String title, String tables, Path json, Object report, Charts charts)
      throws IOException {
    out.println();
    out.println(title);
    out.print(tables);
    JsonFiles.write(json, report);
    out.println("report: " + json.toAbsolutePath());
    for (Path chart : charts.write()) {
      out.println("chart:  " + chart);
    }
    out.flush();
  }
}

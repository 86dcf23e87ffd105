package org.hbaseturbo.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.report.JsonFiles;

/** A benchmark's results with what is needed to repeat and judge them: machine, versions, parameters. */
public record BenchmarkReport(String benchmark, Map<String, Object> machine, Map<String, String> versions,
    Map<String, Object> parameters, List<VariantResult> results) {

  public void writeJson(Path file) throws IOException {
    JsonFiles.write(file, this);
  }

  public static BenchmarkReport readJson(Path file) throws IOException {
    return JsonFiles.read(file, BenchmarkReport.class);
  }
}

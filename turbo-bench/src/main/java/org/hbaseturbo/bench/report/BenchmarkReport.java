package org.hbaseturbo.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.cluster.LinkDelayReport;
import org.hbaseturbo.report.JsonFiles;

/**
 * A benchmark's results with what is needed to repeat and judge them: machine, versions, parameters.
 *
 * @param linkDelays what each end of a delayed link did over the whole run, the cluster's start and the loading
 *     included: its packets and its CPU, which the results' CPU per operation leaves out; empty without a delay
 */
public record BenchmarkReport(String benchmark, Map<String, Object> machine, Map<String, String> versions,
    Map<String, Object> parameters, List<VariantResult> results, List<LinkDelayReport> linkDelays) {

  public BenchmarkReport {
    linkDelays = linkDelays == null ? List.of() : List.copyOf(linkDelays);
  }

  /** A report of a run without a delayed link. */
  public BenchmarkReport(String benchmark, Map<String, Object> machine, Map<String, String> versions,
      Map<String, Object> parameters, List<VariantResult> results) {
    this(benchmark, machine, versions, parameters, results, List.of());
  }

  /** This report, with what the link's delays did over its run. */
  public BenchmarkReport withLinkDelays(List<LinkDelayReport> delays) {
    return new BenchmarkReport(benchmark, machine, versions, parameters, results, delays);
  }

  /** Whether any operation of any result returned an error: then the run is not a valid result. */
  public boolean anyFailed() {
    return results.stream().anyMatch(result -> result.failures() > 0);
  }

  public void writeJson(Path file) throws IOException {
    JsonFiles.write(file, this);
  }

  public static BenchmarkReport readJson(Path file) throws IOException {
    return JsonFiles.read(file, BenchmarkReport.class);
  }
}

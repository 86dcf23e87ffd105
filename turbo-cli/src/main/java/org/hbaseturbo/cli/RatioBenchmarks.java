package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.hbaseturbo.bench.BenchCharts;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.RatioTable;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.NetworkLink;
import org.hbaseturbo.report.JsonFiles;

/**
 * The commands of the benchmarks that compare variants with a baseline ({@code bench scan}, {@code bench codec}):
 * run on the cluster behind the link, then write the table, the JSON, the ratios and the charts.
 */
final class RatioBenchmarks {
  private RatioBenchmarks() {
  }

  /** The benchmark, on the cluster its client JVMs reach from {@code clientHost}, where not from this host. */
  interface Benchmark {
    BenchmarkReport run(ClusterTarget target, Optional<ClientHost> clientHost, Path dir) throws IOException;
  }

  /** How a benchmark's report is shown and written. */
  interface Report {
    void write(BenchmarkReport report, Path json, Path dir, PrintWriter out) throws IOException;
  }

  /**
   * Runs {@code benchmark} in {@code name}'s output directory on the cluster behind the link (both made here and
   * gone when it ends), then {@code report}; the exit code: a failure when any operation failed. The caller has
   * validated its own settings: the link is checked here, before anything is made.
   */
  static int run(String name, Optional<Path> conf, LinkOptions link, LocalClusterOptions embedded,
      BenchOutputOptions output, PrintWriter out, Benchmark benchmark, Report report) throws IOException {
    NetworkLink.Speed speed = link.speed(conf);
    Path dir = output.dir(name);
    BenchmarkReport result;
    try (LinkedCluster cluster = LinkedCluster.open(conf, speed, embedded, dir, out)) {
      result = benchmark.run(cluster.cluster().target(), cluster.clientHost(), dir);
    }
    report.write(result, output.json(dir, name), dir, out);
    return result.results().stream().anyMatch(r -> r.failures() > 0) ? TurboMain.EXIT_FAILURE : 0;
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
    BenchCharts.write(report, dir, report.benchmark()).forEach(chart -> out.println("chart:  " + chart));
    out.flush();
  }
}

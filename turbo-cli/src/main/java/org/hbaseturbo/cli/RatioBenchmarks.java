package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.NetworkLink;

/**
 * The commands of the benchmarks that compare variants with a baseline ({@code bench scan}, {@code bench codec}):
 * run on the cluster behind the link, then the benchmark writes its table, JSON, ratios and charts.
 */
final class RatioBenchmarks {
  private RatioBenchmarks() {
  }

  /** The benchmark, on the cluster its client JVMs reach from {@code clientHost}, where not from this host. */
  interface Benchmark {
    Ran run(ClusterTarget target, Optional<ClientHost> clientHost, Path dir) throws IOException;
  }

  /** How a benchmark's report is shown and written to its JSON file. */
  interface Report {
    void write(BenchmarkReport report, Path json) throws IOException;
  }

  /** What a benchmark ran, and how its report is shown and written. */
  record Ran(BenchmarkReport report, Report writer) {
  }

  /**
   * Runs {@code benchmark} in {@code name}'s output directory on the cluster behind the link (both made here and
   * gone when it ends), then writes its report; the exit code: a failure when any operation failed. The caller has
   * validated its own settings: the link is checked here, before anything is made.
   */
  static int run(String name, Optional<Path> conf, LinkOptions link, LocalClusterOptions embedded,
      BenchOutputOptions output, PrintWriter out, Benchmark benchmark) throws IOException {
    NetworkLink.Speed speed = link.speed(conf);
    Path dir = output.dir(name);
    Ran ran;
    try (LinkedCluster cluster = LinkedCluster.open(conf, speed, embedded, dir, out)) {
      ran = benchmark.run(cluster.cluster().target(), cluster.clientHost(), dir);
    }
    ran.writer().write(ran.report(), output.json(dir, name));
    return ran.report().results().stream().anyMatch(r -> r.failures() > 0) ? TurboMain.EXIT_FAILURE : 0;
  }
}

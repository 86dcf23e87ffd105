package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.LinkComparison;
import org.hbaseturbo.bench.report.RatioTable;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.NetworkLink;
import org.hbaseturbo.common.InvalidInputException;

/**
 * The commands of the benchmarks that compare variants with a baseline ({@code bench scan}, {@code bench codec},
 * {@code bench fastpath}): run on the cluster behind the link, then the benchmark writes its table, JSON, ratios and
 * charts. Given several links, it runs at each in turn, each on a cluster of its own, and ends with their ratios side
 * by side ({@link LinkComparison}).
 */
final class RatioBenchmarks {
  private RatioBenchmarks() {
  }

  /** The benchmark, on the cluster its client JVMs reach from {@code clientHost}, where not from this host. */
  interface Benchmark {
    /**
     * @param link the link's name, as the report gives it
     * @param dir where its report and charts go
     */
    Ran run(ClusterTarget target, Optional<ClientHost> clientHost, String link, Path dir) throws IOException;
  }

  /** The benchmark's own settings at one link, checked before anything is made. */
  interface Settings {
    /**
     * @param link the link's name, as the report gives it
     * @throws org.hbaseturbo.common.InvalidInputException where the benchmark cannot run at the link as asked
     */
    void check(String link);
  }

  /** How a benchmark's report is shown and written to its JSON file. */
  interface Report {
    void write(BenchmarkReport report, Path json) throws IOException;
  }

  /** What a benchmark ran, how its report is shown and written, and the ratios it reports. */
  record Ran(BenchmarkReport report, Report writer, RatioTable table) {
  }

  /**
   * Runs {@code benchmark} in {@code name}'s output directory on the cluster behind each link (both made here and
   * gone when it ends), then writes its report; the exit code: a failure when any operation failed. Every link, and
   * {@code settings} at each, is checked before anything is made. With several links, each link's report goes into a
   * directory of its own ({@code link-1gbit-200us}), and the comparison where the report would go.
   */
  static int run(String name, Optional<Path> conf, LinkOptions link, LocalClusterOptions embedded,
      BenchOutputOptions output, PrintWriter out, Settings settings, Benchmark benchmark) throws IOException {
    List<NetworkLink.Speed> speeds = link.speeds(conf);
    if (speeds.size() > 1 && embedded.dataDir != null) {
      throw new InvalidInputException(LocalClusterOptions.DATA_OPTION + " keeps one cluster's data, and each of"
          + " --link " + String.join(",", link.links) + " runs on a cluster of its own: run once per link, or"
          + " leave out " + LocalClusterOptions.DATA_OPTION);
    }
    for (NetworkLink.Speed speed : speeds) {
      LinkedCluster.settings(speed, embedded);
      settings.check(speed.userName());
    }
    Path dir = output.dir(name);
    if (speeds.size() == 1) {
      BenchmarkReport report = runAt(speeds.get(0), conf, embedded, dir, output.json(dir, name), out, benchmark)
          .report();
      return exitCode(List.of(report));
    }
    List<LinkComparison.LinkRun> runs = new ArrayList<>();
    RatioTable table = null;
    for (NetworkLink.Speed speed : speeds) {
      out.printf("%n== %s at link %s (%d of %d) ==%n", name, speed.userName(), runs.size() + 1, speeds.size());
      out.flush();
      Path linkDir = Files.createDirectories(dir.resolve("link-" + speed.userName().replace(':', '-')));
      Path json = linkDir.resolve(name + ".json");
      Ran ran = runAt(speed, conf, embedded, linkDir, json, out, benchmark);
      table = ran.table();
      runs.add(new LinkComparison.LinkRun(speed.userName(), dir.relativize(json), ran.report()));
    }
    new LinkComparison(table, runs).write(name + " at each link, its ratios side by side", output.json(dir, name),
        out);
    return exitCode(runs.stream().map(LinkComparison.LinkRun::result).toList());
  }

  /** Runs the benchmark behind one link and writes its report, with what the link's delays did, to {@code json}. */
  private static Ran runAt(NetworkLink.Speed speed, Optional<Path> conf, LocalClusterOptions embedded, Path dir,
      Path json, PrintWriter out, Benchmark benchmark) throws IOException {
    LinkedCluster cluster = LinkedCluster.open(conf, speed, embedded, dir, out);
    Ran ran;
    try (cluster) {
      ran = benchmark.run(cluster.cluster().target(), cluster.clientHost(), speed.userName(), dir);
    }
    // The delays report once the link is gone: their CPU covers the whole run.
    Ran delayed = new Ran(ran.report().withLinkDelays(cluster.linkDelays()), ran.writer(), ran.table());
    delayed.writer().write(delayed.report(), json);
    return delayed;
  }

  private static int exitCode(List<BenchmarkReport> reports) {
    return reports.stream().anyMatch(BenchmarkReport::anyFailed) ? TurboMain.EXIT_FAILURE : 0;
  }
}

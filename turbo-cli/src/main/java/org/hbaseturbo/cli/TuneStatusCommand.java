package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.client.stats.RegionServerState;
import org.hbaseturbo.client.stats.TableOperationCounts;
import org.hbaseturbo.report.JsonFiles;
import org.hbaseturbo.report.TextTable;
import org.hbaseturbo.tune.WorkloadWindow;
import org.hbaseturbo.tune.WorkloadWindow.TableWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo tune status}: what clients ask of the cluster over a window, classified. */
@Command(name = "status", mixinStandardHelpOptions = true,
    description = {"Watch a running cluster's workload for a window and show what clients asked, cluster-wide"
        + " and per table: operations by type, the share of writes, the rate, and the PCM paper's class"
        + " (BL, WO, WM, MixW, MixRW, MixR, RM, RO-read, RO-scan) with the numbers that decided it; then each"
        + " RegionServer's state (regions, store files, memstore and block cache against their limits, cache hit"
        + " ratio, compaction and flush queues, blocked requests).",
        "Counts are exact: the server jar's WorkloadObserver counts every operation (hbase.coprocessor.region"
            + ".classes) and its stats endpoint reports them, which under AccessController needs global ADMIN."
            + " Needs --conf: a cluster that runs a workload ('cluster start' writes one)."})
final class TuneStatusCommand implements Callable<Integer> {
  @ParentCommand
  TuneCommand parent;

  @Spec
  CommandSpec spec;

  @Option(names = "--table", paramLabel = "T", description = "Show this table alone besides the cluster.")
  String table;

  @DurationRange(min = "1s", max = "1h")
  @Option(names = "--window", paramLabel = "DURATION", defaultValue = "10s", converter = DurationArgument.Seconds.class,
      description = "How long to watch; a number alone is seconds (1s to 1h; default: ${DEFAULT-VALUE}).")
  DurationArgument window;

  @Option(names = "--json", paramLabel = "FILE", description = "Also write what it saw as JSON.")
  Path json;

  @Override
  public Integer call() throws Exception {
    Path conf = TuneCommand.requireConf(parent, "tune status");
    if (json != null) {
      OutputDirs.requireWritableFile(json, "--json");
    }
    PrintWriter out = spec.commandLine().getOut();
    try (Connection connection = TuneCommand.connect(conf)) {
      if (table != null) {
        TuneCommand.requireTable(connection, table);
      }
      WorkloadWindow window = TuneCommand.watch(connection, this.window.duration(), out);
      out.print(render(window, table));
      if (json != null) {
        JsonFiles.write(json, window);
        out.println("written to " + json.toAbsolutePath());
      }
      out.flush();
    }
    return 0;
  }

  static String render(WorkloadWindow window, String only) {
    StringBuilder text = new StringBuilder();
    text.append(String.format("%nworkload over %.1f s%n", window.seconds()));
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"table", "class", "ops/s", "p99 ms", "gets", "scans", "scan rows", "puts", "deletes",
        "incr+append", "bulk files", "why"});
    rows.add(row("(all user tables)", window.cluster()));
    for (Map.Entry<String, TableWorkload> entry : window.tables().entrySet()) {
      if (only == null || only.equals(entry.getKey())) {
        rows.add(row(entry.getKey(), entry.getValue()));
      }
    }
    if (only != null && !window.tables().containsKey(only)) {
      rows.add(new String[] {only, "idle", "0", "", "", "", "", "", "", "", "", "no reads or writes"});
    }
    text.append(TextTable.render(rows, 0, 1, 11));
    text.append(String.format("%nRegionServers at the end of the window%n"));
    List<String[]> servers = new ArrayList<>();
    servers.add(new String[] {"server", "regions", "store files", "memstore MiB", "of limit", "block cache MiB",
        "of max", "cache hit %", "compaction queue", "flush queue", "blocked requests"});
    for (RegionServerState server : window.servers()) {
      servers.add(new String[] {server.server(), Long.toString(server.regions()),
          Long.toString(server.storeFiles()), mib(server.memstoreBytes()), mib(server.memstoreLimitBytes()),
          mib(server.blockCacheBytes()), mib(server.blockCacheMaxBytes()),
          Double.isNaN(server.blockCacheHitRatio()) ? "-" : String.format("%.1f", server.blockCacheHitRatio() * 100),
          Long.toString(server.compactionQueue()), Long.toString(server.flushQueue()),
          Long.toString(server.blockedRequests())});
    }
    text.append(TextTable.render(servers, 0));
    return text.toString();
  }

  private static String[] row(String name, TableWorkload workload) {
    TableOperationCounts ops = workload.classification().operations();
    return new String[] {name, workload.classification().workloadClass().label(),
        String.format("%,.0f", workload.operationsPerSecond()),
        workload.latencies().p99Millis().stream().mapToObj(Long::toString).findFirst().orElse("-"),
        String.format("%,d", ops.gets()),
        String.format("%,d", ops.scans()), String.format("%,d", ops.scanRows()), String.format("%,d", ops.puts()),
        String.format("%,d", ops.deletes()), String.format("%,d", ops.increments() + ops.appends()),
        String.format("%,d", ops.bulkLoadedFiles()), workload.classification().reason()};
  }

  private static String mib(long bytes) {
    return String.format("%,.1f", bytes / 1048576.0);
  }
}

package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.client.ClusterConnections;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.tune.WorkloadMonitor;
import org.hbaseturbo.tune.WorkloadWindow;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code turbo tune}: the workload-aware configuration (PCM). */
@Command(name = "tune", mixinStandardHelpOptions = true,
    description = "Workload-aware configuration (the PCM paper): watch the workload, classify it, and apply the"
        + " matching policy, online where HBase allows.",
    subcommands = {TuneStatusCommand.class, TuneRecommendCommand.class, TuneApplyCommand.class,
        TuneRollbackCommand.class, TuneWatchCommand.class, TuneCalibrateCommand.class})
final class TuneCommand extends CommandGroup {
  @ParentCommand
  TurboMain main;

  static Path requireConf(TuneCommand tune, String command) {
    return tune.main.conf().orElseThrow(() -> new InvalidInputException("'" + command + "' works on a running"
        + " cluster; give its client configuration with --conf DIR (for a local one: './turbo cluster start --data"
        + " DIR' writes DIR/client-conf)"));
  }

  static Connection connect(Path conf) throws IOException {
    var configuration = ClientConfigurations.fromDirectory(conf);
    return ClusterConnections.open(configuration, ClusterConnections.describe(configuration));
  }

  /** Watches for {@code window}, saying so once the window has begun: what clients ask from then on counts. */
  static WorkloadWindow watch(Connection connection, Duration window, PrintWriter out) throws IOException {
    WorkloadMonitor monitor = new WorkloadMonitor(connection);
    WorkloadMonitor.Start start = monitor.start();
    out.printf("watching the workload for %d s ...%n", window.toSeconds());
    out.flush();
    Pause.sleep(window, "watching the workload");
    return monitor.end(start);
  }

  /** @throws InvalidInputException when {@code table} is no table name, or no table of the cluster */
  static void requireTable(Connection connection, String table) throws IOException {
    TableName name;
    try {
      name = TableName.valueOf(table);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException("--table '" + table + "' is not a table name: " + e.getMessage());
    }
    try (Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(name)) {
        throw new InvalidInputException("table '" + table + "' does not exist on the cluster");
      }
    }
  }
}

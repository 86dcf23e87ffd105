package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.ClientConfigurations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cluster start --processes --hdfs} as a user runs it: the launcher starts HDFS's daemons beside the
 * RegionServers and says where HBase's root is; SIGKILL of the launcher leaves no process behind, HDFS's included;
 * a start on the same directory finds every acknowledged row, the WAL replayed from HDFS.
 */
class HdfsClusterCommandIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final int ROWS = 300;

  @Test
  void aKilledLauncherLeavesNothingAndTheNextStartFindsEveryAcknowledgedRow(
      @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path dir) throws Exception {
    Path data = dir.resolve("data");
    Path conf = dir.resolve("conf");
    TableName name = TableName.valueOf("hdfs_command");
    ClusterProcess launcher = ClusterProcess.start(data, conf, "--processes", "--hdfs", "--datanodes", "2",
        "--regionservers", "1", "--rs-heap", "384m");
    try {
      assertThat(launcher.processes()).as("NameNode and DataNodes").filteredOn(process -> runs(process, "NameNode"))
          .hasSize(1);
      assertThat(launcher.processes()).filteredOn(process -> runs(process, "DataNode")).hasSize(2);
      try (Connection connection = ConnectionFactory.createConnection(ClientConfigurations.fromDirectory(conf));
          Admin admin = connection.getAdmin(); Table table = connection.getTable(name)) {
        admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
            .build());
        List<Put> puts = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
          puts.add(new Put(Bytes.toBytes(i)).addColumn(F, F, Bytes.toBytes("v" + i)));
        }
        // Acknowledged once in the WAL on HDFS; nothing is flushed before the kill.
        table.put(puts);
      }
    } finally {
      launcher.kill();
    }
    launcher.awaitNoneLeft(Duration.ofMinutes(1), "the launcher was killed");
    assertThat(launcher.printed()).contains("an HDFS NameNode and 2 DataNode JVMs", "HBase's root on HDFS hdfs://");

    ClusterProcess again = ClusterProcess.start(data, conf, "--processes", "--hdfs", "--datanodes", "2",
        "--regionservers", "1", "--rs-heap", "384m");
    try (Connection connection = ConnectionFactory.createConnection(ClientConfigurations.fromDirectory(conf));
        Table table = connection.getTable(name); ResultScanner scanner = table.getScanner(new Scan())) {
      int rows = 0;
      for (Result row : scanner) {
        assertThat(Bytes.toString(row.getValue(F, F))).isEqualTo("v" + Bytes.toInt(row.getRow()));
        rows++;
      }
      assertThat(rows).as("acknowledged rows after the restart").isEqualTo(ROWS);
    } finally {
      assertThat(again.stop()).contains("process cluster stopped");
    }
    again.awaitNoneLeft(Duration.ofMinutes(1), "the launcher stopped");
  }

  /** Whether it is the JVM of that daemon (not the shell that watches it, whose arguments name it too). */
  private static boolean runs(ProcessHandle process, String daemon) {
    List<String> arguments = List.of(process.info().arguments().orElse(new String[0]));
    String mainClass = "org.apache.hadoop.hdfs.server." + daemon.toLowerCase(Locale.ROOT) + "." + daemon;
    return process.info().command().orElse("").endsWith("/java") && arguments.contains(mainClass);
  }
}

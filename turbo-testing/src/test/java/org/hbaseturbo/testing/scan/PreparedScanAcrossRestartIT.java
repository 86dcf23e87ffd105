package org.hbaseturbo.testing.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hbaseturbo.testsupport.TestingTables.holderOf;
import static org.hbaseturbo.testsupport.TestingTables.qualifier;
import static org.hbaseturbo.testsupport.TestingTables.row;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testing.fastpath.FastPathConnections;
import org.junit.jupiter.api.Test;

/**
 * A RegionServer restarts while a prepared scan's ResultScanner is open on it: the scan goes on (its regions
 * reopen elsewhere, the client re-prepares them) and returns what the native scan returns, with executes over RPC
 * and over the fast path, whose sessions with the restarted server end with it. Needs its own cluster, since it
 * stops a RegionServer.
 */
class PreparedScanAcrossRestartIT {
  private static final byte[] F = Bytes.toBytes("f");

  @Test
  void scanContinuesAcrossARegionServerRestart() throws Exception {
    try (EmbeddedHBaseCluster cluster = EmbeddedHBaseCluster.builder().regionServers(2).start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration());
        FastPathConnection fast = FastPathConnections.open(cluster.clientConfiguration())) {
      scanAcrossRestart(cluster, connection, TableName.valueOf("ps_restart"));
      long servedBefore = fast.counters().served();
      scanAcrossRestart(cluster, fast, TableName.valueOf("ps_restart_fast"));
      assertThat(fast.counters().served() - servedBefore).as("executes the fast path served").isPositive();
    }
  }

  /** Scans {@code name} with a prepared scan made with {@code prepareWith}, restarting a RegionServer midway. */
  private static void scanAcrossRestart(EmbeddedHBaseCluster cluster, Connection prepareWith, TableName name)
      throws Exception {
    try (Admin admin = prepareWith.getAdmin(); Table table = prepareWith.getTable(name)) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build(), new byte[][] {row(100), row(200), row(300)});
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        puts.add(new Put(row(i)).addColumn(F, qualifier(i % 3), Bytes.toBytes("v" + i)));
      }
      table.put(puts);
      List<String> expected = ResultLines.cells(table.getScanner(new Scan().addFamily(F)));
      List<String> seen = new ArrayList<>();
      try (PreparedScan prepared = PreparedScan.prepare(prepareWith, name, new Scan().addFamily(F));
          ResultScanner rows = prepared.execute(new byte[0], new byte[0], 25)) {
        seen.addAll(ResultLines.firstRows(rows, 130));
        HRegionServer holder = holderOf(cluster, name, row(140));
        cluster.restartRegionServer(holder);
        seen.addAll(ResultLines.firstRows(rows, Integer.MAX_VALUE));
      }
      assertThat(seen).isEqualTo(expected);
    }
  }
}

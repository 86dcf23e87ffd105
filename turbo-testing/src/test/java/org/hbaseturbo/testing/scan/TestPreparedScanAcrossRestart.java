package org.hbaseturbo.testing.scan;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.testing.EmbeddedHBaseCluster;
import org.hbaseturbo.testing.ResultLines;
import org.junit.jupiter.api.Test;

/**
 * A RegionServer restarts while a prepared scan's ResultScanner is open on it: the scan goes on (its regions
 * reopen elsewhere, the client re-prepares them) and returns what the native scan returns. Needs its own
 * cluster, since it stops a RegionServer.
 */
class TestPreparedScanAcrossRestart {
  private static final byte[] F = Bytes.toBytes("f");

  @Test
  void scanContinuesAcrossARegionServerRestart() throws Exception {
    try (EmbeddedHBaseCluster cluster = EmbeddedHBaseCluster.builder().regionServers(2).start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration());
        Admin admin = connection.getAdmin()) {
      TableName name = TableName.valueOf("ps_restart");
      admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build(), new byte[][] {TestPreparedScan.row(100), TestPreparedScan.row(200), TestPreparedScan.row(300)});
      try (Table table = connection.getTable(name)) {
        List<Put> puts = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
          puts.add(new Put(TestPreparedScan.row(i)).addColumn(F, TestPreparedScan.q(i % 3), Bytes.toBytes("v" + i)));
        }
        table.put(puts);
        List<String> expected = ResultLines.cells(table.getScanner(new Scan().addFamily(F)));
        List<String> seen = new ArrayList<>();
        try (PreparedScan prepared = PreparedScan.prepare(connection, name, new Scan().addFamily(F));
            ResultScanner rows = prepared.execute(new byte[0], new byte[0], 25)) {
          seen.addAll(ResultLines.firstRows(rows, 130));
          HRegionServer holder = cluster.regionServers().stream()
              .filter(rs -> rs.getRegions(name).stream()
                  .anyMatch(r -> r.getRegionInfo().containsRow(TestPreparedScan.row(140))))
              .findFirst().orElseThrow();
          cluster.restartRegionServer(holder);
          seen.addAll(ResultLines.firstRows(rows, Integer.MAX_VALUE));
        }
        assertThat(seen).isEqualTo(expected);
      }
    }
  }
}

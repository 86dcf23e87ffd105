package org.hbaseturbo.testing.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.server.ServerStatsEndpoint;
import org.hbaseturbo.server.scan.PreparedScanEndpoint;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.junit.jupiter.api.Test;

/**
 * Prepared Scan deployed the lighter way the README offers: the region endpoint as one table's coprocessor
 * attribute, no RegionServer endpoint. Executes then travel as region calls, and the results are the same.
 * Needs its own cluster, configured without Turbo's scan coprocessors.
 */
class PreparedScanTableAttributeIT {
  private static final byte[] F = Bytes.toBytes("f");

  @Test
  void worksAsATableAttributeAloneAndIsRefusedWithoutIt() throws Exception {
    try (EmbeddedHBaseCluster cluster = EmbeddedHBaseCluster.builder().regionServers(2)
            .set("hbase.coprocessor.regionserver.classes", ServerStatsEndpoint.class.getName())
            .set("hbase.coprocessor.region.classes", "").tableCoprocessors().start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration());
        Admin admin = connection.getAdmin()) {
      TableName with = TableName.valueOf("ps_attribute");
      admin.createTable(TableDescriptorBuilder.newBuilder(with).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .setCoprocessor(PreparedScanEndpoint.class.getName()).build(),
          new byte[][] {row(50), row(120)});
      TableName without = TableName.valueOf("ps_no_attribute");
      admin.createTable(TableDescriptorBuilder.newBuilder(without)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
      try (Table table = connection.getTable(with)) {
        List<Put> puts = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
          puts.add(new Put(row(i)).addColumn(F, qualifier(i % 4), Bytes.toBytes("v" + i)));
        }
        table.put(puts);
        try (PreparedScan prepared = PreparedScan.prepare(connection, with, new Scan().addFamily(F))) {
          // Twice: the first execute learns that the RegionServers lack the server endpoint, the second starts
          // on region calls.
          for (int run = 0; run < 2; run++) {
            assertThat(ResultLines.cells(prepared.execute(row(10), new byte[0], 7)))
                .isEqualTo(ResultLines.cells(table.getScanner(new Scan().addFamily(F)
                    .withStartRow(row(10)))));
          }
        }
      }
      assertThatThrownBy(() -> PreparedScan.prepare(connection, without, new Scan().addFamily(F)))
          .isInstanceOfSatisfying(PreparedScanException.class,
              e -> assertThat(e.error()).isEqualTo(PreparedScanError.NOT_DEPLOYED))
          .hasMessageContaining("ps_no_attribute").hasMessageContaining("PreparedScanEndpoint");
    }
  }
}

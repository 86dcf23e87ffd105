package org.hbaseturbo.testing;

import java.nio.file.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.wire.scan.PreparedScanException;

/**
 * {@link WrongHBaseLineIT}'s child JVM: an embedded cluster with Turbo's coprocessors configured, on a classpath whose
 * server jar records another HBase line; prints what a client gets from it. Argument: the data directory.
 */
public final class WrongHBaseLineMain {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  private WrongHBaseLineMain() {
  }

  public static void main(String[] args) throws Exception {
    try (EmbeddedHBaseCluster cluster = EmbeddedHBaseCluster.builder().regionServers(1).dataDir(Path.of(args[0]))
        .start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration());
        Admin admin = connection.getAdmin()) {
      TableName name = TableName.valueOf("wrong_line");
      admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build());
      try (Table table = connection.getTable(name)) {
        table.put(new Put(Bytes.toBytes("a")).addColumn(F, Q, Bytes.toBytes("value-a")));
        System.out.println("get a " + Bytes.toString(table.get(new Get(Bytes.toBytes("a"))).getValue(F, Q)));
      }
      try {
        PreparedScan.prepare(connection, name, new Scan().addFamily(F)).close();
        System.out.println("prepared");
      } catch (PreparedScanException e) {
        System.out.println("prepare " + e.error());
      }
    }
  }
}

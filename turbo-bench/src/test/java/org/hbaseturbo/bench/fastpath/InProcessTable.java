package org.hbaseturbo.bench.fastpath;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.testsupport.SharedHBaseCluster;

/**
 * A table of YCSB-like records for the tests of the RegionServers called in-process ({@link ServerProcessing},
 * {@link ServerFloor}): rows user0, user1, ... of one field in family f, on the shared cluster.
 */
final class InProcessTable {
  private static final byte[] FAMILY = Bytes.toBytes("f");

  private InProcessTable() {
  }

  /** A new table named after {@code prefix}, split at {@code splits}, holding {@code rows} records. */
  static TableName create(Connection connection, String prefix, int rows, int valueBytes, byte[]... splits)
      throws IOException {
    TableName table = SharedHBaseCluster.uniqueTableName(prefix);
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(table)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build(), splits);
    }
    try (Table data = connection.getTable(table)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        puts.add(new Put(Bytes.toBytes("user" + i)).addColumn(FAMILY, Bytes.toBytes("field0"), new byte[valueBytes]));
      }
      data.put(puts);
    }
    return table;
  }
}

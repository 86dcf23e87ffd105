package org.hbaseturbo.tune;

import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;

/** Where the executor reads and changes tables' descriptors: HBase's Admin, or a test's stand-in that can fail. */
interface TableDescriptors {
  TableDescriptor get(TableName table) throws IOException;

  /**
   * Replaces the table's descriptor.
   *
   * @param reopen whether the table's regions reopen to take it now (each flushing its memstore, its requests
   *     waiting); without, each region takes it when it next opens (a move, a split, a restart)
   */
  void modify(TableDescriptor descriptor, boolean reopen) throws IOException;

  static TableDescriptors of(Connection connection) {
    return new TableDescriptors() {
      @Override
      public TableDescriptor get(TableName table) throws IOException {
        try (Admin admin = connection.getAdmin()) {
          return admin.getDescriptor(table);
        }
      }

      @Override
      public void modify(TableDescriptor descriptor, boolean reopen) throws IOException {
        try (Admin admin = connection.getAdmin()) {
          admin.modifyTable(descriptor, reopen);
        }
      }
    };
  }
}

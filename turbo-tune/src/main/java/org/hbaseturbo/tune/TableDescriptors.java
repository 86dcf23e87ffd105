package org.hbaseturbo.tune;

import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;

/** Where the executor reads and changes tables' descriptors: HBase's Admin, or a test's stand-in that can fail. */
interface TableDescriptors {
  TableDescriptor get(TableName table) throws IOException;

  /** Replaces the table's descriptor: its regions reopen. */
  void modify(TableDescriptor descriptor) throws IOException;

  static TableDescriptors of(Connection connection) {
    return new TableDescriptors() {
      @Override
      public TableDescriptor get(TableName table) throws IOException {
        try (Admin admin = connection.getAdmin()) {
          return admin.getDescriptor(table);
        }
      }

      @Override
      public void modify(TableDescriptor descriptor) throws IOException {
        try (Admin admin = connection.getAdmin()) {
          admin.modifyTable(descriptor);
        }
      }
    };
  }
}

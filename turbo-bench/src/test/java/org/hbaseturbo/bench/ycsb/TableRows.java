package org.hbaseturbo.bench.ycsb;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;

/** The YCSB tests' count of a table's rows, by a scan. */
final class TableRows {
  private TableRows() {
  }

  static int count(Connection connection, TableName name) throws Exception {
    return count(connection, name, 0);
  }

  /** Rows with a cell written at or after {@code sinceMs}. */
  static int count(Connection connection, TableName name, long sinceMs) throws Exception {
    int rows = 0;
    Scan scan = new Scan().setTimeRange(sinceMs, Long.MAX_VALUE);
    try (Table table = connection.getTable(name); ResultScanner scanner = table.getScanner(scan)) {
      for (Result ignored : scanner) {
        rows++;
      }
    }
    return rows;
  }
}

package org.hbaseturbo.bench;

import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;

/** The tables benchmarks create for themselves. */
public final class BenchTables {
  private BenchTables() {
  }

  /** Drops {@code table} with its data if it exists, so that a benchmark starts from an empty one. */
  public static void dropIfExists(Admin admin, TableName table) throws IOException {
    if (admin.tableExists(table)) {
      admin.disableTable(table);
      admin.deleteTable(table);
    }
  }
}

package org.hbaseturbo.tune;

import java.io.IOException;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;

/** Where the executor reads a table's regions and splits them: HBase's Admin, or a test's stand-in that can fail. */
interface TableSplits {
  /**
   * Why {@code table} is not empty, as HBase knows it now: more than one region, store files, or data in a memstore;
   * nothing when it is empty.
   */
  Optional<String> whyNotEmpty(TableName table) throws IOException;

  /** Whether HBase's split switch lets splits run ({@code splitormerge_switch}). */
  boolean splitsEnabled() throws IOException;

  /** Splits the region that holds {@code point} there, and returns once both halves are open. */
  void split(TableName table, byte[] point) throws IOException;

  /**
   * Moves the table's regions so that the live RegionServers hold them in turns, in key order, as HBase places the
   * regions of a table created split; returns once each is open where it goes. The halves of a split open where
   * their parent was, on one server.
   */
  void spread(TableName table, Consumer<String> progress) throws IOException;

  static TableSplits of(Connection connection) {
    return new HBaseTableSplits(connection);
  }
}

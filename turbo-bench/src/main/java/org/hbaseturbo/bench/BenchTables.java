package org.hbaseturbo.bench;

import java.io.IOException;
import java.time.Duration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.common.Pause;

/** The tables benchmarks create for themselves. */
public final class BenchTables {
  /** Longer than any compaction of a benchmark's table takes here; a run must not wait on a wedged one forever. */
  private static final Duration COMPACTION_LIMIT = Duration.ofMinutes(30);

  private BenchTables() {
  }

  /** Drops {@code table} with its data if it exists, so that a benchmark starts from an empty one. */
  public static void dropIfExists(Admin admin, TableName table) throws IOException {
    if (admin.tableExists(table)) {
      admin.disableTable(table);
      admin.deleteTable(table);
    }
  }

  /**
   * Flushes {@code table} and major-compacts it, and returns when the compaction is over: a run that starts then
   * neither inserts into a memstore an earlier run filled nor pays for a compaction an earlier run's flush started.
   */
  public static void flushAndCompact(Admin admin, TableName table) throws IOException {
    admin.flush(table);
    admin.majorCompact(table);
    // The request is queued: wait for it to begin, then to end.
    Pause.sleep(Duration.ofSeconds(2), "a major compaction to begin");
    Await.until(() -> admin.getCompactionState(table) == CompactionState.NONE, COMPACTION_LIMIT,
        Duration.ofSeconds(1), "a major compaction of " + table, () -> new IOException("the major compaction of "
            + table + " did not end within " + COMPACTION_LIMIT.toMinutes() + " minutes"));
  }

  /**
   * Reads every row of {@code table} once, so that its blocks are in the block cache before a run measures: a
   * compaction writes new store files whose blocks nobody has read, and the first run would read them from disk
   * for every run after it.
   *
   * @return the rows read
   */
  public static long readThrough(Connection connection, TableName table) throws IOException {
    long rows = 0;
    try (Table reader = connection.getTable(table);
        ResultScanner scanner = reader.getScanner(new Scan().setCaching(1_000))) {
      while (scanner.next() != null) {
        rows++;
      }
    }
    return rows;
  }
}

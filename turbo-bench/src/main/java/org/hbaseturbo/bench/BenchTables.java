package org.hbaseturbo.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.hbaseturbo.client.MajorCompaction;

/** The tables benchmarks create for themselves. */
public final class BenchTables {
  /** Far above what compacting a benchmark's table takes: a compaction that does not end fails the benchmark. */
  private static final Duration COMPACTION_BOUND = Duration.ofMinutes(10);

  private BenchTables() {
  }

  /** Creates the table {@code descriptor} describes, split at {@code splitPoints} (none: one region). */
  public static void create(Admin admin, TableDescriptor descriptor, List<byte[]> splitPoints) throws IOException {
    // HBase refuses an empty array of split keys; without one it makes a table of one region.
    if (splitPoints.isEmpty()) {
      admin.createTable(descriptor);
    } else {
      admin.createTable(descriptor, splitPoints.toArray(new byte[0][]));
    }
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
    flushAndCompact(admin, table, progress -> { });
  }

  /**
   * {@link #flushAndCompact(Admin, TableName)}, telling {@code progress} every few seconds how many regions are yet to
   * be rewritten.
   *
   * @return how long the compaction took from its request, in seconds
   */
  public static double flushAndCompact(Admin admin, TableName table, Consumer<String> progress) throws IOException {
    return MajorCompaction.flushAndAwait(admin, table, COMPACTION_BOUND, progress);
  }

  /** What {@code table}'s regions hold in their memstores now, across the servers, as each server reports it. */
  public static long memStoreBytes(Admin admin, TableName table) throws IOException {
    long bytes = 0;
    for (ServerName server : admin.getRegionServers()) {
      for (RegionMetrics region : admin.getRegionMetrics(server, table)) {
        bytes += (long) region.getMemStoreSize().get(Size.Unit.BYTE);
      }
    }
    return bytes;
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

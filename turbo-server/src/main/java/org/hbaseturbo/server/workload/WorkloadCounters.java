package org.hbaseturbo.server.workload;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import org.apache.hadoop.hbase.TableName;

/**
 * The operation counts of every table served in this JVM, kept by {@link WorkloadObserver} and read by the stats
 * endpoint. One per JVM: the RegionServers of an embedded cluster share it, and readers count each JVM once, as
 * they do its CPU time. An entry is a few counters per table ever served here.
 */
public final class WorkloadCounters {
  private static final Map<TableName, TableOperationCounters> TABLES = new ConcurrentHashMap<>();

  private WorkloadCounters() {
  }

  static TableOperationCounters of(TableName table) {
    return TABLES.computeIfAbsent(table, name -> new TableOperationCounters());
  }

  /** Each table's counts at this instant. */
  public static void forEach(BiConsumer<TableName, Counts> action) {
    TABLES.forEach((table, counters) -> action.accept(table, new Counts(counters.gets.sum(), counters.scans.sum(),
        counters.scanRows.sum(), counters.puts.sum(), counters.deletes.sum(), counters.increments.sum(),
        counters.appends.sum(), counters.bulkLoadedFiles.sum(), counters.latencies())));
  }

  /**
   * One table's counts.
   *
   * @param scans region scanners opened: a client scan counts once for each region it reads
   * @param scanRows rows those scanners returned to clients
   * @param latencies how many operations that came over RPC took each latency, by
   *     {@link org.hbaseturbo.common.LatencyBuckets} bucket: a copy made for this reading
   */
  public record Counts(long gets, long scans, long scanRows, long puts, long deletes, long increments, long appends,
      long bulkLoadedFiles, long[] latencies) {
  }
}

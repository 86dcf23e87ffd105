package org.hbaseturbo.server.workload;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.server.PerRegionServer;

/**
 * The operation counts of every table one RegionServer served since it started, kept by {@link WorkloadObserver} and
 * read by the stats endpoint. Each RegionServer has its own, also where the RegionServers of an embedded cluster
 * share a JVM, and a stopped RegionServer's go with it. An entry is a few counters per table ever served there.
 */
public final class WorkloadCounters {
  private static final PerRegionServer<WorkloadCounters> BY_SERVER = new PerRegionServer<>();

  private final Map<TableName, TableOperationCounters> tables = new ConcurrentHashMap<>();

  private WorkloadCounters() {
  }

  /**
   * The counts of {@code server}, the RegionServer object its environments give (a region's
   * {@code getOnlineRegions()}, a RegionServer coprocessor's {@code RegionServerServices}).
   */
  public static WorkloadCounters of(Object server) {
    return BY_SERVER.of(server, WorkloadCounters::new);
  }

  /** The counts of every RegionServer of this JVM, for the JVM's metrics. */
  static List<WorkloadCounters> all() {
    return BY_SERVER.all();
  }

  TableOperationCounters table(TableName table) {
    return tables.computeIfAbsent(table, name -> new TableOperationCounters());
  }

  /** Each table's counts at this instant. */
  public void forEach(BiConsumer<TableName, Counts> action) {
    tables.forEach((table, counters) -> action.accept(table, new Counts(counters.gets.sum(), counters.scans.sum(),
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

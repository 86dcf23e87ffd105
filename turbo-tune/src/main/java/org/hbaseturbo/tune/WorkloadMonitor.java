package org.hbaseturbo.tune;

import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.client.stats.TableOperationCounts;
import org.hbaseturbo.client.stats.WorkloadReading;
import org.hbaseturbo.common.Pause;

/**
 * The paper's workload monitor: the exact operation counts of the server jar's WorkloadObserver, read at the start
 * and the end of a window, and which tables held no data at its start (a write into an empty table is a bulk load,
 * and stays one over the following windows until the table is read).
 */
public final class WorkloadMonitor {
  private final Connection connection;
  private final Readings readings;
  /**
   * Tables a load is under way into: empty when it began, written only since. The servers see a load's inserts
   * as Puts like any update, so once its first rows are in, only this memory keeps the load a load.
   */
  private final Set<String> loading = new HashSet<>();

  public WorkloadMonitor(Connection connection) {
    this(connection, new ServerStatsReader(connection)::workload);
  }

  WorkloadMonitor(Connection connection, Readings readings) {
    this.connection = connection;
    this.readings = readings;
  }

  /** Where the operation counts come from: every RegionServer's stats endpoint, or a test's stand-in for it. */
  @FunctionalInterface
  interface Readings {
    WorkloadReading read() throws IOException;
  }

  /** A reading to start a window from, with the tables that were empty then. */
  public Start start() throws IOException {
    Set<String> empty = emptyTables();
    return new Start(readings.read(), empty);
  }

  /** Watches for {@code window}, then classifies what clients asked meanwhile. */
  public WorkloadWindow watch(Duration window) throws IOException {
    Start start = start();
    Pause.sleep(window, "watching the workload");
    return end(start);
  }

  /**
   * Classifies what clients asked since {@code start}.
   *
   * @throws IllegalStateException when a RegionServer restarted since {@code start}
   */
  public WorkloadWindow end(Start start) throws IOException {
    WorkloadReading end = readings.read();
    double seconds = (end.nanoTime() - start.reading().nanoTime()) / 1e9;
    Map<String, WorkloadWindow.TableWorkload> tables = new TreeMap<>();
    TableOperationCounts all = TableOperationCounts.NONE;
    boolean allWrittenEmpty = true;
    boolean anyWritten = false;
    for (Map.Entry<String, TableOperationCounts> entry : end.tablesSince(start.reading()).entrySet()) {
      if (TableName.valueOf(entry.getKey()).isSystemTable()) {
        continue;
      }
      TableOperationCounts counts = entry.getValue();
      boolean empty = start.emptyTables().contains(entry.getKey())
          || loading.contains(entry.getKey()) && counts.reads() == 0;
      if (counts.reads() > 0) {
        loading.remove(entry.getKey());
      } else if (empty && counts.writes() > 0) {
        loading.add(entry.getKey());
      }
      if (counts.reads() + counts.writes() + counts.bulkLoadedFiles() > 0) {
        tables.put(entry.getKey(), workload(counts, empty, seconds));
        all = all.plus(counts);
        if (counts.writes() > 0) {
          anyWritten = true;
          allWrittenEmpty &= empty;
        }
      }
    }
    return new WorkloadWindow(seconds, workload(all, anyWritten && allWrittenEmpty, seconds), tables,
        end.servers());
  }

  private static WorkloadWindow.TableWorkload workload(TableOperationCounts counts, boolean empty, double seconds) {
    return new WorkloadWindow.TableWorkload(WorkloadClassifier.classify(counts, empty),
        seconds <= 0 ? 0 : (counts.reads() + counts.writes()) / seconds, counts.latencies());
  }

  /**
   * The user tables whose regions were never written, as the servers last reported (every
   * {@code hbase.regionserver.msginterval}: 3 s by HBase's default, 1 s on a cluster Turbo starts).
   */
  private Set<String> emptyTables() throws IOException {
    Set<String> empty = new TreeSet<>();
    try (Admin admin = connection.getAdmin()) {
      Map<TableName, List<RegionMetrics>> regions = TableRegions.of(admin);
      // A table created since the servers' last report has no region metrics yet, and no data either.
      for (TableName table : admin.listTableNames()) {
        // Sizes come rounded to MB; counts do not. A region that was written has a write count (reset by a
        // move, which flushes) or a store file.
        if (regions.getOrDefault(table, List.of()).stream()
            .allMatch(region -> region.getStoreFileCount() == 0 && region.getWriteRequestCount() == 0)) {
          empty.add(table.getNameAsString());
        }
      }
    }
    return empty;
  }

  /** The start of a window. */
  public record Start(WorkloadReading reading, Set<String> emptyTables) {
  }
}

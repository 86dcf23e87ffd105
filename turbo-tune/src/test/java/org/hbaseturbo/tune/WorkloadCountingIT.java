package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hbaseturbo.testsupport.TestingTables.countRows;
import static org.hbaseturbo.testsupport.TestingTables.create;
import static org.hbaseturbo.testsupport.TestingTables.load;
import static org.hbaseturbo.testsupport.TestingTables.row;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.stats.OperationLatencies;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.client.stats.TableOperationCounts;
import org.hbaseturbo.client.stats.WorkloadReading;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.common.LatencyBuckets;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The server jar's exact operation counts, and the monitor's classes from them, on the shared embedded cluster. */
@ExtendWith(SharedHBaseCluster.class)
class WorkloadCountingIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  @Test
  void everyOperationCountsOnceByTypeAlsoInsideBatches(Connection connection) throws Exception {
    TableName name = table(connection, "counted");
    ServerStatsReader reader = new ServerStatsReader(connection);
    WorkloadReading before = reader.workload();
    // The two RegionServers share this JVM, and each counts its own: the reading sums both.
    assertThat(before.counted()).hasSize(2).allSatisfy(server -> assertThat(server).contains(","));
    try (Table table = connection.getTable(name)) {
      List<Put> batch = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        batch.add(new Put(row(i)).addColumn(F, Q, Bytes.toBytes(i)));
      }
      table.put(batch);
      table.put(new Put(row(10)).addColumn(F, Q, Bytes.toBytes(10)));
      table.get(new Get(row(1)));
      table.get(List.of(new Get(row(2)), new Get(row(3)), new Get(row(7)), new Get(row(8))));
      table.delete(new ArrayList<>(List.of(new Delete(row(0)), new Delete(row(9)))));
      table.increment(new Increment(row(20)).addColumn(F, Q, 1));
      table.append(new Append(row(21)).addColumn(F, Q, Bytes.toBytes("x")));
      assertThat(countRows(connection, name)).isEqualTo(11);
    }
    TableOperationCounts counted = reader.workload().tablesSince(before).get(name.getNameAsString());
    // Two regions: the client's one scan opens a scanner on each.
    assertThat(counted).isEqualTo(new TableOperationCounts(5, 2, 11, 11, 2, 1, 1, 0, counted.latencies()));
    // A latency for each Get and mutation, and for each of the scanners' calls: at least one per scanner.
    assertThat(counted.latencies().count()).isBetween(20L + 2, 20L + 2 * 3);
  }

  @Test
  void eachOperationsLatencyIsAtMostWhatItsClientWaited(Connection connection) throws Exception {
    TableName name = table(connection, "timed");
    ServerStatsReader reader = new ServerStatsReader(connection);
    long longest = 0;
    WorkloadReading before = reader.workload();
    try (Table table = connection.getTable(name)) {
      for (int i = 0; i < 200; i++) {
        long start = System.nanoTime();
        if (i % 2 == 0) {
          table.put(new Put(row(i)).addColumn(F, Q, Bytes.toBytes(i)));
        } else {
          table.get(new Get(row(i - 1)));
        }
        longest = Math.max(longest, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + 1);
      }
    }
    OperationLatencies latencies = reader.workload().tablesSince(before).get(name.getNameAsString()).latencies();
    assertThat(latencies.count()).isEqualTo(200);
    // The server's clock counts from the call's arrival, after the client sent it: never longer than the client waited.
    assertThat(latencies.percentileMillis(1.0).getAsLong())
        .isLessThanOrEqualTo(LatencyBuckets.upperBound(LatencyBuckets.of(longest)));
  }

  @Test
  void writesIntoAnEmptyTableAreABulkLoadAndThenReadsAreReadOnly(Connection connection) throws Exception {
    TableName name = table(connection, "classified");
    WorkloadMonitor monitor = new WorkloadMonitor(connection);
    WorkloadMonitor.Start start = monitor.start();
    assertThat(start.emptyTables()).contains(name.getNameAsString());
    load(connection, name, F, Q, 0, 50);
    WorkloadWindow load = monitor.end(start);
    assertThat(load.tables().get(name.getNameAsString()).classification().workloadClass())
        .isEqualTo(WorkloadClass.BL);
    assertThat(load.servers()).hasSize(2).allSatisfy(server -> assertThat(server.memstoreLimitBytes()).isPositive());

    WorkloadMonitor.Start next = awaitWritten(monitor, name);
    try (Table table = connection.getTable(name)) {
      for (int i = 0; i < 40; i++) {
        table.get(new Get(row(i)));
      }
      table.put(new Put(row(100)).addColumn(F, Q, Bytes.toBytes(100)));
    }
    WorkloadWindow reads = monitor.end(next);
    Classification classified = reads.tables().get(name.getNameAsString()).classification();
    assertThat(classified.workloadClass()).isEqualTo(WorkloadClass.RM);
    assertThat(classified.reason()).isEqualTo("2.4% writes (1 of 41 operations)");
  }

  @Test
  void aLoadStaysALoadOverTheFollowingWindowsUntilTheTableIsRead(Connection connection) throws Exception {
    TableName name = table(connection, "loading");
    WorkloadMonitor monitor = new WorkloadMonitor(connection);
    WorkloadMonitor.Start start = monitor.start();
    load(connection, name, F, Q, 0, 50);
    assertThat(classOf(monitor.end(start), name)).isEqualTo(WorkloadClass.BL);

    // Once the servers report the first rows, the table no longer looks empty; its load goes on all the same.
    WorkloadMonitor.Start next = awaitWritten(monitor, name);
    load(connection, name, F, Q, 50, 100);
    assertThat(classOf(monitor.end(next), name)).isEqualTo(WorkloadClass.BL);

    WorkloadMonitor.Start reads = monitor.start();
    try (Table table = connection.getTable(name)) {
      table.get(new Get(row(1)));
    }
    assertThat(classOf(monitor.end(reads), name)).isEqualTo(WorkloadClass.RO_READ);

    // Read since: writes now update a table in use.
    WorkloadMonitor.Start writes = monitor.start();
    load(connection, name, F, Q, 100, 110);
    assertThat(classOf(monitor.end(writes), name)).isEqualTo(WorkloadClass.WO);
  }

  private static WorkloadClass classOf(WorkloadWindow window, TableName name) {
    return window.tables().get(name.getNameAsString()).classification().workloadClass();
  }

  /**
   * A window start once the servers have reported the table's writes: they report a region's writes every few
   * seconds, and until then the table still looks empty.
   */
  private static WorkloadMonitor.Start awaitWritten(WorkloadMonitor monitor, TableName name) throws Exception {
    AtomicReference<WorkloadMonitor.Start> start = new AtomicReference<>();
    Await.until(() -> {
      start.set(monitor.start());
      return !start.get().emptyTables().contains(name.getNameAsString());
    }, Duration.ofSeconds(30), Duration.ofMillis(500), "the servers' report of " + name + "'s writes",
        () -> new IOException("the servers reported no write to " + name + " within 30 s"));
    return start.get();
  }

  /** One family, two regions. */
  private static TableName table(Connection connection, String prefix) throws Exception {
    return create(connection, prefix, F, row(5));
  }
}

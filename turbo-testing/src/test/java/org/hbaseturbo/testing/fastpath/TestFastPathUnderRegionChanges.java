package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.testing.SharedHBaseCluster;
import org.junit.jupiter.api.Test;

/**
 * Faults the fast path meets while it serves: the table's region moved to the other RegionServer, split, and its
 * daughters moved, under a load of Puts and Gets. Every operation succeeds (the ones the fast path could not serve
 * went over RPC, whose retries and location refresh a stock client has), every acknowledged Put reads back over
 * RPC, and every Get of an acknowledged row finds it.
 */
class TestFastPathUnderRegionChanges {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] QUALIFIER = Bytes.toBytes("q");
  private static final int WRITERS = 2;

  @Test
  void movesAndSplitsUnderLoadFailNothingAndLoseNothing() throws Exception {
    TableName name = SharedHBaseCluster.uniqueTableName("fp_faults");
    try (Admin admin = SharedHBaseCluster.connection().getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
    }
    AtomicBoolean running = new AtomicBoolean(true);
    ConcurrentLinkedQueue<Integer> acknowledged = new ConcurrentLinkedQueue<>();
    AtomicInteger latest = new AtomicInteger(-1);
    AtomicInteger reads = new AtomicInteger();
    ExecutorService load = Executors.newFixedThreadPool(WRITERS + 1);
    try (FastPathConnection fast = FastPathConnections.open(SharedHBaseCluster.cluster().clientConfiguration())) {
      List<Future<?>> loaders = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int writer = w;
        loaders.add(load.submit(() -> write(fast, name, writer, running, acknowledged, latest)));
      }
      loaders.add(load.submit(() -> read(fast, name, running, acknowledged, latest, reads)));

      try (Admin admin = SharedHBaseCluster.connection().getAdmin()) {
        awaitAcknowledged(acknowledged, 200);
        moveEveryRegion(admin, name);
        awaitAcknowledged(acknowledged, acknowledged.size() + 200);
        admin.split(name, row(WRITERS * 500_000));
        awaitRegions(admin, name, 2);
        awaitAcknowledged(acknowledged, acknowledged.size() + 200);
        moveEveryRegion(admin, name);
        awaitAcknowledged(acknowledged, acknowledged.size() + 200);
      } finally {
        running.set(false);
      }
      for (Future<?> loader : loaders) {
        // A failed operation fails its loader: get() rethrows it.
        loader.get(2, TimeUnit.MINUTES);
      }
      assertThat(fast.counters().served()).as("operations the fast path served").isPositive();
      assertThat(reads.get()).as("Gets of acknowledged rows").isPositive();
    } finally {
      load.shutdownNow();
    }
    try (Table rpc = SharedHBaseCluster.connection().getTable(name)) {
      for (int row : acknowledged) {
        Result result = rpc.get(new Get(row(row)));
        assertThat(result.getValue(FAMILY, QUALIFIER)).as("acknowledged row %d", row).isEqualTo(value(row));
      }
    }
  }

  /** Rows writer, writer + WRITERS, ...: keys spread over the split point by their leading digits. */
  private static Void write(FastPathConnection fast, TableName name, int writer, AtomicBoolean running,
      ConcurrentLinkedQueue<Integer> acknowledged, AtomicInteger latest) throws IOException {
    try (Table table = fast.getTable(name)) {
      for (int i = 0; running.get(); i++) {
        int row = spread(i * WRITERS + writer);
        table.put(new Put(row(row)).addColumn(FAMILY, QUALIFIER, value(row)));
        // Latest first: once the reader sees a row in the queue, it finds a latest one too.
        latest.set(row);
        acknowledged.add(row);
      }
    }
    return null;
  }

  private static Void read(FastPathConnection fast, TableName name, AtomicBoolean running,
      ConcurrentLinkedQueue<Integer> acknowledged, AtomicInteger latest, AtomicInteger reads) throws IOException {
    try (Table table = fast.getTable(name)) {
      while (running.get()) {
        Integer oldest = acknowledged.peek();
        if (oldest == null) {
          Thread.onSpinWait();
          continue;
        }
        // The oldest and the latest acknowledged row: both must be there, wherever their region went.
        for (int probe : new int[] {oldest, latest.get()}) {
          Result result = table.get(new Get(row(probe)));
          assertThat(result.getValue(FAMILY, QUALIFIER)).as("acknowledged row %d", probe).isEqualTo(value(probe));
          reads.incrementAndGet();
        }
      }
    }
    return null;
  }

  /** Spreads consecutive numbers over [0, 2 * WRITERS * 500,000): the split point lies in the middle. */
  private static int spread(int i) {
    return (int) ((i * 2_654_435_761L) % (2L * WRITERS * 500_000));
  }

  private static byte[] row(int row) {
    return Bytes.toBytes(String.format("%07d", row));
  }

  private static byte[] value(int row) {
    return Bytes.toBytes("value-" + row);
  }

  private static void awaitAcknowledged(ConcurrentLinkedQueue<Integer> acknowledged, int count)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (acknowledged.size() < count) {
      assertThat(System.nanoTime()).as("%d Puts acknowledged within a minute", count).isLessThan(deadline);
      Thread.sleep(20);
    }
  }

  /** Moves each of the table's regions to another RegionServer; Admin.move returns once it is open there. */
  private static void moveEveryRegion(Admin admin, TableName name) throws IOException {
    List<ServerName> servers = new ArrayList<>(admin.getRegionServers());
    for (ServerName from : servers) {
      ServerName to = servers.stream().filter(server -> !server.equals(from)).findAny().orElseThrow();
      for (RegionInfo region : onlineRegions(admin, name, from)) {
        admin.move(region.getEncodedNameAsBytes(), to);
      }
    }
  }

  /** The table's regions a RegionServer has open, as it reports them itself (no split parent among them). */
  private static List<RegionInfo> onlineRegions(Admin admin, TableName name, ServerName server) throws IOException {
    return admin.getRegions(server).stream().filter(region -> region.getTable().equals(name)).toList();
  }

  private static void awaitRegions(Admin admin, TableName name, int count) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (true) {
      int online = 0;
      for (ServerName server : admin.getRegionServers()) {
        online += onlineRegions(admin, name, server).size();
      }
      if (online == count && admin.isTableAvailable(name)) {
        return;
      }
      assertThat(System.nanoTime()).as("%d regions within a minute", count).isLessThan(deadline);
      Thread.sleep(100);
    }
  }
}

package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.junit.jupiter.api.Test;

/**
 * Faults the fast path meets while it serves: the table's regions moved to the other RegionServer and back, under a
 * load of Puts and Gets. What the fast path cannot serve goes over HBase's RPC, whose retries outlast a move (15
 * retries backing off from a 20 ms pause: about 25 s, against a move's second or two), so no operation fails, as
 * none of a stock client's would; every failure is one the fast path added, and the test lists them. Every
 * acknowledged Put reads back over RPC, and every Get of an acknowledged row finds it.
 *
 * <p>Not a split: on this embedded cluster, after a split under such a load a stock client without the fast path
 * also stopped for over a minute (RegionMovedException back and forth between the two RegionServers, each attempt
 * waiting on the closing region), which no deadline here could bound.
 */
class FastPathUnderRegionChangesIT {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] QUALIFIER = Bytes.toBytes("q");
  private static final int WRITERS = 2;

  @Test
  void movesUnderLoadFailOnlyAsRpcDoesAndLoseNothing() throws Exception {
    TableName name = TestingTables.create(SharedHBaseCluster.connection(), "fp_faults", FAMILY);
    AtomicBoolean running = new AtomicBoolean(true);
    ConcurrentLinkedQueue<Integer> acknowledged = new ConcurrentLinkedQueue<>();
    AtomicInteger latest = new AtomicInteger(-1);
    ConcurrentLinkedQueue<String> failed = new ConcurrentLinkedQueue<>();
    AtomicInteger reads = new AtomicInteger();
    ExecutorService load = Executors.newFixedThreadPool(WRITERS + 1);
    Configuration client = SharedHBaseCluster.cluster().clientConfiguration();
    // HBase's client backs off up to 100 pauses between retries: short pauses keep a move's retries within the
    // test's deadlines.
    client.setLong(HConstants.HBASE_CLIENT_PAUSE, 20);
    try (FastPathConnection fast = FastPathConnections.open(client)) {
      List<Future<?>> loaders = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int writer = w;
        loaders.add(load.submit(() -> write(fast, name, writer, running, acknowledged, latest, failed)));
      }

      try (Admin admin = SharedHBaseCluster.connection().getAdmin()) {
        awaitAcknowledged(acknowledged, 200, loaders);
        // From now on the reader always finds an acknowledged row to read.
        loaders.add(load.submit(() -> read(fast, name, running, acknowledged, latest, reads, failed)));
        moveEveryRegion(admin, name);
        awaitAcknowledged(acknowledged, acknowledged.size() + 200, loaders);
        moveEveryRegion(admin, name);
        awaitAcknowledged(acknowledged, acknowledged.size() + 200, loaders);
      } finally {
        running.set(false);
      }
      for (Future<?> loader : loaders) {
        // A failed operation fails its loader: get() rethrows it.
        loader.get(2, TimeUnit.MINUTES);
      }
      assertThat(failed).as("operations that failed").isEmpty();
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

  /** Rows writer, writer + WRITERS, ...: keys spread over the key space by their leading digits. */
  private static Void write(FastPathConnection fast, TableName name, int writer, AtomicBoolean running,
      ConcurrentLinkedQueue<Integer> acknowledged, AtomicInteger latest, ConcurrentLinkedQueue<String> failed)
      throws IOException {
    try (Table table = fast.getTable(name)) {
      for (int i = 0; running.get(); i++) {
        int row = spread(i * WRITERS + writer);
        try {
          table.put(new Put(row(row)).addColumn(FAMILY, QUALIFIER, value(row)));
        } catch (IOException e) {
          // Listed, and the load goes on: the moves still come, and the test reports every failure at its end.
          failed.add("Put of row " + row + ": " + e);
          continue;
        }
        // Latest first: once the reader sees a row in the queue, it finds a latest one too.
        latest.set(row);
        acknowledged.add(row);
      }
    }
    return null;
  }

  private static Void read(FastPathConnection fast, TableName name, AtomicBoolean running,
      ConcurrentLinkedQueue<Integer> acknowledged, AtomicInteger latest, AtomicInteger reads,
      ConcurrentLinkedQueue<String> failed) throws IOException {
    try (Table table = fast.getTable(name)) {
      while (running.get()) {
        // The oldest and the latest acknowledged row: both must be there, wherever their region went.
        for (int probe : new int[] {acknowledged.element(), latest.get()}) {
          Result result;
          try {
            result = table.get(new Get(row(probe)));
          } catch (IOException e) {
            failed.add("Get of row " + probe + ": " + e);
            continue;
          }
          assertThat(result.getValue(FAMILY, QUALIFIER)).as("acknowledged row %d", probe).isEqualTo(value(probe));
          reads.incrementAndGet();
        }
      }
    }
    return null;
  }

  /** Spreads consecutive numbers over [0, 2 * WRITERS * 500,000). */
  private static int spread(int i) {
    return (int) ((i * 2_654_435_761L) % (2L * WRITERS * 500_000));
  }

  /** Seven digits, not {@link TestingTables#row}'s five: the writers' rows spread over two million numbers. */
  private static byte[] row(int row) {
    return Bytes.toBytes(String.format("%07d", row));
  }

  private static byte[] value(int row) {
    return Bytes.toBytes("value-" + row);
  }

  /** Waits for the writers to acknowledge {@code count} Puts; a loader that failed fails the test with its cause. */
  private static void awaitAcknowledged(ConcurrentLinkedQueue<Integer> acknowledged, int count,
      List<Future<?>> loaders) throws IOException {
    Await.until(() -> {
      for (Future<?> loader : loaders) {
        if (loader.isDone()) {
          try {
            loader.get();
          } catch (ExecutionException | InterruptedException e) {
            throw new IOException("a loader failed", e);
          }
        }
      }
      return acknowledged.size() >= count;
    }, Duration.ofMinutes(1), Duration.ofMillis(20), count + " Puts to be acknowledged",
        () -> new IOException(count + " Puts not acknowledged within a minute (" + acknowledged.size()
            + "); threads:\n" + stacks()));
  }

  /** The stacks of the load's and the fast path's threads, for a load that stopped. */
  private static String stacks() {
    StringBuilder text = new StringBuilder();
    Thread.getAllStackTraces().forEach((thread, stack) -> {
      if (thread.getName().startsWith("FastPath") || thread.getName().startsWith("pool-")) {
        text.append(thread.getName()).append(" ").append(thread.getState()).append('\n');
        for (StackTraceElement frame : stack) {
          text.append("    ").append(frame).append('\n');
        }
      }
    });
    return text.toString();
  }

  /**
   * Moves each RegionServer's regions of the table to the other one in turn (a region can travel twice); Admin.move
   * returns once the region is open where it went.
   */
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
}

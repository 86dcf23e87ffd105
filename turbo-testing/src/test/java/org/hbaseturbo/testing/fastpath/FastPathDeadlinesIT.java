package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.coprocessor.ObserverContext;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.RegionObserver;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.wal.WALEdit;
import org.hbaseturbo.client.fastpath.FastPathClientConfig;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.cluster.SharedHBaseCluster;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.server.fastpath.FastPathServer;
import org.junit.jupiter.api.Test;

/**
 * Work a caller has given up on never runs later. A RegionServer stalls a Put of one row past the clients'
 * timeout; meanwhile another client's Put of a second row waits behind it, times out, is done again over RPC, and
 * the row is deleted. Over HBase's RPC the second Put runs at once on another handler; over the fast path it waits
 * in the stalled worker's queue, and were it run once the stall ends, it would bring the deleted row back with a
 * newer timestamp. Both paths, measured in the same test, must leave the row deleted.
 */
class FastPathDeadlinesIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(1);
  private static final Duration WAIT = Duration.ofSeconds(60);

  /** Holds every Put of a row that starts with "hold" until {@link #release} opens. */
  public static final class StallingObserver implements RegionCoprocessor, RegionObserver {
    static volatile CountDownLatch release = new CountDownLatch(0);
    static final AtomicInteger stalled = new AtomicInteger();

    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }

    @Override
    public void prePut(ObserverContext<RegionCoprocessorEnvironment> context, Put put, WALEdit edit)
        throws IOException {
      if (Bytes.toString(put.getRow()).startsWith("hold")) {
        stalled.incrementAndGet();
        try {
          release.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  @Test
  void aPutItsCallerGaveUpOnDoesNotUndoALaterDelete() throws Exception {
    TableName table = SharedHBaseCluster.uniqueTableName("fp_deadline");
    try (Admin admin = SharedHBaseCluster.connection().getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .setCoprocessor(StallingObserver.class.getName()).build());
    }
    Configuration client = new Configuration(SharedHBaseCluster.cluster().clientConfiguration());
    client.setLong(FastPathClientConfig.TIMEOUT_KEY, CLIENT_TIMEOUT.toMillis());
    client.setLong(HConstants.HBASE_RPC_TIMEOUT_KEY, WAIT.toMillis());

    String overRpc;
    try (Connection holder = ConnectionFactory.createConnection(client);
        Connection writer = ConnectionFactory.createConnection(client)) {
      overRpc = afterStalledPut(table, holder, writer, "rpc");
    }
    ServerName server;
    try (var locator = SharedHBaseCluster.connection().getRegionLocator(table)) {
      server = locator.getRegionLocation(Bytes.toBytes("row")).getServerName();
    }
    long expiredBefore = FastPathServer.status(server).orElseThrow().expired();
    String overFastPath;
    // Each connection's first caller uses its first UCX worker, which both send to the RegionServer's first worker:
    // the writer's Put waits in the queue behind the holder's stalled one.
    try (FastPathConnection holder = FastPathConnections.open(client);
        FastPathConnection writer = FastPathConnections.open(client)) {
      overFastPath = afterStalledPut(table, holder, writer, "fastpath");
      assertThat(writer.counters().unavailable()).as("the writer's Put timed out on the fast path").isEqualTo(1);
      assertThat(writer.counters().served()).as("the writer's Get after the stall").isEqualTo(1);
    }
    assertThat(overRpc).as("over RPC the row stays deleted").isEqualTo("deleted");
    assertThat(overFastPath).as("over the fast path as over RPC").isEqualTo(overRpc);
    assertThat(FastPathServer.status(server).orElseThrow().expired()).as("the queued Put dropped past its deadline")
        .isGreaterThan(expiredBefore);
  }

  /**
   * Stalls the holder's Put, puts and deletes a row through the writer meanwhile, ends the stall.
   *
   * @return how the row reads once the RegionServer has handled everything sent: "deleted" or its value
   */
  private static String afterStalledPut(TableName table, Connection holder, Connection writer, String path)
      throws Exception {
    byte[] row = Bytes.toBytes("row-" + path);
    StallingObserver.release = new CountDownLatch(1);
    int stalledBefore = StallingObserver.stalled.get();
    ExecutorService background = Executors.newSingleThreadExecutor();
    try (Table held = holder.getTable(table); Table written = writer.getTable(table)) {
      Future<?> stalledPut = background.submit(() -> {
        held.put(new Put(Bytes.toBytes("hold-" + path)).addColumn(F, Q, Bytes.toBytes("held")));
        return null;
      });
      Await.until(WAIT, "the holder's Put to stall", () -> StallingObserver.stalled.get() > stalledBefore);
      written.put(new Put(row).addColumn(F, Q, Bytes.toBytes("v1")));
      written.delete(new Delete(row));
      StallingObserver.release.countDown();
      stalledPut.get(WAIT.toSeconds(), TimeUnit.SECONDS);
      // A Get from the writer's first worker again: its reply comes after the server handled all sent before it.
      written.get(new Get(row));
    } finally {
      StallingObserver.release.countDown();
      background.shutdownNow();
    }
    try (Table rpc = SharedHBaseCluster.connection().getTable(table)) {
      byte[] value = rpc.get(new Get(row)).getValue(F, Q);
      return value == null ? "deleted" : Bytes.toString(value);
    }
  }
}

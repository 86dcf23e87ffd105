package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.coprocessor.ObserverContext;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.RegionObserver;
import org.apache.hadoop.hbase.ipc.RpcServer;
import org.apache.hadoop.hbase.regionserver.MiniBatchOperationInProgress;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.EnvironmentEdgeManager;
import org.apache.hadoop.hbase.wal.WALEdit;
import org.hbaseturbo.client.fastpath.FastPathClientConfig;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.server.fastpath.FastPathServer;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.junit.jupiter.api.Test;

/**
 * Work a caller has given up on never runs later, over the fast path as over RPC, measured side by side:
 * <ul>
 *   <li>A RegionServer stalls one client's Puts past the clients' timeout, one on each of its fast-path workers;
 *       meanwhile another client's Put of a second row waits behind them, times out, is done again over RPC, and the
 *       row is deleted. Over HBase's RPC the second Put runs at once on another handler; over the fast path it waits
 *       in a stalled worker's queue, and were it run once the stall ends, it would bring the deleted row back with a
 *       newer timestamp.
 *   <li>A Put holds a row's lock past the clients' timeout; another client's Put of the same row begins, waits for
 *       the lock, times out, is done again over RPC once the lock is free, and the row is deleted. Were the first
 *       attempt to take the lock once it is free, it could land after the Delete.
 * </ul>
 * Both must leave the row deleted, and no attempt may land after its caller gave up.
 */
class FastPathDeadlinesIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(1);
  private static final Duration WAIT = Duration.ofSeconds(60);

  /**
   * Holds every Put of a row that starts with "hold" until {@link #release} opens, before it takes its row's lock;
   * and every batch with a Put that carries the attribute {@value #HOLD_LOCK} after it took its rows' locks
   * (exclusively, for an atomic batch). Counts
   * the Puts that land after their caller's deadline, on an RPC handler or on a fast-path worker.
   */
  public static final class StallingObserver implements RegionCoprocessor, RegionObserver {
    static final String HOLD_LOCK = "hold-lock";
    static volatile CountDownLatch release = new CountDownLatch(0);
    static final AtomicInteger stalled = new AtomicInteger();
    static final AtomicInteger landedLate = new AtomicInteger();
    /** Puts that a fast-path worker ran, whatever the deadline: before this issue they ran without one. */
    static final AtomicInteger landedOnFastPath = new AtomicInteger();

    @Override
    public Optional<RegionObserver> getRegionObserver() {
      return Optional.of(this);
    }

    @Override
    public void prePut(ObserverContext<RegionCoprocessorEnvironment> context, Put put, WALEdit edit)
        throws IOException {
      if (Bytes.toString(put.getRow()).startsWith("hold")) {
        stall();
      }
    }

    @Override
    public void preBatchMutate(ObserverContext<RegionCoprocessorEnvironment> context,
        MiniBatchOperationInProgress<Mutation> batch) {
      for (int i = 0; i < batch.size(); i++) {
        if (batch.getOperation(i).getAttribute(HOLD_LOCK) != null) {
          stall();
          return;
        }
      }
    }

    @Override
    public void postPut(ObserverContext<RegionCoprocessorEnvironment> context, Put put, WALEdit edit) {
      if (Thread.currentThread().getName().startsWith("FastPath-")) {
        landedOnFastPath.incrementAndGet();
      }
      RpcServer.getCurrentCall().filter(call -> call.getDeadline() < EnvironmentEdgeManager.currentTime())
          .ifPresent(call -> landedLate.incrementAndGet());
    }

    private static void stall() {
      stalled.incrementAndGet();
      try {
        release.await(WAIT.toSeconds(), TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Test
  void aPutItsCallerGaveUpOnDoesNotUndoALaterDelete() throws Exception {
    TableName table = stallingTable("fp_deadline");
    Configuration client = clientConfiguration(WAIT);

    ServerName server;
    try (var locator = SharedHBaseCluster.connection().getRegionLocator(table)) {
      server = locator.getRegionLocation(Bytes.toBytes("row")).getServerName();
    }
    // The holder stalls a Put on every fast-path worker of the RegionServer, so the writer's Put waits in the queue
    // behind one of them, whichever worker its session gave its first; over RPC the same stalls leave handlers free.
    int stalls = FastPathServer.status(server).orElseThrow().workers();
    String overRpc;
    try (Connection holder = ConnectionFactory.createConnection(client);
        Connection writer = ConnectionFactory.createConnection(client)) {
      overRpc = afterStalledPuts(table, holder, writer, "rpc", stalls);
    }
    long expiredBefore = FastPathServer.status(server).orElseThrow().expired();
    String overFastPath;
    try (FastPathConnection holder = FastPathConnections.open(client);
        FastPathConnection writer = FastPathConnections.open(client)) {
      overFastPath = afterStalledPuts(table, holder, writer, "fastpath", stalls);
      assertThat(writer.counters().unavailable()).as("the writer's Put timed out on the fast path").isEqualTo(1);
      assertThat(writer.counters().served()).as("the writer's Get after the stall").isEqualTo(1);
    }
    assertThat(overRpc).as("over RPC the row stays deleted").isEqualTo("deleted");
    assertThat(overFastPath).as("over the fast path as over RPC").isEqualTo(overRpc);
    assertThat(FastPathServer.status(server).orElseThrow().expired()).as("the queued Put dropped past its deadline")
        .isGreaterThan(expiredBefore);
  }

  @Test
  void aPutWaitingForARowLockPastItsDeadlineDoesNotTakeItLater() throws Exception {
    TableName table = stallingTable("fp_rowlock");
    StallingObserver.landedLate.set(0);
    StallingObserver.landedOnFastPath.set(0);
    String overRpc;
    // Over RPC the writer's calls time out as the fast path's do; HBase retries them until the lock is free.
    try (Connection holder = ConnectionFactory.createConnection(clientConfiguration(WAIT));
        Connection writer = ConnectionFactory.createConnection(clientConfiguration(CLIENT_TIMEOUT))) {
      overRpc = afterHeldRowLock(table, holder, writer, "rpc", () -> true);
    }
    String overFastPath;
    try (Connection holder = ConnectionFactory.createConnection(clientConfiguration(WAIT));
        FastPathConnection writer = FastPathConnections.open(clientConfiguration(WAIT))) {
      // At its deadline the server stops the Put's wait for the lock and answers; or the client stops waiting first.
      overFastPath = afterHeldRowLock(table, holder, writer, "fastpath", () -> writer.counters().fellBack() > 0);
      assertThat(writer.counters().fellBack()).as("the writer's Put gave up on the fast path").isEqualTo(1);
    }
    assertThat(overRpc).as("over RPC the row stays deleted").isEqualTo("deleted");
    assertThat(overFastPath).as("over the fast path as over RPC").isEqualTo(overRpc);
    assertThat(StallingObserver.landedLate.get()).as("Puts that landed after their caller's deadline").isZero();
    assertThat(StallingObserver.landedOnFastPath.get()).as("the fast path's Put, once the lock was free").isZero();
  }

  private static TableName stallingTable(String prefix) throws IOException {
    return TestingTables.create(SharedHBaseCluster.connection(), prefix, table -> table
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).setCoprocessor(StallingObserver.class.getName()));
  }

  /** The shared cluster's client settings, with the fast path's timeout and the given RPC timeout. */
  private static Configuration clientConfiguration(Duration rpcTimeout) {
    Configuration client = new Configuration(SharedHBaseCluster.cluster().clientConfiguration());
    client.setLong(FastPathClientConfig.TIMEOUT_KEY, CLIENT_TIMEOUT.toMillis());
    client.setLong(HConstants.HBASE_RPC_TIMEOUT_KEY, rpcTimeout.toMillis());
    client.setLong(HConstants.HBASE_CLIENT_OPERATION_TIMEOUT, WAIT.toMillis());
    client.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 100);
    return client;
  }

  /**
   * Holds a row's lock through the holder, puts the same row through the writer meanwhile and, once the writer's
   * first attempt has given up ({@code gaveUp}) and its deadline is past, frees the lock; once the writer's Put
   * returns, deletes the row through the writer.
   *
   * @return how the row reads once everything sent has been handled: "deleted" or its value
   */
  private static String afterHeldRowLock(TableName table, Connection holder, Connection writer, String path,
      Await.Condition gaveUp) throws Exception {
    byte[] row = Bytes.toBytes("locked-" + path);
    StallingObserver.release = new CountDownLatch(1);
    int stalledBefore = StallingObserver.stalled.get();
    ExecutorService background = Executors.newFixedThreadPool(2);
    try (Table held = holder.getTable(table); Table written = writer.getTable(table)) {
      Future<?> holding = background.submit(() -> {
        Put put = new Put(row).addColumn(F, Q, Bytes.toBytes("held"));
        put.setAttribute(StallingObserver.HOLD_LOCK, new byte[] {1});
        // Atomic, so it takes the row's lock exclusively: a plain Put shares it with other plain Puts.
        held.mutateRow(RowMutations.of(List.of(put)));
        return null;
      });
      Await.until(WAIT, "the holder's Put to take the row's lock", () -> StallingObserver.stalled.get()
          > stalledBefore);
      Future<?> writing = background.submit(() -> {
        written.put(new Put(row).addColumn(F, Q, Bytes.toBytes("v1")));
        return null;
      });
      Await.until(WAIT, "the writer's first attempt to give up", gaveUp);
      // Past the first attempt's deadline, and then some: were it still waiting for the lock, it would take it now.
      Thread.sleep(CLIENT_TIMEOUT.toMillis() + 500);
      StallingObserver.release.countDown();
      holding.get(WAIT.toSeconds(), TimeUnit.SECONDS);
      writing.get(WAIT.toSeconds(), TimeUnit.SECONDS);
      written.delete(new Delete(row));
      // Long enough for an attempt that still waited to land.
      Thread.sleep(1_000);
    } finally {
      StallingObserver.release.countDown();
      background.shutdownNow();
    }
    return readsAs(table, row);
  }

  /**
   * Stalls {@code stalls} Puts of the holder at once, puts and deletes a row through the writer meanwhile, ends the
   * stalls.
   *
   * @return how the row reads once the RegionServer has handled everything sent: "deleted" or its value
   */
  private static String afterStalledPuts(TableName table, Connection holder, Connection writer, String path,
      int stalls) throws Exception {
    byte[] row = Bytes.toBytes("row-" + path);
    StallingObserver.release = new CountDownLatch(1);
    int stalledBefore = StallingObserver.stalled.get();
    ExecutorService background = Executors.newFixedThreadPool(stalls);
    try (Table held = holder.getTable(table); Table written = writer.getTable(table)) {
      List<Future<?>> stalledPuts = new ArrayList<>();
      for (int i = 0; i < stalls; i++) {
        byte[] heldRow = Bytes.toBytes("hold-" + path + "-" + i);
        stalledPuts.add(background.submit(() -> {
          held.put(new Put(heldRow).addColumn(F, Q, Bytes.toBytes("held")));
          return null;
        }));
      }
      Await.until(WAIT, "the holder's " + stalls + " Puts to stall",
          () -> StallingObserver.stalled.get() >= stalledBefore + stalls);
      written.put(new Put(row).addColumn(F, Q, Bytes.toBytes("v1")));
      written.delete(new Delete(row));
      StallingObserver.release.countDown();
      for (Future<?> stalledPut : stalledPuts) {
        stalledPut.get(WAIT.toSeconds(), TimeUnit.SECONDS);
      }
      // A Get from the writer's first worker again: its reply comes after the server handled all sent before it.
      written.get(new Get(row));
    } finally {
      StallingObserver.release.countDown();
      background.shutdownNow();
    }
    return readsAs(table, row);
  }

  /** How the row reads now, over RPC: "deleted" or its value. */
  private static String readsAs(TableName table, byte[] row) throws IOException {
    try (Table rpc = SharedHBaseCluster.connection().getTable(table)) {
      byte[] value = rpc.get(new Get(row)).getValue(F, Q);
      return value == null ? "deleted" : Bytes.toString(value);
    }
  }
}

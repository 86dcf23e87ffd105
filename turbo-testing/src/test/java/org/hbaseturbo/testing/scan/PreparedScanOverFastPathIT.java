package org.hbaseturbo.testing.scan;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import com.google.protobuf.Service;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntUnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.coprocessor.EndpointObserver;
import org.apache.hadoop.hbase.coprocessor.ObserverContext;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathClientConfig;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.Execution;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testing.fastpath.FastPathConnections;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.junit.jupiter.api.Test;

/**
 * Prepared Scan's executes over the fast path where the fast path does not serve them, and no row may be lost or
 * repeated:
 * <ul>
 *   <li>a reply would be larger than the channel carries ({@code turbo.fastpath.server.max-reply-bytes}, 4 MiB):
 *       the RegionServer sends none, closes the cursor the reply would have left open, and the client repeats the
 *       execute over RPC, resuming after the rows it has;
 *   <li>no reply comes in time, although the RegionServer runs the execute later: the client gives up its cursor
 *       and resumes after the rows it has, instead of sending the execute again with a cursor that moves on.
 * </ul>
 */
class PreparedScanOverFastPathIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final int ROWS = 8;
  /** Over the fast path's 4 MiB reply limit on its own. */
  private static final int LARGE_VALUE = 5 << 20;

  /** How long the client waits for a fast-path reply in the timeout test. */
  private static final long TIMEOUT_MILLIS = 1_000;
  /** How long the RegionServer holds the execute: well past the client's timeout, even on a slow machine. */
  private static final long HOLD_MILLIS = 4 * TIMEOUT_MILLIS;

  @Test
  void repliesOverTheChannelsLimitGoOverRpcAndLoseNoRow() throws IOException {
    TableName name = TestingTables.create(SharedHBaseCluster.connection(), "ps_fast_large",
        table -> table.setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)));
    // Rows 2 and 5 are each too large for a fast-path reply; the others are small.
    List<String> expected = load(name, i -> i == 2 || i == 5 ? LARGE_VALUE : 100);

    try (FastPathConnection fast = FastPathConnections.open(SharedHBaseCluster.cluster().clientConfiguration());
        PreparedScan prepared = PreparedScan.prepare(fast, name, new Scan().addColumn(F, Q))) {
      for (int caching : new int[] {1, 3}) {
        long refusedBefore = fast.counters().answered(FastPathStatus.REPLAY_OVER_RPC);
        assertThat(ResultLines.cells(prepared.execute(Execution.range(new byte[0], new byte[0]).caching(caching))))
            .as("caching %d", caching).isEqualTo(expected);
        assertThat(fast.counters().answered(FastPathStatus.REPLAY_OVER_RPC) - refusedBefore)
            .as("replies too large for the fast path, caching %d", caching).isGreaterThanOrEqualTo(2);
      }
      assertThat(fast.counters().served()).as("the small replies").isPositive();
      // With caching 1, each large row came after a reply that left a cursor open: the cursor was gone on RPC.
      assertThat(prepared.recoveries().cursorsResumed()).isGreaterThanOrEqualTo(2);
    }
  }

  /**
   * An execute that carries a cursor waits on the RegionServer longer than the client waits for its reply, and then
   * runs. Sent again over RPC with that cursor, it would return the rows after the previous reply's, and the late
   * run would move the cursor past the next ones: those would be lost.
   */
  @Test
  void anExecuteThatTimesOutIsNotSentAgainWithItsCursor() throws IOException, InterruptedException {
    TableName name = TestingTables.create(SharedHBaseCluster.connection(), "ps_fast_late", table -> table
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).setCoprocessor(HoldNextExecute.class.getName()));
    List<String> expected = load(name, i -> 100);
    Configuration conf = new Configuration(SharedHBaseCluster.cluster().clientConfiguration());
    conf.setLong(FastPathClientConfig.TIMEOUT_KEY, TIMEOUT_MILLIS);
    Execution everything = Execution.range(new byte[0], new byte[0]).caching(2);
    try (FastPathConnection fast = FastPathConnections.open(conf);
        PreparedScan prepared = PreparedScan.prepare(fast, name, new Scan().addColumn(F, Q))) {
      // Once through first, so that no execute of the scan below times out only because the path is cold.
      assertThat(ResultLines.cells(prepared.execute(everything))).isEqualTo(expected);
      long resumedBefore = prepared.recoveries().cursorsResumed();
      List<String> found = new ArrayList<>();
      try (ResultScanner scanner = prepared.execute(everything)) {
        found.addAll(ResultLines.firstRows(scanner, 2));
        CountDownLatch lateRunDone = HoldNextExecute.arm(HOLD_MILLIS);
        found.addAll(ResultLines.firstRows(scanner, 1));
        assertThat(lateRunDone.await(30, TimeUnit.SECONDS)).as("the held execute ran").isTrue();
        found.addAll(ResultLines.cells(scanner));
      }
      assertThat(HoldNextExecute.heldWithCursor()).as("held executes that carried a cursor").isEqualTo(1);
      assertThat(found).isEqualTo(expected);
      assertThat(fast.counters().unavailable()).as("executes without a reply in time").isPositive();
      assertThat(prepared.recoveries().cursorsResumed() - resumedBefore).as("cursors given up").isPositive();
    }
  }

  /** Writes {@value #ROWS} rows, row i's value {@code valueBytes.applyAsInt(i)} bytes; returns them as scanned. */
  private static List<String> load(TableName name, IntUnaryOperator valueBytes) throws IOException {
    try (Table table = SharedHBaseCluster.connection().getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        byte[] value = new byte[valueBytes.applyAsInt(i)];
        value[0] = (byte) i;
        puts.add(new Put(TestingTables.row(i)).addColumn(F, Q, value));
      }
      table.put(puts);
      List<String> rows = ResultLines.cells(table.getScanner(new Scan()));
      assertThat(rows).as("a header and a cell per row").hasSize(2 * ROWS);
      return rows;
    }
  }

  /**
   * Once armed, holds the next execute on a region of its table before it runs, and says when that execute has
   * run.
   */
  public static final class HoldNextExecute implements RegionCoprocessor, EndpointObserver {
    private static final AtomicLong ARMED_MILLIS = new AtomicLong();
    private static final AtomicInteger HELD_WITH_CURSOR = new AtomicInteger();
    private static volatile CountDownLatch heldRun = new CountDownLatch(0);
    private static volatile Message heldRequest;

    /** @return counted down when the held execute has run */
    static CountDownLatch arm(long millis) {
      heldRun = new CountDownLatch(1);
      ARMED_MILLIS.set(millis);
      return heldRun;
    }

    static int heldWithCursor() {
      return HELD_WITH_CURSOR.get();
    }

    @Override
    public Optional<EndpointObserver> getEndpointObserver() {
      return Optional.of(this);
    }

    @Override
    public Message preEndpointInvocation(ObserverContext<RegionCoprocessorEnvironment> ctx, Service service,
        String methodName, Message request) throws IOException {
      long millis = ARMED_MILLIS.getAndSet(0);
      if (millis > 0) {
        heldRequest = request;
        if (request instanceof ExecuteRequest execute && execute.hasCursor()) {
          HELD_WITH_CURSOR.incrementAndGet();
        }
        Pause.sleep(Duration.ofMillis(millis), "holding an execute");
      }
      return request;
    }

    @Override
    public void postEndpointInvocation(ObserverContext<RegionCoprocessorEnvironment> ctx, Service service,
        String methodName, Message request, Message.Builder responseBuilder) {
      if (request == heldRequest) {
        heldRun.countDown();
      }
    }
  }
}

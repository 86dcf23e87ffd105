package org.hbaseturbo.testing.scan;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import com.google.protobuf.Service;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntUnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
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
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testing.SharedHBaseCluster;
import org.hbaseturbo.testing.fastpath.FastPathConnections;
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
class TestPreparedScanOverFastPath {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final int ROWS = 8;
  /** Over the fast path's 4 MiB reply limit on its own. */
  private static final int LARGE_VALUE = 5 << 20;

  /** How long the RegionServer holds an execute: longer than the client waits for a reply, {@link #TIMEOUT_MILLIS}. */
  private static final long DELAY_MILLIS = 1_500;
  private static final String TIMEOUT_MILLIS = "300";

  @Test
  void repliesOverTheChannelsLimitGoOverRpcAndLoseNoRow() throws IOException {
    TableName name = SharedHBaseCluster.uniqueTableName("ps_fast_large");
    // Rows 2 and 5 are each too large for a fast-path reply; the others are small.
    List<String> expected = createTable(TableDescriptorBuilder.newBuilder(name), i -> i == 2 || i == 5 ? LARGE_VALUE
        : 100);

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
   * The second execute, which carries the first's cursor, waits on the RegionServer longer than the client waits
   * for its reply, and then runs. Sent again over RPC with that cursor, it would return the rows after the first
   * reply's, and the late run would move the cursor past the next ones: those would be lost.
   */
  @Test
  void anExecuteThatTimesOutIsNotSentAgainWithItsCursor() throws IOException, InterruptedException {
    TableName name = SharedHBaseCluster.uniqueTableName("ps_fast_late");
    List<String> expected = createTable(TableDescriptorBuilder.newBuilder(name)
        .setCoprocessor(DelayNextExecute.class.getName()), i -> 100);
    Configuration conf = new Configuration(SharedHBaseCluster.cluster().clientConfiguration());
    conf.set(FastPathClientConfig.TIMEOUT_KEY, TIMEOUT_MILLIS);
    try (FastPathConnection fast = FastPathConnections.open(conf);
        PreparedScan prepared = PreparedScan.prepare(fast, name, new Scan().addColumn(F, Q))) {
      List<String> found = new ArrayList<>();
      try (ResultScanner scanner = prepared.execute(Execution.range(new byte[0], new byte[0]).caching(2))) {
        found.addAll(ResultLines.firstRows(scanner, 2));
        assertThat(fast.counters().served()).as("the first execute, which left its cursor open").isEqualTo(1);
        DelayNextExecute.arm(DELAY_MILLIS);
        found.addAll(ResultLines.firstRows(scanner, 1));
        // The late execute runs meanwhile, with the cursor it was sent with.
        Thread.sleep(2 * DELAY_MILLIS);
        found.addAll(ResultLines.cells(scanner));
      }
      assertThat(DelayNextExecute.delayed()).as("executes held on the RegionServer").isEqualTo(1);
      assertThat(found).isEqualTo(expected);
      // The execute that resumed may wait behind the held one on the RegionServer's fast-path worker, and time out
      // too; it carries no cursor, so it goes over RPC.
      assertThat(fast.counters().unavailable()).as("executes without a reply in time").isPositive();
      assertThat(prepared.recoveries().cursorsResumed()).as("cursors given up").isEqualTo(1);
    }
  }

  /** A table of {@value #ROWS} rows, row i's value {@code valueBytes.applyAsInt(i)} bytes; its rows as scanned. */
  private static List<String> createTable(TableDescriptorBuilder descriptor, IntUnaryOperator valueBytes)
      throws IOException {
    TableName name = descriptor.build().getTableName();
    try (Admin admin = SharedHBaseCluster.connection().getAdmin()) {
      admin.createTable(descriptor.setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
    }
    try (Table table = SharedHBaseCluster.connection().getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        byte[] value = new byte[valueBytes.applyAsInt(i)];
        value[0] = (byte) i;
        puts.add(new Put(Bytes.toBytes("r" + i)).addColumn(F, Q, value));
      }
      table.put(puts);
      List<String> rows = ResultLines.cells(table.getScanner(new Scan()));
      assertThat(rows).as("a header and a cell per row").hasSize(2 * ROWS);
      return rows;
    }
  }

  /** Once armed, holds the next endpoint call on a region of its table (an execute) before it runs. */
  public static final class DelayNextExecute implements RegionCoprocessor, EndpointObserver {
    private static final AtomicLong ARMED_MILLIS = new AtomicLong();
    private static final AtomicInteger DELAYED = new AtomicInteger();

    static void arm(long millis) {
      ARMED_MILLIS.set(millis);
    }

    static int delayed() {
      return DELAYED.get();
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
        DELAYED.incrementAndGet();
        Pause.sleep(Duration.ofMillis(millis), "holding an execute");
      }
      return request;
    }
  }
}

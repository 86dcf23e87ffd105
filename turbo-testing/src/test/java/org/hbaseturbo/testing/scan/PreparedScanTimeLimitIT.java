package org.hbaseturbo.testing.scan;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FilterBase;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.CloseRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PrepareRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanService;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testing.fastpath.FastPathConnections;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Each execute reads for a bounded time, as HBase bounds one call of a native scanner (its heartbeat): it replies
 * with the rows it has and its cursor when the time is up, so that a filter rejecting most rows does not hold an
 * RPC handler, or one of the fast path's workers, for a whole region. The scan then goes on where it stopped and
 * returns exactly the native scan's rows, also where the time ran out in the middle of a row.
 */
@ExtendWith(SharedHBaseCluster.class)
class PreparedScanTimeLimitIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final String MAX_TIME_KEY = "turbo.prepared-scan.execute.max-time";
  private static final int ROWS = 200;
  /** The filter's time per row: a whole region takes a second, ten times an execute's limit. */
  private static final int MILLIS_PER_ROW = 5;
  private static final int TIME_LIMIT_MILLIS = 100;

  @Test
  void anExecuteRepliesAtItsTimeLimitWithACursorAndTheScanGoesOn(Connection connection) throws Exception {
    TableName name = table(connection, "ps_time", TIME_LIMIT_MILLIS);
    load(connection, name, ROWS, F);
    // Keeps the rows whose key ends in 0: 20 of 200.
    Scan scan = new Scan().addFamily(F).setFilter(new SlowFilter(MILLIS_PER_ROW, 0));
    try (Table table = connection.getTable(name)) {
      PreparedScanService.BlockingInterface region = PreparedScanService.newBlockingStub(
          table.coprocessorService(new byte[0]));
      ByteString id = ByteString.copyFromUtf8("time-limited");
      region.prepare(null, PrepareRequest.newBuilder().setPreparedId(id)
          .setScan(ByteString.copyFrom(ProtobufUtil.toScan(scan).toByteArray())).build());

      SlowFilter.ROWS_SEEN.set(0);
      long start = System.nanoTime();
      ExecuteResponse first = region.execute(null, ExecuteRequest.newBuilder().setPreparedId(id).setCaching(1000)
          .build());
      long firstMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertThat(first.getStatus()).isEqualTo(ExecuteResponse.Status.OK);
      assertThat(first.getMoreInRegion()).as("more in region after the time limit").isTrue();
      assertThat(first.hasCursor()).as("a cursor to resume with").isTrue();
      // The filter sleeps 5 ms a row: in 100 ms it sees 21 rows at most, and keeps 3 at most.
      assertThat(SlowFilter.ROWS_SEEN.get()).as("rows the first execute read").isLessThanOrEqualTo(21);
      assertThat(first.getRowCount()).isLessThanOrEqualTo(3);
      assertThat(firstMillis).as("the first execute's time (ms), against a second for the region")
          .isLessThan(ROWS * MILLIS_PER_ROW / 2);

      int rows = first.getRowCount();
      int executes = 1;
      for (ExecuteResponse reply = first; reply.getMoreInRegion(); executes++) {
        reply = region.execute(null, ExecuteRequest.newBuilder().setPreparedId(id).setCaching(1000)
            .setCursor(reply.getCursor()).build());
        assertThat(reply.getStatus()).isEqualTo(ExecuteResponse.Status.OK);
        rows += reply.getRowCount();
      }
      assertThat(rows).isEqualTo(ROWS / 10);
      assertThat(SlowFilter.ROWS_SEEN.get()).as("each row read once").isEqualTo(ROWS);
      assertThat(executes).as("executes for the region").isGreaterThanOrEqualTo(ROWS / 21);
      region.close(null, CloseRequest.newBuilder().setPreparedId(id).build());

      List<String> expected = ResultLines.cells(table.getScanner(new Scan(scan)));
      assertThat(expected).as("a header and two cells per row kept").hasSize(3 * ROWS / 10);
      try (PreparedScan prepared = PreparedScan.prepare(connection, name, scan)) {
        assertThat(ResultLines.cells(prepared.execute(new byte[0], new byte[0], 100))).isEqualTo(expected);
      }
      try (FastPathConnection fast = FastPathConnections.open(SharedHBaseCluster.cluster().clientConfiguration());
          PreparedScan prepared = PreparedScan.prepare(fast, name, scan)) {
        assertThat(ResultLines.cells(prepared.execute(new byte[0], new byte[0], 100))).isEqualTo(expected);
        assertThat(fast.counters().served()).as("executes the fast path served")
            .isGreaterThanOrEqualTo(ROWS / 21);
        assertThat(fast.counters().fellBack()).isZero();
      }
    }
  }

  /**
   * Over RPC, an execute also replies within half the time its caller has left, as a native scanner call does: a
   * caller whose timeout is shorter than the time limit is answered before it gives up.
   */
  @Test
  void overRpcAnExecuteRepliesWithinHalfItsCallersTimeout(Connection connection) throws Exception {
    TableName name = table(connection, "ps_time_rpc", 60_000);
    load(connection, name, ROWS, F);
    Scan scan = new Scan().addFamily(F).setFilter(new SlowFilter(MILLIS_PER_ROW, 0));
    Configuration conf = SharedHBaseCluster.cluster().clientConfiguration();
    // Half the second the region takes: without a reply in between, every execute would time out.
    conf.setInt(HConstants.HBASE_RPC_TIMEOUT_KEY, ROWS * MILLIS_PER_ROW / 2);
    conf.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 1);
    try (Connection shortTimeout = ConnectionFactory.createConnection(conf);
        Table table = connection.getTable(name);
        PreparedScan prepared = PreparedScan.prepare(shortTimeout, name, scan)) {
      assertThat(ResultLines.cells(prepared.execute(new byte[0], new byte[0], 100)))
          .isEqualTo(ResultLines.cells(table.getScanner(new Scan(scan))));
      assertThat(prepared.recoveries().cursorsResumed()).as("cursors lost to a timeout").isZero();
    }
  }

  /**
   * Cells of two families, the filter slow on each cell: an execute's time runs out between a row's families, and
   * the region scanner returns part of the row. The execute keeps that part with its cursor and replies with whole
   * rows only.
   */
  @Test
  void aRowTheTimeLimitCutsIsSentWhole(Connection connection) throws Exception {
    int millisPerCell = 40;
    // A family's two cells take 80 ms, longer than the limit: the limit passes at every family's end.
    TableName name = table(connection, "ps_time_mid_row", 50);
    load(connection, name, 4, F, G);
    Scan scan = new Scan().setFilter(new SlowFilter(0, millisPerCell));
    try (Table table = connection.getTable(name);
        PreparedScan prepared = PreparedScan.prepare(connection, name, scan)) {
      List<String> expected = ResultLines.cells(table.getScanner(new Scan(scan)));
      assertThat(expected).as("a header and four cells per row").hasSize(4 * 5);
      assertThat(ResultLines.cells(prepared.execute(new byte[0], new byte[0], 100))).isEqualTo(expected);
    }
  }

  private static TableName table(Connection connection, String prefix, int timeLimitMillis) throws IOException {
    return TestingTables.create(connection, prefix, table -> table.setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(G)).setValue(MAX_TIME_KEY, timeLimitMillis + "ms"));
  }

  /** Rows {@link TestingTables#row} 0 on, with cells q0 and q1 in each of {@code families}. */
  private static void load(Connection connection, TableName name, int rows, byte[]... families) throws IOException {
    try (Table table = connection.getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        Put put = new Put(TestingTables.row(i));
        for (byte[] family : families) {
          put.addColumn(family, Bytes.toBytes("q0"), Bytes.toBytes("a" + i)).addColumn(family, Bytes.toBytes("q1"),
              Bytes.toBytes("b" + i));
        }
        puts.add(put);
      }
      table.put(puts);
    }
  }

  /**
   * A filter that takes its time: {@code millisPerRow} for each row key it sees, {@code millisPerCell} for each cell;
   * when slow per row, it keeps only the rows whose key ends in '0'. Counts the rows it sees, in this JVM.
   */
  public static final class SlowFilter extends FilterBase {
    static final AtomicInteger ROWS_SEEN = new AtomicInteger();

    private final int millisPerRow;
    private final int millisPerCell;

    SlowFilter(int millisPerRow, int millisPerCell) {
      this.millisPerRow = millisPerRow;
      this.millisPerCell = millisPerCell;
    }

    @Override
    public boolean filterRowKey(Cell firstRowCell) throws IOException {
      if (millisPerRow == 0) {
        return false;
      }
      ROWS_SEEN.incrementAndGet();
      Pause.sleep(Duration.ofMillis(millisPerRow), "filtering a row slowly");
      return firstRowCell.getRowArray()[firstRowCell.getRowOffset() + firstRowCell.getRowLength() - 1] != '0';
    }

    @Override
    public ReturnCode filterCell(Cell cell) throws IOException {
      if (millisPerCell > 0) {
        Pause.sleep(Duration.ofMillis(millisPerCell), "filtering a cell slowly");
      }
      return ReturnCode.INCLUDE;
    }

    @Override
    public byte[] toByteArray() {
      return ByteBuffer.allocate(2 * Integer.BYTES).putInt(millisPerRow).putInt(millisPerCell).array();
    }

    /** How HBase's RegionServer reads the filter back (by reflection). */
    public static SlowFilter parseFrom(byte[] bytes) {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      return new SlowFilter(buffer.getInt(), buffer.getInt());
    }
  }
}

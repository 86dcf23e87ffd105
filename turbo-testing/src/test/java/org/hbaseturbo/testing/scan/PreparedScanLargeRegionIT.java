package org.hbaseturbo.testing.scan;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.CloseRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PrepareRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanService;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A region whose store file is larger than {@code hbase.storescanner.pread.max.bytes} (four 64 KB blocks): past that
 * much, a store scanner waits for its caller to say the cells it returned were shipped before it switches from
 * positional to stream reads, and until then returns after every cell. An execute must ship as a native scanner
 * call does, or it reads only as many rows as its time limit lets it: this region of 3 MB took 20 executes for 575
 * of its 3,000 rows before it did. Where it switches, the store scanner stops in the middle of a row: a reply must
 * still carry whole rows (each of two cells here), each once.
 */
@ExtendWith(SharedHBaseCluster.class)
class PreparedScanLargeRegionIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final int ROWS = 3_000;
  private static final int VALUE_BYTES = 1_000;
  private static final int CACHING = 1_000;
  /** An execute's time limit: short, so that a scanner that stalls is seen in few seconds. */
  private static final String MAX_TIME = "500ms";

  @Test
  void executesOverALargeStoreFileReadWholeRepliesAndMatchTheNativeScan(Connection connection) throws Exception {
    TableName name = TestingTables.create(connection, "ps_large_region", table -> table
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).setValue("turbo.prepared-scan.execute.max-time",
            MAX_TIME));
    load(connection, name);
    try (Admin admin = connection.getAdmin()) {
      admin.flush(name);
    }
    Scan scan = new Scan().addFamily(F);
    try (Table table = connection.getTable(name)) {
      PreparedScanService.BlockingInterface region = PreparedScanService.newBlockingStub(
          table.coprocessorService(new byte[0]));
      ByteString id = ByteString.copyFromUtf8("large-region");
      region.prepare(null, PrepareRequest.newBuilder().setPreparedId(id)
          .setScan(ByteString.copyFrom(ProtobufUtil.toScan(scan).toByteArray())).build());
      // A reply ends at CACHING rows or at the 2 MB of hbase.client.scanner.max.result.size: 3 MB of rows need
      // 3 executes, 4 at most. A stalled scanner needs one per time limit; the loop stops there.
      int maxExecutes = 8;
      int rows = 0;
      int executes = 0;
      ExecuteResponse reply = null;
      do {
        ExecuteRequest.Builder request = ExecuteRequest.newBuilder().setPreparedId(id).setCaching(CACHING);
        if (reply != null) {
          request.setCursor(reply.getCursor());
        }
        reply = region.execute(null, request.build());
        assertThat(reply.getStatus()).isEqualTo(ExecuteResponse.Status.OK);
        rows += reply.getRowCount();
        executes++;
      } while (reply.getMoreInRegion() && executes < maxExecutes);
      region.close(null, CloseRequest.newBuilder().setPreparedId(id).build());
      assertThat(rows).as("rows read in %d executes", executes).isEqualTo(ROWS);
      assertThat(reply.getMoreInRegion()).isFalse();

      try (PreparedScan prepared = PreparedScan.prepare(connection, name, scan)) {
        assertThat(ResultLines.cells(prepared.execute(new byte[0], new byte[0], CACHING)))
            .isEqualTo(ResultLines.cells(table.getScanner(new Scan(scan))));
      }
    }
  }

  /**
   * Rows {@link TestingTables#row} 0 on, with a value of {@link #VALUE_BYTES} and a small one, in batches: two cells,
   * so that a store scanner that stops between them (where it switches to stream reads) would split a row.
   */
  private static void load(Connection connection, TableName name) throws IOException {
    byte[] value = new byte[VALUE_BYTES];
    try (Table table = connection.getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        value[i % VALUE_BYTES] = (byte) i;
        puts.add(new Put(TestingTables.row(i)).addColumn(F, Bytes.toBytes("q"), value.clone())
            .addColumn(F, Bytes.toBytes("r"), Bytes.toBytes(i)));
        if (puts.size() == 500) {
          table.put(puts);
          puts.clear();
        }
      }
      table.put(puts);
    }
  }
}

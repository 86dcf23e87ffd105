package org.hbaseturbo.testing.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.Execution;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testing.SharedHBaseCluster;
import org.hbaseturbo.testing.fastpath.FastPathConnections;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.junit.jupiter.api.Test;

/**
 * Prepared Scan's executes over the fast path where a reply would be larger than the channel carries
 * ({@code turbo.fastpath.server.max-reply-bytes}, 4 MiB): the RegionServer sends none, closes the cursor the
 * reply would have left open, and the client repeats the execute over RPC, resuming after the rows it has. No row
 * is lost or repeated.
 */
class TestPreparedScanOverFastPath {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final int ROWS = 8;
  /** Over the fast path's 4 MiB reply limit on its own. */
  private static final int LARGE_VALUE = 5 << 20;

  @Test
  void repliesOverTheChannelsLimitGoOverRpcAndLoseNoRow() throws IOException {
    TableName name = SharedHBaseCluster.uniqueTableName("ps_fast_large");
    try (Admin admin = SharedHBaseCluster.connection().getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build());
    }
    try (Table table = SharedHBaseCluster.connection().getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        // Rows 2 and 5 are each too large for a fast-path reply; the others are small.
        byte[] value = new byte[i == 2 || i == 5 ? LARGE_VALUE : 100];
        value[0] = (byte) i;
        puts.add(new Put(Bytes.toBytes("r" + i)).addColumn(F, Q, value));
      }
      table.put(puts);
    }
    List<String> expected;
    try (Table table = SharedHBaseCluster.connection().getTable(name)) {
      expected = ResultLines.cells(table.getScanner(new Scan()));
    }
    assertThat(expected).as("a header and a cell per row").hasSize(2 * ROWS);

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
}

package org.hbaseturbo.testing.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hbaseturbo.testsupport.TestingTables.create;
import static org.hbaseturbo.testsupport.TestingTables.holderOf;
import static org.hbaseturbo.testsupport.TestingTables.qualifier;
import static org.hbaseturbo.testsupport.TestingTables.row;

import com.google.protobuf.ByteString;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.scan.Execution;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PrepareRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanService;
import org.hbaseturbo.server.scan.PreparedScanEndpoint;
import org.hbaseturbo.server.scan.PreparedScanServerEndpoint;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SharedHBaseCluster.class)
class PreparedScanIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final int ROWS = 300;

  @Test
  void returnsWhatTheNativeScanReturnsAcrossRegionsAndServers(Connection connection, EmbeddedHBaseCluster cluster)
      throws IOException {
    TableName name = table(connection, "ps_basic", 4);
    Scan scan = new Scan().addColumn(F, qualifier(1)).addColumn(F, qualifier(3)).addFamily(G).readVersions(2);
    long serverExecutes = serverExecutes(cluster);
    try (PreparedScan prepared = PreparedScan.prepare(connection, name, scan);
        Table table = connection.getTable(name)) {
      for (int caching : new int[] {1, 7, 1000}) {
        assertThat(ResultLines.cells(prepared.execute(new byte[0], new byte[0], caching)))
            .as("caching %d", caching).isEqualTo(ResultLines.cells(table.getScanner(new Scan(scan))));
      }
      Execution some = Execution.range(row(17), row(230)).caching(5).limit(50).addColumn(F, qualifier(3));
      assertThat(ResultLines.cells(prepared.execute(some))).hasSize(100).isEqualTo(ResultLines.cells(
          table.getScanner(new Scan().addColumn(F, qualifier(3)).readVersions(2).withStartRow(row(17))
              .withStopRow(row(230)).setLimit(50))));
    }
    assertThat(serverExecutes(cluster)).as("executes sent to the RegionServer endpoint")
        .isGreaterThan(serverExecutes);
  }

  /** Executes the RegionServers' PreparedScanServerEndpoints received, all tests so far. */
  private static long serverExecutes(EmbeddedHBaseCluster cluster) {
    return cluster.regionServers().stream().mapToLong(rs -> rs.getRegionServerCoprocessorHost()
        .findCoprocessor(PreparedScanServerEndpoint.class).executes()).sum();
  }

  @Test
  void leavesNothingOnTheServersAfterClose(Connection connection, EmbeddedHBaseCluster cluster)
      throws IOException {
    TableName name = table(connection, "ps_close", 3);
    PreparedScan prepared = PreparedScan.prepare(connection, name, new Scan().addFamily(F));
    assertThat(serverState(cluster, name)).isEqualTo(new int[] {3, 0});
    ResultScanner open = prepared.execute(Execution.range(new byte[0], new byte[0]).caching(2));
    assertThat(open.next()).isNotNull();
    assertThat(serverState(cluster, name)).isEqualTo(new int[] {3, 1});
    prepared.close();
    assertThat(serverState(cluster, name)).isEqualTo(new int[] {0, 0});
    // A scanner opened before the close fails at its next request, rather than preparing its regions again.
    assertThat(open.next()).as("the row buffered before the close").isNotNull();
    assertThatThrownBy(open::next).isInstanceOfSatisfying(PreparedScanException.class,
        e -> assertThat(e.error()).isEqualTo(PreparedScanError.CLOSED));
    assertThat(serverState(cluster, name)).isEqualTo(new int[] {0, 0});
    open.close();
    assertThatThrownBy(() -> prepared.execute(new byte[0], new byte[0], 10))
        .isInstanceOfSatisfying(PreparedScanException.class,
            e -> assertThat(e.error()).isEqualTo(PreparedScanError.CLOSED))
        .hasMessageContaining(name.getNameAsString());
  }

  @Test
  void closingAScannerEarlyClosesItsCursor(Connection connection, EmbeddedHBaseCluster cluster)
      throws IOException {
    TableName name = table(connection, "ps_early", 1);
    try (PreparedScan prepared = PreparedScan.prepare(connection, name, new Scan().addFamily(F))) {
      try (ResultScanner rows = prepared.execute(new byte[0], new byte[0], 10)) {
        assertThat(rows.next()).isNotNull();
        assertThat(serverState(cluster, name)[1]).isEqualTo(1);
      }
      assertThat(serverState(cluster, name)[1]).isZero();
    }
  }

  @Test
  void refusesBadInputWithTypedErrors(Connection connection, EmbeddedHBaseCluster cluster) throws IOException {
    TableName name = table(connection, "ps_bad", 2);
    assertThatThrownBy(() -> PreparedScan.prepare(connection, TableName.valueOf("ps_no_such_table"),
        new Scan())).isInstanceOf(TableNotFoundException.class);
    assertError(() -> PreparedScan.prepare(connection, name, new Scan().addFamily(Bytes.toBytes("nope"))),
        PreparedScanError.UNKNOWN_FAMILY, "family 'nope' is not in table '" + name + "' (families: f, g)");
    assertError(() -> PreparedScan.prepare(connection, name, new Scan().setReversed(true)),
        PreparedScanError.UNSUPPORTED_SCAN, "reversed");
    assertError(() -> PreparedScan.prepare(connection, name, new Scan().setBatch(2)),
        PreparedScanError.UNSUPPORTED_SCAN, "batch 2");
    try (PreparedScan prepared = PreparedScan.prepare(connection, name, new Scan().addColumn(F, qualifier(1)))) {
      assertError(() -> prepared.execute(Execution.range(row(1), row(2)).addColumn(F, qualifier(2))),
          PreparedScanError.COLUMN_NOT_PREPARED,
          "column 'f:q2' is not in the prepared schema of table '" + name + "' (1 columns: [f:q1])");
      assertError(() -> prepared.execute(row(9), row(2), 10), PreparedScanError.INVALID_RANGE, "inverted");
      assertError(() -> prepared.execute(row(2), row(2), 10), PreparedScanError.INVALID_RANGE, "empty");
      assertError(() -> prepared.execute(row(1), row(2), 0), PreparedScanError.INVALID_ARGUMENT, "caching is 0");
    }
    assertThat(serverState(cluster, name)).isEqualTo(new int[] {0, 0});
  }

  @Test
  void regionsThatSplitOrMoveMidScanAreFollowed(Connection connection, EmbeddedHBaseCluster cluster)
      throws Exception {
    TableName name = table(connection, "ps_split", 1);
    Scan scan = new Scan().addFamily(F).addFamily(G);
    try (PreparedScan prepared = PreparedScan.prepare(connection, name, scan);
        Table table = connection.getTable(name);
        Admin admin = connection.getAdmin()) {
      List<String> expected = ResultLines.cells(table.getScanner(new Scan(scan)));
      List<String> seen = new ArrayList<>();
      try (ResultScanner rows = prepared.execute(new byte[0], new byte[0], 20)) {
        // 30 rows read, 40 fetched: a cursor is open at row 40 of the only region.
        seen.addAll(ResultLines.firstRows(rows, 30));
        admin.split(name, row(150));
        awaitRegions(admin, name, 2);
        seen.addAll(ResultLines.firstRows(rows, 100));
        // The daughter knew neither the prepared scan nor the parent's cursor.
        assertThat(prepared.recoveries().regionsPreparedAgain()).as("after the split").isEqualTo(1);
        assertThat(prepared.recoveries().cursorsResumed()).as("after the split").isEqualTo(1);
        // 130 rows read, 140 fetched: the cursor is open at row 140, in the first daughter, which moves.
        HRegionServer from = holderOf(cluster, name, row(140));
        HRegionServer to = cluster.regionServers().stream().filter(rs -> rs != from).findFirst().orElseThrow();
        admin.move(from.getRegions(name).stream().filter(r -> r.getRegionInfo().containsRow(row(140))).findFirst()
            .orElseThrow().getRegionInfo().getEncodedNameAsBytes(), to.getServerName());
        seen.addAll(ResultLines.firstRows(rows, Integer.MAX_VALUE));
        // The moved daughter forgot both; the second daughter had never been prepared.
        assertThat(prepared.recoveries().regionsPreparedAgain()).as("after the move").isEqualTo(3);
        assertThat(prepared.recoveries().cursorsResumed()).as("after the move").isEqualTo(2);
      }
      assertThat(seen).isEqualTo(expected);
    }
  }

  @Test
  void aPrepareOneRegionRefusesLeavesNothingInTheOthers(Connection connection, EmbeddedHBaseCluster cluster)
      throws Exception {
    TableName name = create(connection, "ps_refused", table -> table
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).setValue("turbo.prepared-scan.region.max-scans", "2"),
        row(100));
    try (Table table = connection.getTable(name)) {
      // The first region is full: two scans prepared there alone, as a client of the protocol could.
      PreparedScanService.BlockingInterface first = PreparedScanService.newBlockingStub(
          table.coprocessorService(row(0)));
      for (String id : List.of("only-in1", "only-in2")) {
        first.prepare(null, PrepareRequest.newBuilder().setPreparedId(ByteString.copyFromUtf8(id))
            .setScan(ByteString.copyFrom(ProtobufUtil.toScan(new Scan()).toByteArray())).build());
      }
    }
    assertError(() -> PreparedScan.prepare(connection, name, new Scan()), PreparedScanError.LIMIT_EXCEEDED,
        "turbo.prepared-scan.region.max-scans");
    assertThat(serverState(cluster, name)).as("the two scans in the first region, nothing in the second")
        .isEqualTo(new int[] {2, 0});
  }

  /**
   * Each open cursor pins a region scanner (store files, an MVCC read point): a region keeps no more than its
   * limit, refuses the execute that would open one more before it opens anything, and takes executes again once
   * a scanner closes.
   */
  @Test
  void cursorsOverARegionsLimitAreRefused(Connection connection, EmbeddedHBaseCluster cluster) throws Exception {
    TableName name = create(connection, "ps_cursors", table -> table
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).setColumnFamily(ColumnFamilyDescriptorBuilder.of(G))
        .setValue("turbo.prepared-scan.region.max-cursors", "2"));
    load(connection, name);
    Scan scan = new Scan().addFamily(F);
    try (PreparedScan prepared = PreparedScan.prepare(connection, name, scan);
        Table table = connection.getTable(name)) {
      ResultScanner first = prepared.execute(new byte[0], new byte[0], 2);
      ResultScanner second = prepared.execute(new byte[0], new byte[0], 2);
      assertThat(first.next()).isNotNull();
      assertThat(second.next()).isNotNull();
      assertThat(serverState(cluster, name)).isEqualTo(new int[] {1, 2});
      assertError(() -> prepared.execute(new byte[0], new byte[0], 2).next(), PreparedScanError.LIMIT_EXCEEDED,
          "this region has 2 open cursors; the limit is 2 (turbo.prepared-scan.region.max-cursors)");
      assertThat(serverState(cluster, name)).as("nothing opened by the refused execute").isEqualTo(new int[] {1, 2});
      first.close();
      assertThat(ResultLines.cells(prepared.execute(new byte[0], new byte[0], 2)))
          .isEqualTo(ResultLines.cells(table.getScanner(new Scan(scan))));
      second.close();
    }
    assertThat(serverState(cluster, name)).isEqualTo(new int[] {0, 0});
  }

  @Test
  void forgottenStateIsPreparedAgainWhenTheLeaseExpires(Connection connection, EmbeddedHBaseCluster cluster)
      throws Exception {
    TableName name = create(connection, "ps_lease", table -> table
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).setColumnFamily(ColumnFamilyDescriptorBuilder.of(G))
        .setValue("turbo.prepared-scan.lease", "500"), row(100));
    load(connection, name);
    try (PreparedScan prepared = PreparedScan.prepare(connection, name, new Scan().addFamily(F));
        Table table = connection.getTable(name)) {
      ResultScanner abandoned = prepared.execute(new byte[0], new byte[0], 3);
      assertThat(abandoned.next()).isNotNull();
      Await.until(() -> Arrays.equals(serverState(cluster, name), new int[] {0, 0}), Duration.ofSeconds(10),
          Duration.ofMillis(100), "the abandoned execution's lease to expire",
          () -> new IOException("the server still held the abandoned execution 10 s after its 500 ms lease"));
      assertThat(ResultLines.cells(prepared.execute(new byte[0], new byte[0], 50)))
          .isEqualTo(ResultLines.cells(table.getScanner(new Scan().addFamily(F))));
    }
  }

  private interface Call {
    void run() throws Exception;
  }

  private static void assertError(Call call, PreparedScanError error, String message) {
    assertThatThrownBy(call::run).isInstanceOfSatisfying(PreparedScanException.class,
        e -> assertThat(e.error()).isEqualTo(error)).hasMessageContaining(message);
  }

  /** A table of two families, ROWS rows, split in {@code regions} equal regions. */
  private static TableName table(Connection connection, String prefix, int regions) throws IOException {
    byte[][] splits = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      splits[i - 1] = row(i * ROWS / regions);
    }
    TableName name = create(connection, prefix, table -> table
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(G)), splits);
    load(connection, name);
    return name;
  }

  /** Rows with some columns missing and some cells with two versions. */
  private static void load(Connection connection, TableName name) throws IOException {
    try (Table table = connection.getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        Put put = new Put(row(i));
        for (int c = 0; c < 5; c++) {
          if ((i + c) % 4 != 0) {
            put.addColumn(F, qualifier(c), 1000L + i, Bytes.toBytes("v" + i + "." + c));
          }
        }
        if (i % 3 == 0) {
          put.addColumn(F, qualifier(1), 5000L + i, Bytes.toBytes("new" + i));
          put.addColumn(G, Bytes.toBytes("x" + (i % 7)), Bytes.toBytes(i));
        }
        puts.add(put);
      }
      table.put(puts);
    }
  }

  /** Prepared scans and open cursors over the table's regions, summed over all RegionServers. */
  private static int[] serverState(EmbeddedHBaseCluster cluster, TableName name) {
    int[] state = new int[2];
    for (HRegionServer server : cluster.regionServers()) {
      for (HRegion region : server.getRegions(name)) {
        PreparedScanEndpoint endpoint = region.getCoprocessorHost().findCoprocessor(PreparedScanEndpoint.class);
        state[0] += endpoint.preparedScans();
        state[1] += endpoint.openCursors();
      }
    }
    return state;
  }

  private static void awaitRegions(Admin admin, TableName name, int count) throws Exception {
    Await.until(() -> admin.getRegions(name).size() >= count, Duration.ofSeconds(60), Duration.ofMillis(100),
        name + "'s split", () -> new IOException(name + " did not reach " + count + " regions within 60 s"));
  }
}

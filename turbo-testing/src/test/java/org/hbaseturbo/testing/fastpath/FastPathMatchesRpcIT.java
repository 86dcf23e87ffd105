package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.hbaseturbo.testsupport.TestingTables.create;
import static org.hbaseturbo.testsupport.TestingTables.row;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathClientConfig;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Differential: the same random Gets and Puts through the fast path and through HBase's RPC, on the same tables,
 * give the same results (families, versions, time ranges, column subsets, missing rows, empty and 64 KB+ values),
 * alone, in lists, in batches and through a buffered mutator (one message per server, or several where a batch is
 * larger than one carries), and the fast path really served them; actions a batch's server fails, and requests over
 * the size limit, end as over RPC.
 */
class FastPathMatchesRpcIT {
  private static final List<byte[]> FAMILIES = List.of(Bytes.toBytes("a"), Bytes.toBytes("b"));
  private static final int QUALIFIERS = 4;
  private static final int ROWS = 40;

  private static FastPathConnection fast;

  @BeforeAll
  static void connect() throws IOException {
    fast = FastPathConnections.open(SharedHBaseCluster.cluster().clientConfiguration());
  }

  @AfterAll
  static void close() throws IOException {
    fast.close();
  }

  /** Both families with three versions; two regions, so that both RegionServers serve fast-path requests. */
  private static TableName createTable(String prefix) throws IOException {
    return create(SharedHBaseCluster.connection(), prefix, table -> {
      for (byte[] family : FAMILIES) {
        table.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(family).setMaxVersions(3).build());
      }
      return table;
    }, row(ROWS / 2));
  }

  private static byte[] value(Random random) {
    return switch (random.nextInt(10)) {
      case 0 -> new byte[0];
      case 1 -> randomBytes(random, 64 * 1024 + random.nextInt(8 * 1024));
      default -> randomBytes(random, 1 + random.nextInt(200));
    };
  }

  private static byte[] randomBytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  /** A Put of random cells with explicit timestamps, so that the same Put lands alike on both paths. */
  private static Put randomPut(Random random, int rowNumber) {
    Put put = new Put(row(rowNumber));
    for (int cells = 1 + random.nextInt(5); cells > 0; cells--) {
      put.addColumn(FAMILIES.get(random.nextInt(FAMILIES.size())), Bytes.toBytes("q" + random.nextInt(QUALIFIERS)),
          1 + random.nextInt(20), value(random));
    }
    return put;
  }

  private static Get randomGet(Random random) throws IOException {
    // Rows beyond ROWS are missing.
    Get get = new Get(row(random.nextInt(ROWS + 10)));
    if (random.nextBoolean()) {
      get.addFamily(FAMILIES.get(random.nextInt(FAMILIES.size())));
    }
    if (random.nextBoolean()) {
      get.addColumn(FAMILIES.get(random.nextInt(FAMILIES.size())), Bytes.toBytes("q" + random.nextInt(QUALIFIERS)));
    }
    if (random.nextBoolean()) {
      get.readVersions(1 + random.nextInt(3));
    }
    if (random.nextInt(3) == 0) {
      long from = random.nextInt(15);
      get.setTimeRange(from, from + 1 + random.nextInt(10));
    }
    return get;
  }

  @Test
  void getsThroughBothPathsAreEqual() throws IOException {
    Random random = new Random(20261123L);
    TableName name = createTable("fp_get");
    Connection stock = SharedHBaseCluster.connection();
    try (Table rpc = stock.getTable(name); Table fastTable = fast.getTable(name)) {
      for (int i = 0; i < ROWS * 3; i++) {
        rpc.put(randomPut(random, random.nextInt(ROWS)));
      }
      long servedBefore = fast.counters().served();
      long fellBackBefore = fast.counters().fellBack();
      for (int i = 0; i < 300; i++) {
        Get get = randomGet(random);
        assertThat(ResultLines.of(fastTable.get(get))).as("Get %s", get).isEqualTo(ResultLines.of(rpc.get(get)));
      }
      List<Get> gets = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        gets.add(randomGet(random));
      }
      assertThat(ResultLines.of(fastTable.get(gets))).isEqualTo(ResultLines.of(rpc.get(gets)));
      assertThat(fast.counters().served() - servedBefore).as("Gets the fast path served").isEqualTo(320);
      assertThat(fast.counters().fellBack() - fellBackBefore).as("fast-path attempts that fell back to RPC").isZero();
    }
  }

  @Test
  void putsThroughTheFastPathReadBackAsPutsThroughRpc() throws IOException {
    Random random = new Random(11L);
    TableName overFastPath = createTable("fp_put_fast");
    TableName overRpc = createTable("fp_put_rpc");
    Connection stock = SharedHBaseCluster.connection();
    try (Table fastTable = fast.getTable(overFastPath); Table rpcTwin = stock.getTable(overRpc);
        Table rpcOfFast = stock.getTable(overFastPath)) {
      long servedBefore = fast.counters().served();
      int puts = 0;
      for (int i = 0; i < 150; i++) {
        Put put = randomPut(random, random.nextInt(ROWS));
        fastTable.put(put);
        rpcTwin.put(put);
        puts++;
      }
      List<Put> batch = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        batch.add(randomPut(random, random.nextInt(ROWS)));
      }
      fastTable.put(batch);
      rpcTwin.put(batch);
      puts += batch.size();
      assertThat(fast.counters().served() - servedBefore).as("Puts the fast path served").isEqualTo(puts);
      assertSameRows(rpcOfFast, rpcTwin);
    }
  }

  /**
   * HBase's client lets a Put carry any cell, a delete marker among them, and its RPC applies it. The fast path's
   * server takes only Puts' cells from a peer's cell block: such a Put is refused there unrun and goes over RPC, and
   * ends as RPC's does.
   */
  @Test
  void aPutCarryingADeleteMarkerEndsAsOverRpc() throws IOException {
    TableName overFastPath = createTable("fp_put_marker_fast");
    TableName overRpc = createTable("fp_put_marker_rpc");
    byte[] family = FAMILIES.get(0);
    byte[] qualifier = Bytes.toBytes("q");
    Connection stock = SharedHBaseCluster.connection();
    try (Table fastTable = fast.getTable(overFastPath); Table rpcTwin = stock.getTable(overRpc);
        Table rpcOfFast = stock.getTable(overFastPath)) {
      for (Table table : List.of(rpcOfFast, rpcTwin)) {
        table.put(new Put(row(1)).addColumn(family, qualifier, 1L, Bytes.toBytes("old")));
      }
      long refusedBefore = fast.counters().answered(FastPathStatus.MALFORMED);
      Put withMarker = new Put(row(1)).addColumn(family, Bytes.toBytes("new"), 5L, Bytes.toBytes("v"))
          .add(new KeyValue(row(1), family, qualifier, 2L, KeyValue.Type.DeleteColumn));

      fastTable.put(withMarker);
      rpcTwin.put(withMarker);

      assertThat(fast.counters().answered(FastPathStatus.MALFORMED) - refusedBefore)
          .as("refused by the fast path's server, then sent over RPC").isEqualTo(1);
      assertSameRows(rpcOfFast, rpcTwin);
      assertThat(rpcTwin.get(new Get(row(1))).getValue(family, qualifier)).as("deleted by the marker over RPC")
          .isNull();
      assertThat(rpcOfFast.get(new Get(row(1))).getValue(family, qualifier)).as("and through the fast path's client")
          .isNull();
    }
  }

  @Test
  void aPutWithoutTimestampsGetsTheServersTime() throws IOException {
    TableName name = createTable("fp_put_now");
    try (Table fastTable = fast.getTable(name); Table rpc = SharedHBaseCluster.connection().getTable(name)) {
      long refusedBefore = fast.counters().answered(FastPathStatus.MALFORMED);
      long before = System.currentTimeMillis();
      fastTable.put(new Put(row(1)).addColumn(FAMILIES.get(0), Bytes.toBytes("q"), Bytes.toBytes("now")));
      Result read = rpc.get(new Get(row(1)));
      assertThat(Bytes.toString(read.getValue(FAMILIES.get(0), Bytes.toBytes("q")))).isEqualTo("now");
      assertThat(read.rawCells()[0].getTimestamp()).isBetween(before, System.currentTimeMillis());
      assertThat(fast.counters().answered(FastPathStatus.MALFORMED)).isEqualTo(refusedBefore);
    }
  }

  @Test
  void batchesMatchRpcAndLeaveOtherActionsToIt() throws Exception {
    Random random = new Random(5L);
    TableName overFastPath = createTable("fp_batch_fast");
    TableName overRpc = createTable("fp_batch_rpc");
    Connection stock = SharedHBaseCluster.connection();
    try (Table fastTable = fast.getTable(overFastPath); Table rpcTwin = stock.getTable(overRpc);
        Table rpcOfFast = stock.getTable(overFastPath)) {
      List<Row> puts = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        puts.add(randomPut(random, random.nextInt(ROWS)));
      }
      List<Row> gets = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        gets.add(randomGet(random));
      }
      // A Delete in the middle goes over RPC, and so does every later action of its row; the rest take the fast path.
      byte[] deleted = row(3);
      List<Row> mixed = new ArrayList<>(gets.subList(0, 10));
      mixed.add(new Delete(deleted));
      mixed.add(new Get(deleted));
      mixed.addAll(gets.subList(10, 20));
      long laterOfDeletedRow = gets.subList(10, 20).stream().filter(get -> Bytes.equals(get.getRow(), deleted)).count();

      long servedBefore = fast.counters().served();
      long fellBackBefore = fast.counters().fellBack();
      List<byte[]> calledBack = new ArrayList<>();
      Object[] fastPuts = batch(fastTable, puts, calledBack);
      Object[] rpcPuts = batch(rpcTwin, puts, null);
      assertThat(calledBack).as("callbacks, one per action").hasSize(puts.size());
      Object[] fastGets = batch(fastTable, gets, null);
      Object[] rpcGets = batch(rpcTwin, gets, null);
      Object[] fastMixed = batch(fastTable, mixed, null);
      Object[] rpcMixed = batch(rpcTwin, mixed, null);
      assertThat(fast.counters().served() - servedBefore).as("actions the fast path served")
          .isEqualTo(puts.size() + gets.size() + 20 - laterOfDeletedRow);
      assertThat(fast.counters().fellBack() - fellBackBefore).as("fast-path attempts that fell back to RPC").isZero();

      assertSameResults(fastPuts, rpcPuts);
      assertSameResults(fastGets, rpcGets);
      assertSameResults(fastMixed, rpcMixed);
      assertSameRows(rpcOfFast, rpcTwin);
    }
  }

  @Test
  void anActionTheServerFailsInABatchFailsAsOverRpcAndTheOthersAreServed() throws Exception {
    TableName overFastPath = createTable("fp_batch_fail_fast");
    TableName overRpc = createTable("fp_batch_fail_rpc");
    Connection stock = SharedHBaseCluster.connection();
    try (Table fastTable = fast.getTable(overFastPath); Table rpcTwin = stock.getTable(overRpc);
        Table rpcOfFast = stock.getTable(overFastPath)) {
      Random random = new Random(8L);
      List<Row> actions = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        actions.add(randomPut(random, i * 2));
      }
      // HBase's request path fails this one alone, in the server's multi: the region has no such family.
      actions.add(7, new Put(row(1)).addColumn(Bytes.toBytes("missing"), Bytes.toBytes("q"), 1, Bytes.toBytes("v")));
      long servedBefore = fast.counters().served();
      long failedBefore = fast.counters().answered(FastPathStatus.REPLAY_OVER_RPC);

      Object[] fastResults = new Object[actions.size()];
      Object[] rpcResults = new Object[actions.size()];
      RetriesExhaustedWithDetailsException overFast = catchThrowableOfType(
          RetriesExhaustedWithDetailsException.class, () -> fastTable.batch(actions, fastResults));
      RetriesExhaustedWithDetailsException overRpcFailure = catchThrowableOfType(
          RetriesExhaustedWithDetailsException.class, () -> rpcTwin.batch(actions, rpcResults));

      assertThat(overFast).as("the fast-path table's exception").isNotNull();
      assertThat(overFast.getNumExceptions()).isEqualTo(overRpcFailure.getNumExceptions()).isEqualTo(1);
      assertThat(overFast.getRow(0).getRow()).isEqualTo(row(1));
      assertThat(overFast.getCause(0)).isInstanceOf(overRpcFailure.getCause(0).getClass());
      assertThat(fastResults[7]).isInstanceOf(NoSuchColumnFamilyException.class);
      assertThat(fast.counters().served() - servedBefore).as("actions the fast path served").isEqualTo(20);
      assertThat(fast.counters().answered(FastPathStatus.REPLAY_OVER_RPC) - failedBefore).isEqualTo(1);
      for (int i = 0; i < actions.size(); i++) {
        if (i != 7) {
          assertThat(ResultLines.of((Result) fastResults[i])).as("result %d", i)
              .isEqualTo(ResultLines.of((Result) rpcResults[i]));
        }
      }
      assertSameRows(rpcOfFast, rpcTwin);
    }
  }

  /**
   * A fast-path connection that sends requests up to {@code limit}, and waits longer for a reply than the tests
   * allow a request that goes to RPC at once: one sent, dropped and waited out would fail them.
   */
  private static FastPathConnection withRequestLimit(String limit) throws IOException {
    Configuration conf = new Configuration(SharedHBaseCluster.cluster().clientConfiguration());
    conf.set(FastPathClientConfig.MAX_REQUEST_KEY, limit);
    conf.set(FastPathClientConfig.TIMEOUT_KEY, "20s");
    return FastPathConnections.open(conf);
  }

  @Test
  void aBatchLargerThanOneMessageGoesInSeveralAndRequestsOverTheLimitGoStraightToRpc() throws Exception {
    TableName overFastPath = createTable("fp_batch_split_fast");
    TableName overRpc = createTable("fp_batch_split_rpc");
    Connection stock = SharedHBaseCluster.connection();
    try (FastPathConnection limited = withRequestLimit("16k");
        Table fastTable = limited.getTable(overFastPath); Table rpcTwin = stock.getTable(overRpc);
        Table rpcOfFast = stock.getTable(overFastPath)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        // About 40 KB in all: three messages or more.
        puts.add(new Put(row(i)).addColumn(FAMILIES.get(0), Bytes.toBytes("q"), 1, new byte[1000]));
      }
      fastTable.put(puts);
      rpcTwin.put(puts);
      assertThat(limited.counters().served()).as("Puts the fast path served").isEqualTo(ROWS);

      // Over 16 KB each: sent over RPC at once, not dropped by the server and waited out.
      Put large = new Put(row(0)).addColumn(FAMILIES.get(1), Bytes.toBytes("q"), 2, new byte[20_000]);
      Get wide = new Get(row(0));
      for (int i = 0; i < 2_000; i++) {
        wide.addColumn(FAMILIES.get(0), Bytes.toBytes("qualifier-" + i));
      }
      long start = System.nanoTime();
      fastTable.put(large);
      rpcTwin.put(large);
      fastTable.put(List.of(large));
      Result wideRead = fastTable.get(wide);
      Result[] wideReads = fastTable.get(List.of(wide, new Get(row(1))));
      assertThat(Duration.ofNanos(System.nanoTime() - start)).as("requests over the limit, then RPC")
          .isLessThan(Duration.ofSeconds(10));
      assertThat(ResultLines.of(wideRead)).isEqualTo(ResultLines.of(rpcTwin.get(wide)));
      assertThat(ResultLines.of(wideReads[0])).isEqualTo(ResultLines.of(rpcTwin.get(wide)));
      assertThat(ResultLines.of(wideReads[1])).isEqualTo(ResultLines.of(rpcTwin.get(new Get(row(1)))));
      assertThat(limited.counters().served()).as("only the Get of row 1 besides").isEqualTo(ROWS + 1);
      assertSameRows(rpcOfFast, rpcTwin);
    }
  }

  @Test
  void aRequestOverTheServersLimitGoesStraightToRpc() throws Exception {
    TableName name = createTable("fp_over_server_limit");
    // Above the servers' own limit (4 MiB by default), which the session tells the client.
    try (FastPathConnection unlimited = withRequestLimit("64m");
        Table fastTable = unlimited.getTable(name); Table rpc = SharedHBaseCluster.connection().getTable(name)) {
      fastTable.get(new Get(row(2)));
      Put large = new Put(row(2)).addColumn(FAMILIES.get(0), Bytes.toBytes("q"), 1, new byte[5 << 20]);
      long start = System.nanoTime();
      fastTable.put(large);
      assertThat(Duration.ofNanos(System.nanoTime() - start)).as("a Put over the server's limit, then RPC")
          .isLessThan(Duration.ofSeconds(10));
      assertThat(rpc.get(new Get(row(2))).getValue(FAMILIES.get(0), Bytes.toBytes("q"))).hasSize(5 << 20);
      assertThat(unlimited.counters().served()).as("only the first Get").isEqualTo(1);
    }
  }

  @Test
  void aBatchWhoseReplyIsOverTheServersLimitEndsAsOverRpc() throws Exception {
    Random random = new Random(7L);
    TableName name = createTable("fp_reply_over_limit");
    try (Table rpc = SharedHBaseCluster.connection().getTable(name); Table fastTable = fast.getTable(name)) {
      List<Get> gets = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        rpc.put(new Put(row(i)).addColumn(FAMILIES.get(0), Bytes.toBytes("q"), 1, randomBytes(random, 1 << 20)));
        gets.add(new Get(row(i)));
      }
      long fellBackBefore = fast.counters().fellBack();
      // Six rows of 1 MiB in one region: a reply of 6 MiB, over the servers' 4 MiB, refused before it is built.
      assertThat(ResultLines.of(fastTable.get(gets))).isEqualTo(ResultLines.of(rpc.get(gets)));
      assertThat(fast.counters().fellBack() - fellBackBefore).as("fast-path attempts that fell back to RPC")
          .isPositive();
    }
  }

  @Test
  void aBufferedMutatorFlushesOverTheFastPathAsHBasesMutatorOverRpc() throws Exception {
    Random random = new Random(13L);
    TableName overFastPath = createTable("fp_mutator_fast");
    TableName overRpc = createTable("fp_mutator_rpc");
    Connection stock = SharedHBaseCluster.connection();
    List<Throwable> fastFailures = new ArrayList<>();
    List<Throwable> rpcFailures = new ArrayList<>();
    long servedBefore = fast.counters().served();
    try (Table rpcOfFast = stock.getTable(overFastPath); Table rpcTwin = stock.getTable(overRpc)) {
      try (BufferedMutator fastMutator = fast.getBufferedMutator(mutatorParams(overFastPath, fastFailures));
          BufferedMutator rpcMutator = stock.getBufferedMutator(mutatorParams(overRpc, rpcFailures))) {
        for (int i = 0; i < 200; i++) {
          Mutation mutation = i == 100 ? new Delete(row(5))
              : i == 150 ? new Put(row(1)).addColumn(Bytes.toBytes("missing"), Bytes.toBytes("q"), 1, new byte[1])
              : randomPut(random, random.nextInt(ROWS));
          fastMutator.mutate(mutation);
          rpcMutator.mutate(mutation);
        }
        assertThat(fast.counters().served() - servedBefore).as("Puts flushed as the buffer filled").isPositive();
      }
      assertThat(fast.counters().served() - servedBefore).as("Puts served, all flushed at close")
          .isGreaterThan(150);
      assertThat(fastFailures).as("failures the listener saw").hasSize(1).hasSameSizeAs(rpcFailures);
      assertThat(fastFailures.get(0)).isInstanceOf(rpcFailures.get(0).getClass());
      assertSameRows(rpcOfFast, rpcTwin);

      try (BufferedMutator periodic = fast.getBufferedMutator(new BufferedMutatorParams(overFastPath)
          .setWriteBufferPeriodicFlushTimeoutMs(200).setWriteBufferPeriodicFlushTimerTickMs(100))) {
        periodic.mutate(new Put(row(ROWS + 1)).addColumn(FAMILIES.get(0), Bytes.toBytes("q"), Bytes.toBytes("p")));
        Await.until(Duration.ofSeconds(30), "the periodic flush",
            () -> rpcOfFast.exists(new Get(row(ROWS + 1))));
      }
    }
  }

  /** A small buffer, so that it flushes while the test writes; failures collected, not thrown. */
  private static BufferedMutatorParams mutatorParams(TableName table, List<Throwable> failures) {
    return new BufferedMutatorParams(table).writeBufferSize(32 << 10).listener((e, mutator) -> {
      for (int i = 0; i < e.getNumExceptions(); i++) {
        failures.add(e.getCause(i));
      }
    });
  }

  /** Every row, every version, read over RPC from the table written over the fast path and from its twin. */
  private static void assertSameRows(Table writtenOverFastPath, Table writtenOverRpc) throws IOException {
    for (int i = 0; i < ROWS; i++) {
      Get whole = new Get(row(i)).readAllVersions();
      assertThat(ResultLines.of(writtenOverFastPath.get(whole))).as("row %d", i)
          .isEqualTo(ResultLines.of(writtenOverRpc.get(whole)));
    }
  }

  private static Object[] batch(Table table, List<Row> actions, List<byte[]> calledBack) throws Exception {
    Object[] results = new Object[actions.size()];
    if (calledBack == null) {
      table.batch(actions, results);
    } else {
      table.batchCallback(actions, results, (region, row, result) -> calledBack.add(row));
    }
    return results;
  }

  private static void assertSameResults(Object[] fastResults, Object[] rpcResults) {
    assertThat(fastResults).hasSameSizeAs(rpcResults);
    for (int i = 0; i < rpcResults.length; i++) {
      assertThat(fastResults[i]).as("result %d", i).isInstanceOf(Result.class);
      Result fastResult = (Result) fastResults[i];
      Result rpcResult = (Result) rpcResults[i];
      assertThat(ResultLines.of(fastResult)).as("result %d", i).isEqualTo(ResultLines.of(rpcResult));
      assertThat(fastResult.getExists()).as("result %d exists", i).isEqualTo(rpcResult.getExists());
    }
  }
}

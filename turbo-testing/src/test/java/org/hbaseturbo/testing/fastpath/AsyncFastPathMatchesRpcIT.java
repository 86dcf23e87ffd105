package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.hbaseturbo.testsupport.TestingTables.create;
import static org.hbaseturbo.testsupport.TestingTables.row;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.FutureUtils;
import org.hbaseturbo.client.fastpath.FastPathAsyncConnection;
import org.hbaseturbo.client.fastpath.ReplyWaits;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Differential, for HBase's asynchronous client: the same Gets, Puts and batches through a
 * {@link FastPathAsyncConnection} (made by {@code ConnectionFactory} from {@code hbase.client.async.connection.impl})
 * and through HBase's own asynchronous connection give the same results, with hundreds of requests in flight at
 * once, and the fast path really served them; an action the server fails ends as it does over RPC.
 */
class AsyncFastPathMatchesRpcIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final int ROWS = 200;
  /** Requests in flight at once: far more than the connection's one asynchronous worker. */
  private static final int IN_FLIGHT = 500;

  private static FastPathAsyncConnection fast;
  private static AsyncConnection stock;

  @BeforeAll
  static void connect() throws IOException {
    fast = FastPathConnections.openAsync(SharedHBaseCluster.cluster().clientConfiguration(), User.getCurrent());
    stock = FutureUtils.get(ConnectionFactory.createAsyncConnection(
        SharedHBaseCluster.cluster().clientConfiguration()));
  }

  @AfterAll
  static void close() throws IOException {
    fast.close();
    stock.close();
  }

  /** Three versions; two regions, so that both RegionServers serve fast-path requests. */
  private static TableName createTable(String prefix) throws IOException {
    return create(SharedHBaseCluster.connection(), prefix,
        table -> table.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setMaxVersions(3).build()),
        row(ROWS / 2));
  }

  /** A Put with a timestamp of its own, so that its cells land alike whatever order Puts in flight take. */
  private static Put put(Random random, int sequence) {
    byte[] value = new byte[random.nextInt(10) == 0 ? 70_000 : 1 + random.nextInt(300)];
    random.nextBytes(value);
    return new Put(row(random.nextInt(ROWS))).addColumn(F, Bytes.toBytes("q" + random.nextInt(3)), 1 + sequence,
        value);
  }

  private static Get get(Random random) throws IOException {
    // Rows beyond ROWS are missing.
    Get get = new Get(row(random.nextInt(ROWS + 20)));
    if (random.nextBoolean()) {
      get.addColumn(F, Bytes.toBytes("q" + random.nextInt(3)));
    }
    if (random.nextBoolean()) {
      get.readVersions(1 + random.nextInt(3));
    }
    return get;
  }

  @Test
  void manyGetsAndPutsInFlightMatchRpc() throws Exception {
    Random random = new Random(20261128L);
    TableName overFastPath = createTable("afp_fast");
    TableName overRpc = createTable("afp_rpc");
    AsyncTable<?> fastTable = fast.getTable(overFastPath);
    AsyncTable<?> rpcTwin = stock.getTable(overRpc);
    long servedBefore = fast.counters().served();
    ReplyWaits.Snapshot waitsBefore = fast.counters().waits();

    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < IN_FLIGHT; i++) {
      puts.add(put(random, i));
    }
    List<CompletableFuture<Void>> written = new ArrayList<>();
    puts.forEach(put -> written.add(fastTable.put(put)));
    puts.forEach(put -> written.add(rpcTwin.put(put)));
    CompletableFuture.allOf(written.toArray(new CompletableFuture<?>[0])).join();

    List<Get> gets = new ArrayList<>();
    for (int i = 0; i < IN_FLIGHT; i++) {
      gets.add(get(random));
    }
    List<CompletableFuture<Result>> fastReads = new ArrayList<>();
    gets.forEach(get -> fastReads.add(fastTable.get(get)));
    for (int i = 0; i < gets.size(); i++) {
      assertThat(ResultLines.of(fastReads.get(i).join())).as("Get %s", gets.get(i))
          .isEqualTo(ResultLines.of(rpcTwin.get(gets.get(i)).join()));
    }
    assertThat(fast.counters().served() - servedBefore).as("Puts and Gets the fast path served")
        .isEqualTo(2L * IN_FLIGHT);
    assertThat(fast.counters().fellBack()).as("fast-path attempts that fell back to RPC").isZero();
    assertThat(fast.counters().waits().replies() - waitsBefore.replies()).as("replies counted as they came")
        .isEqualTo(2L * IN_FLIGHT);
    assertSameRows(overFastPath, overRpc);
  }

  @Test
  void batchesMatchRpcAndLeaveOtherActionsToIt() throws Exception {
    Random random = new Random(7L);
    TableName overFastPath = createTable("afp_batch_fast");
    TableName overRpc = createTable("afp_batch_rpc");
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      AsyncTable<?> fastTable = fast.getTable(overFastPath, pool);
      AsyncTable<?> rpcTwin = stock.getTable(overRpc, pool);
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        puts.add(put(random, i));
      }
      List<Get> gets = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        gets.add(get(random));
      }
      // A Delete in the middle goes over RPC, and so does every later action of its row; the rest take the fast
      // path.
      byte[] deleted = gets.get(5).getRow();
      List<Row> mixed = new ArrayList<>(gets.subList(0, 10));
      mixed.add(new Delete(deleted));
      mixed.addAll(gets.subList(10, 30));
      long laterOfDeletedRow = gets.subList(10, 30).stream().filter(get -> Bytes.equals(get.getRow(), deleted))
          .count();
      long servedBefore = fast.counters().served();

      CompletableFuture.allOf(fastTable.putAll(puts), rpcTwin.putAll(puts)).join();
      assertSameResults(join(fastTable.get(gets)), join(rpcTwin.get(gets)));
      assertSameResults(join(fastTable.batch(mixed)), join(rpcTwin.batch(mixed)));
      assertThat(fast.counters().served() - servedBefore).as("actions the fast path served")
          .isEqualTo(puts.size() + gets.size() + 30 - laterOfDeletedRow);
      assertThat(fast.counters().fellBack()).as("fast-path attempts that fell back to RPC").isZero();
      assertSameRows(overFastPath, overRpc);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void anActionTheServerFailsInABatchFailsAsOverRpcAndTheOthersAreServed() throws Exception {
    TableName overFastPath = createTable("afp_fail_fast");
    TableName overRpc = createTable("afp_fail_rpc");
    Random random = new Random(8L);
    List<Row> actions = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      actions.add(put(random, i));
    }
    // HBase's request path fails this one alone, in the server's multi: the region has no such family.
    actions.add(7, new Put(row(1)).addColumn(Bytes.toBytes("missing"), Bytes.toBytes("q"), 1, Bytes.toBytes("v")));
    long servedBefore = fast.counters().served();
    long failedBefore = fast.counters().answered(FastPathStatus.REPLAY_OVER_RPC);

    List<CompletableFuture<Object>> overFast = fast.getTable(overFastPath).batch(actions);
    List<CompletableFuture<Object>> overRpcTwin = stock.getTable(overRpc).batch(actions);
    Throwable fastFailure = catchThrowable(() -> overFast.get(7).join());
    Throwable rpcFailure = catchThrowable(() -> overRpcTwin.get(7).join());
    assertThat(rpcFailure).as("RPC's failure").isNotNull();
    assertThat(fastFailure).isInstanceOf(rpcFailure.getClass());
    assertThat(fastFailure.getCause()).isInstanceOf(rpcFailure.getCause().getClass());
    for (int i = 0; i < actions.size(); i++) {
      if (i != 7) {
        assertThat(ResultLines.of((Result) overFast.get(i).join())).as("result %d", i)
            .isEqualTo(ResultLines.of((Result) overRpcTwin.get(i).join()));
      }
    }
    assertThat(fast.counters().served() - servedBefore).as("actions the fast path served").isEqualTo(20);
    assertThat(fast.counters().answered(FastPathStatus.REPLAY_OVER_RPC) - failedBefore).isEqualTo(1);
    assertSameRows(overFastPath, overRpc);
  }

  private static List<Object> join(List<? extends CompletableFuture<?>> futures) {
    return futures.stream().<Object>map(CompletableFuture::join).toList();
  }

  private static void assertSameResults(List<Object> fastResults, List<Object> rpcResults) {
    assertThat(fastResults).hasSameSizeAs(rpcResults);
    for (int i = 0; i < rpcResults.size(); i++) {
      assertThat(fastResults.get(i)).as("result %d", i).isInstanceOf(Result.class);
      assertThat(ResultLines.of((Result) fastResults.get(i))).as("result %d", i)
          .isEqualTo(ResultLines.of((Result) rpcResults.get(i)));
    }
  }

  /** Every row, every version, read over RPC from the table written over the fast path and from its twin. */
  private static void assertSameRows(TableName writtenOverFastPath, TableName writtenOverRpc) throws IOException {
    try (Table fastRows = SharedHBaseCluster.connection().getTable(writtenOverFastPath);
        Table rpcRows = SharedHBaseCluster.connection().getTable(writtenOverRpc)) {
      for (int i = 0; i < ROWS; i++) {
        Get whole = new Get(row(i)).readAllVersions();
        assertThat(ResultLines.of(fastRows.get(whole))).as("row %d", i)
            .isEqualTo(ResultLines.of(rpcRows.get(whole)));
      }
    }
  }
}

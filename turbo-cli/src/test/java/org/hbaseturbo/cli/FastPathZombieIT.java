package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ClusterConnection;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RegionServer paused (SIGSTOP) past its ZooKeeper session while writers go on: the master gives its region to the
 * other RegionServer, where new values are acknowledged. Then it is resumed, and a fast-path client that stayed idle
 * through the pause, its session and cached location still naming the paused server, reads every key at once, over
 * and over, until the resumed server has aborted. No read may return a value older than one acknowledged before it
 * began: the resumed server refuses the fast path (its ZooKeeper lease lapsed during the pause), and the client finds
 * the region's new server. An RPC client idle through the same pause reads beside it; its stale reads are reported,
 * not judged (HBase's RPC has no such check). The same with the lease planted out of the fast path shows that the
 * check can fail.
 */
class FastPathZombieIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final int KEYS = 20;
  /** The shortest the embedded ZooKeeper grants (2 ticks of 2 s) is 4 s; 6 s keeps the pause short. */
  private static final String SESSION_TIMEOUT_MS = "6000";
  private static final Duration WAIT = Duration.ofSeconds(120);
  /** The RegionServers' test-only switch that plants the lease out of the fast path. */
  private static final String PLANTED_NO_LEASE = "turbo.fastpath.server.test.planted-no-lease";
  /** How long the clients read after the resume: far longer than a resumed server takes to abort (milliseconds). */
  private static final Duration READING = Duration.ofSeconds(3);

  /** What one client read after the resume. */
  private record Reads(long total, long stale, String firstStale) {
  }

  /** What the idle clients read after the resume, and how often the resumed server refused the fast path. */
  private record AfterResume(Reads fast, Reads rpc, long refused) {
  }

  @Test
  void aResumedServerThatLostItsRegionServesNoStaleReadOverTheFastPath(@TempDir Path data) throws Exception {
    AfterResume after = pauseAndResume(data, false);

    assertThat(after.refused()).as("the resumed server's refusals: the idle client reached it before it aborted")
        .isPositive();
    assertThat(after.fast().stale()).as("stale reads over the fast path, the first %s", after.fast().firstStale())
        .isZero();
    assertThat(after.fast().total()).isGreaterThan(KEYS);
  }

  /**
   * The check above can fail: with the lease planted out of the fast path, the resumed server serves the idle client
   * the values it held before the pause.
   */
  @Test
  void withoutTheLeaseTheResumedServerServesStaleReadsOverTheFastPath(@TempDir Path data) throws Exception {
    AfterResume after = pauseAndResume(data, true);

    assertThat(after.refused()).isZero();
    assertThat(after.fast().stale()).as("stale reads over the fast path without the lease").isPositive();
  }

  private static AfterResume pauseAndResume(Path data, boolean leasePlantedOut) throws Exception {
    TableName table = TableName.valueOf("zombie");
    try (ProcessHBaseCluster cluster = ProcessHBaseCluster.builder().regionServers(2).regionServerHeap("384m")
        .set("zookeeper.session.timeout", SESSION_TIMEOUT_MS)
        .set(PLANTED_NO_LEASE, Boolean.toString(leasePlantedOut)).dataDir(data).start();
        Connection admin = ConnectionFactory.createConnection(cluster.clientConfiguration());
        Connection writer = ConnectionFactory.createConnection(retrying(cluster.clientConfiguration()));
        Connection idleRpc = ConnectionFactory.createConnection(retrying(cluster.clientConfiguration()));
        FastPathConnection idleFast = (FastPathConnection) ConnectionFactory.createConnection(
            fastPath(retrying(cluster.clientConfiguration())))) {
      ServerName zombie = zombieAndHome(admin, table, cluster);
      int zombieIndex = cluster.regionServerPorts().indexOf(zombie.getPort());
      AtomicLongArray acknowledged = new AtomicLongArray(KEYS);
      ExecutorService background = Executors.newFixedThreadPool(3);
      AtomicBoolean writing = new AtomicBoolean(true);
      try (Table written = writer.getTable(table); Table fast = idleFast.getTable(table);
          Table rpc = idleRpc.getTable(table)) {
        Future<?> writes = background.submit(() -> write(written, acknowledged, writing));
        // Both idle clients hold a session or connection and a cached location naming the server to be paused.
        Await.until(WAIT, "the first values to be acknowledged", () -> acknowledged.get(KEYS - 1) > 0);
        readAll(fast);
        readAll(rpc);
        assertThat(idleFast.counters().served()).as("the idle client's reads before the pause").isEqualTo(KEYS);

        cluster.pauseRegionServer(zombieIndex);
        try {
          Await.until(WAIT, "the master to give the paused server's region to the other", () ->
              !zombie.equals(location(admin, table)));
          long afterMove = acknowledged.get(0);
          Await.until(WAIT, "values acknowledged by the region's new server", () -> acknowledged.get(0)
              > afterMove + 10);
        } finally {
          cluster.resumeRegionServer(zombieIndex);
        }
        Future<Reads> overFastPath = background.submit(() -> readFor(fast, acknowledged));
        Future<Reads> overRpc = background.submit(() -> readFor(rpc, acknowledged));
        Reads fastReads = overFastPath.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        Reads rpcReads = overRpc.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        writing.set(false);
        writes.get(WAIT.toSeconds(), TimeUnit.SECONDS);

        System.out.printf("after the resume%s: fast path %d reads, %d stale%s; RPC %d reads, %d stale%s%n",
            leasePlantedOut ? ", the lease planted out" : "", fastReads.total(), fastReads.stale(),
            fastReads.stale() == 0 ? "" : " (first: " + fastReads.firstStale() + ")", rpcReads.total(),
            rpcReads.stale(), rpcReads.stale() == 0 ? "" : " (first: " + rpcReads.firstStale() + ")");
        return new AfterResume(fastReads, rpcReads, idleFast.counters().answered(FastPathStatus.NOT_SERVING));
      } finally {
        writing.set(false);
        background.shutdownNow();
      }
    }
  }

  /**
   * Creates the table with its one region on the RegionServer that does not hold hbase:meta, which is the one to
   * pause: its clients must still find the region's new home.
   */
  private static ServerName zombieAndHome(Connection admin, TableName table, ProcessHBaseCluster cluster)
      throws Exception {
    ServerName meta = location(admin, TableName.META_TABLE_NAME);
    ServerName zombie;
    try (Admin a = admin.getAdmin()) {
      a.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build());
      zombie = a.getRegionServers().stream().filter(server -> !server.equals(meta)).findFirst().orElseThrow();
      try (RegionLocator locator = admin.getRegionLocator(table)) {
        a.move(locator.getRegionLocation(new byte[0], true).getRegion().getEncodedNameAsBytes(), zombie);
      }
    }
    Await.until(WAIT, "the table's region on " + zombie, () -> zombie.equals(location(admin, table)));
    return zombie;
  }

  private static ServerName location(Connection connection, TableName table) throws IOException {
    try (RegionLocator locator = connection.getRegionLocator(table)) {
      return locator.getRegionLocation(new byte[0], true).getServerName();
    }
  }

  /** Puts ever larger values to every key, and records each once acknowledged. */
  private static Void write(Table table, AtomicLongArray acknowledged, AtomicBoolean writing) throws IOException {
    for (long value = 1; writing.get(); value++) {
      for (int key = 0; key < KEYS; key++) {
        table.put(new Put(key(key)).addColumn(F, Q, Bytes.toBytes(value)));
        acknowledged.set(key, value);
      }
    }
    return null;
  }

  private static void readAll(Table table) throws IOException {
    for (int key = 0; key < KEYS; key++) {
      table.get(new Get(key(key)));
    }
  }

  /** Reads every key over and over for {@link #READING}, each against what was acknowledged before it began. */
  private static Reads readFor(Table table, AtomicLongArray acknowledged) throws IOException {
    long total = 0;
    long stale = 0;
    String firstStale = "";
    long end = System.nanoTime() + READING.toNanos();
    while (System.nanoTime() < end) {
      for (int key = 0; key < KEYS; key++) {
        long before = acknowledged.get(key);
        byte[] value = table.get(new Get(key(key))).getValue(F, Q);
        long read = value == null ? 0 : Bytes.toLong(value);
        total++;
        if (read < before) {
          stale++;
          if (firstStale.isEmpty()) {
            firstStale = "k" + key + " read " + read + " after " + before + " was acknowledged";
          }
        }
      }
    }
    return new Reads(total, stale, firstStale);
  }

  private static byte[] key(int key) {
    return Bytes.toBytes(String.format("k%02d", key));
  }

  /** Clients that wait out a paused server: short calls, retried within a minute. */
  private static Configuration retrying(Configuration client) {
    Configuration conf = new Configuration(client);
    conf.setInt(HConstants.HBASE_RPC_TIMEOUT_KEY, 2_000);
    conf.setInt(HConstants.HBASE_CLIENT_OPERATION_TIMEOUT, 60_000);
    conf.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 100);
    conf.setInt(HConstants.HBASE_CLIENT_PAUSE, 100);
    return conf;
  }

  private static Configuration fastPath(Configuration client) {
    Configuration conf = new Configuration(client);
    conf.set(ClusterConnection.HBASE_CLIENT_CONNECTION_IMPL, FastPathConnection.class.getName());
    return conf;
  }
}

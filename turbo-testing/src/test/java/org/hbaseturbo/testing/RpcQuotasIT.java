package org.hbaseturbo.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.quotas.QuotaSettingsFactory;
import org.apache.hadoop.hbase.quotas.RpcThrottlingException;
import org.apache.hadoop.hbase.quotas.ThrottleType;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testing.fastpath.FastPathConnections;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * HBase's RPC quotas (throttles) hold for what Turbo runs beside HBase's RPC handlers as for what runs through them:
 * a throttled user's Prepared Scan executes, over RPC and over the fast path, count against their quota and are
 * refused past it as their native scans are, and so are their Gets and Puts over the fast path as over RPC. Each
 * user here may make {@value #ALLOWED} requests an hour; the one after fails as HBase's client fails a throttled
 * call (clients retry nothing here, so that a throttled call fails at once instead of waiting out the hour).
 *
 * <p>Needs its own cluster, with quotas on ({@code hbase.quota.enabled}); each test throttles users of its own. A
 * throttle takes effect once the RegionServers reload their quota cache, which the test asks of them.
 */
class RpcQuotasIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final int ALLOWED = 3;
  private static final TableName TABLE = TableName.valueOf("throttled");

  private static EmbeddedHBaseCluster cluster;
  private static Connection superuser;

  @BeforeAll
  static void start() throws IOException {
    // HBase asserts that a throttled request reads or writes something (TimeBasedLimiter.grabQuota), which a multi of
    // coprocessor calls alone does not: PreparedScan.prepare's batchCoprocessorService. RegionServers run without
    // -ea, and count such a multi as nothing; this test JVM does the same.
    RpcQuotasIT.class.getClassLoader().setClassAssertionStatus("org.apache.hadoop.hbase.quotas.TimeBasedLimiter",
        false);
    // One RegionServer: a user's quota is per RegionServer, and every request of the test goes to this one.
    cluster = EmbeddedHBaseCluster.builder().regionServers(1).set("hbase.quota.enabled", "true").start();
    superuser = ConnectionFactory.createConnection(cluster.clientConfiguration());
    try (Admin admin = superuser.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(TABLE).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build());
    }
    try (Table table = superuser.getTable(TABLE)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        puts.add(new Put(Bytes.toBytes("r" + i)).addColumn(F, Q, Bytes.toBytes(i)));
      }
      table.put(puts);
    }
  }

  @AfterAll
  static void stop() throws IOException {
    try {
      superuser.close();
    } finally {
      cluster.close();
    }
  }

  @Test
  void executesOverRpcAreThrottledAsNativeScansAre() throws Exception {
    throttle(ThrottleType.REQUEST_NUMBER, "native-scanner", "prepared-scanner");
    Throwable nativeRefusal;
    try (Connection connection = as("native-scanner"); Table table = connection.getTable(TABLE)) {
      nativeRefusal = refusedAfterAllowed(() -> firstRow(table.getScanner(new Scan())));
    }
    try (Connection connection = as("prepared-scanner");
        PreparedScan prepared = PreparedScan.prepare(connection, TABLE, new Scan())) {
      assertRefusedAs(refusedAfterAllowed(() -> firstRow(prepared.execute(new byte[0], new byte[0], 100))),
          nativeRefusal);
    }
  }

  @Test
  void executesOverTheFastPathAreThrottledAsNativeScansAre() throws Exception {
    throttle(ThrottleType.REQUEST_NUMBER, "native-scanner-2", "fast-scanner");
    Throwable nativeRefusal;
    try (Connection connection = as("native-scanner-2"); Table table = connection.getTable(TABLE)) {
      nativeRefusal = refusedAfterAllowed(() -> firstRow(table.getScanner(new Scan())));
    }
    try (FastPathConnection fast = fastPathAs("fast-scanner");
        PreparedScan prepared = PreparedScan.prepare(fast, TABLE, new Scan())) {
      assertRefusedAs(refusedAfterAllowed(() -> firstRow(prepared.execute(new byte[0], new byte[0], 100))),
          nativeRefusal);
      assertThat(fast.counters().served()).as("executes the fast path served, all counted").isEqualTo(ALLOWED);
    }
  }

  @Test
  void getsOverTheFastPathAreThrottledAsOverRpc() throws Exception {
    throttle(ThrottleType.READ_NUMBER, "rpc-reader", "fast-reader");
    Get get = new Get(Bytes.toBytes("r1"));
    Throwable rpcRefusal;
    try (Connection connection = as("rpc-reader"); Table table = connection.getTable(TABLE)) {
      rpcRefusal = refusedAfterAllowed(() -> table.get(get));
    }
    try (FastPathConnection fast = fastPathAs("fast-reader"); Table table = fast.getTable(TABLE)) {
      assertRefusedAs(refusedAfterAllowed(() -> table.get(get)), rpcRefusal);
      assertThat(fast.counters().served()).as("Gets the fast path served, all counted").isEqualTo(ALLOWED);
    }
  }

  @Test
  void putsOverTheFastPathAreThrottledAsOverRpc() throws Exception {
    throttle(ThrottleType.WRITE_NUMBER, "rpc-writer", "fast-writer");
    Put put = new Put(Bytes.toBytes("w1")).addColumn(F, Q, Bytes.toBytes("v"));
    Throwable rpcRefusal;
    try (Connection connection = as("rpc-writer"); Table table = connection.getTable(TABLE)) {
      rpcRefusal = refusedAfterAllowed(() -> table.put(put));
    }
    try (FastPathConnection fast = fastPathAs("fast-writer"); Table table = fast.getTable(TABLE)) {
      assertRefusedAs(refusedAfterAllowed(() -> table.put(put)), rpcRefusal);
      assertThat(fast.counters().served()).as("Puts the fast path served, all counted").isEqualTo(ALLOWED);
    }
  }

  private interface Call {
    void run() throws Exception;
  }

  /** Runs the call as often as the quota allows, then once more: that one's failure. */
  private static Throwable refusedAfterAllowed(Call call) throws Exception {
    for (int i = 0; i < ALLOWED; i++) {
      call.run();
    }
    Throwable refusal = catchThrowable(call::run);
    assertThat(refusal).as("the call after %d allowed", ALLOWED).isNotNull();
    return refusal;
  }

  /** The exception HBase's client raises, caused as it is: by the RegionServer's throttling. */
  private static void assertRefusedAs(Throwable refusal, Throwable expected) {
    assertThat(causes(expected)).contains(RpcThrottlingException.class);
    assertThat(causes(refusal)).as(refusal.toString()).isEqualTo(causes(expected));
  }

  /** The classes of an exception and of its causes, outermost first. */
  private static List<Class<?>> causes(Throwable failure) {
    List<Class<?>> classes = new ArrayList<>();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      classes.add(t.getClass());
    }
    return classes;
  }

  private static void firstRow(ResultScanner scanner) throws IOException {
    try (scanner) {
      assertThat(scanner.next()).isNotNull();
    }
  }

  /** {@value #ALLOWED} requests of {@code type} an hour, for each user, in effect on return. */
  private static void throttle(ThrottleType type, String... users) throws IOException {
    try (Admin admin = superuser.getAdmin()) {
      for (String user : users) {
        admin.setQuota(QuotaSettingsFactory.throttleUser(user, type, ALLOWED, TimeUnit.HOURS));
      }
    }
    for (HRegionServer server : cluster.regionServers()) {
      server.getRegionServerRpcQuotaManager().reload();
    }
  }

  private static Configuration clientConfiguration() {
    Configuration conf = cluster.clientConfiguration();
    conf.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 0);
    return conf;
  }

  private static Connection as(String user) throws IOException {
    return ConnectionFactory.createConnection(clientConfiguration(), testUser(user));
  }

  private static FastPathConnection fastPathAs(String user) throws IOException {
    return FastPathConnections.open(clientConfiguration(), testUser(user));
  }

  private static User testUser(String name) {
    return User.createUserForTesting(new Configuration(false), name, new String[0]);
  }
}

package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.hbaseturbo.testing.TestingSecuredCluster.onTable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.FutureUtils;
import org.hbaseturbo.client.fastpath.FastPathAsyncConnection;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.server.fastpath.FastPathServer;
import org.hbaseturbo.server.fastpath.RawFastPathClient;
import org.hbaseturbo.server.fastpath.TestingSession;
import org.hbaseturbo.testing.TestingSecuredCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.hbaseturbo.wire.fastpath.PutBodies;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fast path on a cluster with HBase's {@code AccessController}: each request runs as the session's user, so a
 * user is refused over the fast path exactly where RPC refuses them; sessions are bound to that user; requests
 * without the session's key, recorded and sent again, of no session or of an expired one get nothing executed, and
 * those that are not authenticated get no answer.
 */
class FastPathSecurityIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final byte[] ROW = Bytes.toBytes("row");
  /** Short, so that the expiry test need not wait long; the other tests finish well within it. */
  private static final long LIFETIME_MS = 8_000;
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final long REQUEST_FLAGS = RawFastPathClient.REQUEST_FLAGS;

  /**
   * The primary group of this process's OS user, who is also the cluster's superuser: a group the RegionServer can
   * resolve (it asks the OS, not the client, for a user's groups).
   */
  private static final String OWN_GROUP = currentUserGroup();
  private static TestingSecuredCluster secured;
  private static TableName table;

  @BeforeAll
  static void start() throws Exception {
    secured = TestingSecuredCluster.start(Map.of("turbo.fastpath.server.session.lifetime",
        String.valueOf(LIFETIME_MS), "turbo.fastpath.users", "reader,stranger,@" + OWN_GROUP));
    table = TestingTables.create(secured.superuser(), "fp_acl", F);
    try (Table rpc = secured.superuser().getTable(table)) {
      rpc.put(new Put(ROW).addColumn(F, Q, Bytes.toBytes("v1")));
    }
    secured.grant(onTable("reader", table, null, null, Action.READ), () -> readable("reader"));
  }

  private static boolean readable(String user) throws IOException {
    try (Table rpc = secured.as(user).getTable(table)) {
      rpc.get(new Get(ROW));
      return true;
    } catch (AccessDeniedException e) {
      return false;
    }
  }

  @AfterAll
  static void stop() throws IOException {
    if (secured != null) {
      secured.close();
    }
  }

  @Test
  void aUserWithoutGrantsIsRefusedOverTheFastPathAsOverRpc() throws IOException {
    try (FastPathConnection fast = secured.fastPathAs("stranger"); Table fastTable = fast.getTable(table)) {
      assertThatThrownBy(() -> fastTable.get(new Get(ROW))).isInstanceOf(AccessDeniedException.class);
      assertThatThrownBy(() -> fastTable.put(new Put(ROW).addColumn(F, Q, Bytes.toBytes("stranger"))))
          .isInstanceOf(AccessDeniedException.class);
      // The RegionServer refused both on the fast path (running them as the stranger, not as itself), then RPC did.
      assertThat(fast.counters().answered(FastPathStatus.REPLAY_OVER_RPC)).isEqualTo(2);
      assertThat(fast.counters().served()).isZero();
    }
    assertThat(valueNow()).isEqualTo("v1");
  }

  @Test
  void onlyTheUsersAndGroupsTheSettingNamesGetASession() throws Exception {
    secured.grant(onTable("outsider", table, null, null, Action.READ), () -> readable("outsider"));
    long refusedBefore = sessionsNotAllowed();
    try (FastPathConnection fast = secured.fastPathAs("outsider"); Table fastTable = fast.getTable(table)) {
      assertThat(Bytes.toString(fastTable.get(new Get(ROW)).getValue(F, Q))).as("over RPC").isEqualTo("v1");
      assertThat(fast.counters().served()).isZero();
    }
    assertThatThrownBy(() -> OpenedSession.open(secured.as("outsider"), table, ROW)).hasStackTraceContaining(
        "user outsider may not use the fast path of this RegionServer (turbo.fastpath.users is"
        + " 'reader,stranger,@" + OWN_GROUP + "'");
    assertThat(sessionsNotAllowed()).as("refusals counted").isGreaterThan(refusedBefore);
    try (FastPathConnection fast = FastPathConnections.open(secured.cluster().clientConfiguration());
        Table fastTable = fast.getTable(table)) {
      assertThat(Bytes.toString(fastTable.get(new Get(ROW)).getValue(F, Q))).isEqualTo("v1");
      assertThat(fast.counters().served()).as("a member of @%s", OWN_GROUP).isEqualTo(1);
    }
  }

  private static String currentUserGroup() {
    try {
      return User.getCurrent().getGroupNames()[0];
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void aReaderGetsOverTheFastPathAndCannotPut() throws IOException {
    try (FastPathConnection fast = secured.fastPathAs("reader"); Table fastTable = fast.getTable(table)) {
      assertThat(Bytes.toString(fastTable.get(new Get(ROW)).getValue(F, Q))).isEqualTo("v1");
      assertThat(fast.counters().served()).isEqualTo(1);
      assertThatThrownBy(() -> fastTable.put(new Put(ROW).addColumn(F, Q, Bytes.toBytes("reader"))))
          .isInstanceOf(AccessDeniedException.class);
      assertThat(fast.counters().answered(FastPathStatus.REPLAY_OVER_RPC)).isEqualTo(1);

      // In one batch, as in one RPC multi: the Get is served, the Put refused alone, then refused again over RPC.
      Object[] results = new Object[2];
      List<Row> batch = List.of(new Get(ROW), new Put(Bytes.toBytes("other")).addColumn(F, Q, Bytes.toBytes("r")));
      assertThatThrownBy(() -> fastTable.batch(batch, results)).isInstanceOf(RetriesExhaustedWithDetailsException.class)
          .satisfies(e -> assertThat(((RetriesExhaustedWithDetailsException) e).getCause(0))
              .isInstanceOf(AccessDeniedException.class));
      assertThat(Bytes.toString(((Result) results[0]).getValue(F, Q))).isEqualTo("v1");
      assertThat(results[1]).isInstanceOf(AccessDeniedException.class);
      assertThat(fast.counters().served()).isEqualTo(2);
      assertThat(fast.counters().answered(FastPathStatus.REPLAY_OVER_RPC)).isEqualTo(2);
    }
    assertThat(valueNow()).isEqualTo("v1");
    try (Table rpc = secured.superuser().getTable(table)) {
      assertThat(rpc.exists(new Get(Bytes.toBytes("other")))).isFalse();
    }
  }

  @Test
  void anAsynchronousReaderGetsOverTheFastPathAndIsRefusedAPutAsOverRpc() throws Exception {
    Put put = new Put(Bytes.toBytes("other")).addColumn(F, Q, Bytes.toBytes("r"));
    Throwable overRpc;
    try (AsyncConnection stock = FutureUtils.get(ConnectionFactory.createAsyncConnection(
        secured.cluster().clientConfiguration(), User.createUserForTesting(secured.cluster().clientConfiguration(),
            "reader", new String[0])))) {
      overRpc = catchThrowable(() -> stock.getTable(table).batch(List.of(put)).get(0).join());
    }
    assertThat(overRpc).as("RPC's refusal").isNotNull();
    try (FastPathAsyncConnection fast = secured.asyncFastPathAs("reader")) {
      AsyncTable<?> fastTable = fast.getTable(table);
      assertThat(Bytes.toString(fastTable.get(new Get(ROW)).join().getValue(F, Q))).isEqualTo("v1");
      assertThat(fast.counters().served()).isEqualTo(1);
      assertThatThrownBy(() -> fastTable.put(put).join()).hasCauseInstanceOf(AccessDeniedException.class);
      assertThat(fast.counters().answered(FastPathStatus.REPLAY_OVER_RPC)).isEqualTo(1);

      // In one batch: the Get is served, the Put refused alone on the server, then refused again over RPC, with
      // the exception RPC gives.
      List<CompletableFuture<Object>> results = fastTable.batch(List.of(new Get(ROW), put));
      assertThat(Bytes.toString(((Result) results.get(0).join()).getValue(F, Q))).isEqualTo("v1");
      Throwable refused = catchThrowable(() -> results.get(1).join());
      assertThat(refused.getCause()).isInstanceOf(overRpc.getCause().getClass())
          .hasMessageContaining("Insufficient permissions (user=reader");
      assertThat(fast.counters().served()).isEqualTo(2);
      assertThat(fast.counters().answered(FastPathStatus.REPLAY_OVER_RPC)).isEqualTo(2);
    }
    try (Table rpc = secured.superuser().getTable(table)) {
      assertThat(rpc.exists(new Get(Bytes.toBytes("other")))).isFalse();
    }
  }

  @Test
  void sessionsAreBoundToTheirUserAndRequestsToTheSessionKey() throws Exception {
    Connection readerRpc = secured.as("reader");
    OpenedSession opened = OpenedSession.open(readerRpc, table, ROW);
    HRegionLocation location = location();
    ServerName server = location.getServerName();
    byte[] get = RequestConverter.buildGetRequest(location.getRegion().getRegionName(), new Get(ROW)).toByteArray();
    byte[] put = PutBodies.mutate(location.getRegion().getRegionName(),
        new Put(ROW).addColumn(F, Q, Bytes.toBytes("forged")));
    try (RawFastPathClient raw = new RawFastPathClient(opened.response().getWorkerAddress(0).asReadOnlyByteBuffer())) {
      TestingSession session = opened.session();
      byte[] signedGet = session.request(FastPathOperation.GET, 0, 1, get);
      assertThat(raw.send(signedGet).status()).isEqualTo(FastPathStatus.OK);
      // The session id travels in every request; without the session key, which never does, it is worth nothing.
      FastPathServer.Status before = status(server);
      raw.fire(FastPathFrames.REQUEST_MESSAGE, session.forged(FastPathOperation.PUT, 0, 2, put), REQUEST_FLAGS);
      Await.until(WAIT, "the forged Put to be refused", () -> status(server).notSigned() > before.notSigned());
      raw.fire(FastPathFrames.REQUEST_MESSAGE, new TestingSession(new byte[FastPathFrames.SESSION_BYTES],
          session.key()).request(FastPathOperation.PUT, 0, 3, put), REQUEST_FLAGS);
      Await.until(WAIT, "a Put of no session to be refused", () -> status(server).noSession()
          > before.noSession());
      assertThat(raw.send(signedGet).status()).as("a recorded request sent again").isEqualTo(FastPathStatus.MALFORMED);
      // The reader's session carries the reader's rights, whoever sends its requests.
      Reply denied = raw.send(session.request(FastPathOperation.PUT, 0, 4, put));
      assertThat(denied.status()).isEqualTo(FastPathStatus.REPLAY_OVER_RPC);
      assertThat(StandardCharsets.UTF_8.decode(denied.body()).toString())
          .startsWith(AccessDeniedException.class.getName());
      assertThat(denied.sequence()).isEqualTo(4);
      assertThat(raw.send(session.request(FastPathOperation.GET, 0, 5, get)).status()).as("served after all that")
          .isEqualTo(FastPathStatus.OK);

      Thread.sleep(Math.max(0, opened.response().getExpiresAtMs() - System.currentTimeMillis()) + 500);
      FastPathServer.Status live = status(server);
      raw.fire(FastPathFrames.REQUEST_MESSAGE, session.request(FastPathOperation.GET, 0, 6, get), REQUEST_FLAGS);
      Await.until(WAIT, "a Get of an expired session to be refused", () -> status(server).noSession()
          > live.noSession());
      assertThat(raw.replies(0)).as("replies to the two Gets, the replay and the denied Put alone").hasSize(4);
    }
    assertThat(valueNow()).isEqualTo("v1");
  }

  private static long sessionsNotAllowed() throws IOException {
    try (Admin admin = secured.superuser().getAdmin()) {
      return admin.getRegionServers().stream().mapToLong(server -> status(server).sessionsNotAllowed()).sum();
    }
  }

  private static FastPathServer.Status status(ServerName server) {
    return FastPathServer.status(server).orElseThrow();
  }

  private static HRegionLocation location() throws IOException {
    try (var locator = secured.superuser().getRegionLocator(table)) {
      return locator.getRegionLocation(ROW);
    }
  }

  private static String valueNow() throws IOException {
    try (Table rpc = secured.superuser().getTable(table)) {
      return Bytes.toString(rpc.get(new Get(ROW)).getValue(F, Q));
    }
  }
}

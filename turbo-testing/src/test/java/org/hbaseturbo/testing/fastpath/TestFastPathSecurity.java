package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hbaseturbo.testing.TestingSecuredCluster.onTable;

import com.google.protobuf.ByteString;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.ipc.ServerRpcController;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.protocol.generated.FastPathProtos.FastPathSessionService;
import org.hbaseturbo.protocol.generated.FastPathProtos.OpenSessionRequest;
import org.hbaseturbo.protocol.generated.FastPathProtos.OpenSessionResponse;
import org.hbaseturbo.testing.SharedHBaseCluster;
import org.hbaseturbo.testing.TestingSecuredCluster;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fast path on a cluster with HBase's {@code AccessController}: each request runs as the session's user, so a
 * user is refused over the fast path exactly where RPC refuses them; sessions are bound to that user; missing,
 * forged and expired tokens and random bytes get nothing executed, and leave the RegionServer serving.
 */
class TestFastPathSecurity {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final byte[] ROW = Bytes.toBytes("row");
  /** Short, so that the expiry test need not wait long; the other tests finish well within it. */
  private static final long LIFETIME_MS = 8_000;

  private static TestingSecuredCluster secured;
  private static TableName table;

  @BeforeAll
  static void start() throws Exception {
    secured = TestingSecuredCluster.start(Map.of("turbo.fastpath.server.session.lifetime.ms",
        String.valueOf(LIFETIME_MS)));
    table = SharedHBaseCluster.uniqueTableName("fp_acl");
    try (Admin admin = secured.superuser().getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(table)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
    }
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
  void aReaderGetsOverTheFastPathAndCannotPut() throws IOException {
    try (FastPathConnection fast = secured.fastPathAs("reader"); Table fastTable = fast.getTable(table)) {
      assertThat(Bytes.toString(fastTable.get(new Get(ROW)).getValue(F, Q))).isEqualTo("v1");
      assertThat(fast.counters().served()).isEqualTo(1);
      assertThatThrownBy(() -> fastTable.put(new Put(ROW).addColumn(F, Q, Bytes.toBytes("reader"))))
          .isInstanceOf(AccessDeniedException.class);
      assertThat(fast.counters().answered(FastPathStatus.REPLAY_OVER_RPC)).isEqualTo(1);
    }
    assertThat(valueNow()).isEqualTo("v1");
  }

  @Test
  void tokensAreCheckedAndBoundToTheirUser() throws Exception {
    Connection readerRpc = secured.as("reader");
    OpenSessionResponse session = openSession(readerRpc);
    HRegionLocation location = location();
    byte[] get = RequestConverter.buildGetRequest(location.getRegion().getRegionName(), new Get(ROW)).toByteArray();
    byte[] put = RequestConverter.buildMutateRequest(location.getRegion().getRegionName(),
        new Put(ROW).addColumn(F, Q, Bytes.toBytes("forged"))).toByteArray();
    byte[] token = session.getToken().toByteArray();
    byte[] forged = new byte[FastPathFrames.TOKEN_BYTES];
    new Random(7).nextBytes(forged);
    try (RawFastPathClient raw = new RawFastPathClient(session.getWorkerAddress(0).asReadOnlyByteBuffer())) {
      assertThat(raw.send(request(FastPathOperation.GET, token, 1, get)).status()).isEqualTo(FastPathStatus.OK);
      assertThat(raw.send(request(FastPathOperation.GET, forged, 2, get)).status())
          .isEqualTo(FastPathStatus.SESSION_REFUSED);
      assertThat(raw.send(request(FastPathOperation.PUT, new byte[FastPathFrames.TOKEN_BYTES], 3, put)).status())
          .as("no token (zeros)").isEqualTo(FastPathStatus.SESSION_REFUSED);
      // The reader's token carries the reader's rights, whoever sends it.
      Reply denied = raw.send(request(FastPathOperation.PUT, token, 4, put));
      assertThat(denied.status()).isEqualTo(FastPathStatus.REPLAY_OVER_RPC);
      assertThat(StandardCharsets.UTF_8.decode(denied.body()).toString())
          .startsWith(AccessDeniedException.class.getName());
      assertThat(denied.requestId()).isEqualTo(4);

      Random random = new Random(2026);
      for (int i = 0; i < 300; i++) {
        byte[] garbage = new byte[random.nextInt(120)];
        random.nextBytes(garbage);
        if (i % 3 == 0 && garbage.length > FastPathFrames.REQUEST_HEADER_BYTES) {
          // A valid header and token over a random body: it reaches the parser.
          ByteBuffer.wrap(garbage).put(FastPathFrames.VERSION)
              .put((byte) random.nextInt(FastPathOperation.values().length + 1)).put(token);
        }
        Reply reply = raw.send(garbage);
        assertThat(reply).as("reply to random message %d", i).isNotNull();
        assertThat(reply.status()).as("random message %d", i).isIn(FastPathStatus.MALFORMED,
            FastPathStatus.SESSION_REFUSED, FastPathStatus.REPLAY_OVER_RPC);
      }
      assertThat(raw.send(request(FastPathOperation.GET, token, 5, get)).status())
          .as("served after the garbage").isEqualTo(FastPathStatus.OK);

      Thread.sleep(Math.max(0, session.getExpiresAtMs() - System.currentTimeMillis()) + 500);
      assertThat(raw.send(request(FastPathOperation.GET, token, 6, get)).status()).as("expired token")
          .isEqualTo(FastPathStatus.SESSION_REFUSED);
    }
    assertThat(valueNow()).isEqualTo("v1");
  }

  private static byte[] request(FastPathOperation operation, byte[] token, long id, byte[] body) {
    ByteBuffer out = ByteBuffer.allocate(FastPathFrames.REQUEST_HEADER_BYTES + body.length);
    FastPathFrames.putRequestHeader(out, operation, token, id);
    return out.put(body).array();
  }

  private static OpenSessionResponse openSession(Connection rpc) throws Exception {
    try (Table t = rpc.getTable(table)) {
      ServerRpcController controller = new ServerRpcController();
      OpenSessionResponse response = FastPathSessionService.newBlockingStub(t.coprocessorService(ROW))
          .open(controller, OpenSessionRequest.getDefaultInstance());
      if (controller.failedOnException()) {
        throw controller.getFailedOn();
      }
      assertThat(response.getToken()).isNotEqualTo(ByteString.EMPTY);
      return response;
    }
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

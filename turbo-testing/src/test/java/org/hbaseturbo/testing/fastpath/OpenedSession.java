package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.security.KeyPair;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.ipc.ServerRpcController;
import org.hbaseturbo.protocol.generated.FastPathProtos.FastPathSessionService;
import org.hbaseturbo.protocol.generated.FastPathProtos.OpenSessionRequest;
import org.hbaseturbo.protocol.generated.FastPathProtos.OpenSessionResponse;
import org.hbaseturbo.server.fastpath.TestingSession;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.SessionKeys;

/** A fast-path session opened by hand over RPC, as Turbo's client opens one, with the key the client derives. */
record OpenedSession(OpenSessionResponse response, TestingSession session) {
  /** Opens a session as {@code rpc}'s user, with the RegionServer holding {@code row} of {@code table}. */
  static OpenedSession open(Connection rpc, TableName table, byte[] row) throws Exception {
    KeyPair client = SessionKeys.newKeyPair();
    byte[] clientPublic = SessionKeys.encoded(client);
    try (Table t = rpc.getTable(table)) {
      ServerRpcController controller = new ServerRpcController();
      OpenSessionResponse response = FastPathSessionService.newBlockingStub(t.coprocessorService(row)).open(
          controller, OpenSessionRequest.newBuilder().setClientPublicKey(ByteString.copyFrom(clientPublic))
              .setFrameVersion(FastPathFrames.VERSION).build());
      if (controller.failedOnException()) {
        throw controller.getFailedOn();
      }
      assertThat(response.getToken()).isNotEqualTo(ByteString.EMPTY);
      byte[] id = response.getToken().toByteArray();
      byte[] serverPublic = response.getServerPublicKey().toByteArray();
      return new OpenedSession(response, new TestingSession(id,
          SessionKeys.sessionKey(client.getPrivate(), serverPublic, clientPublic, serverPublic, id)));
    }
  }
}

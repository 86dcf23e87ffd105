package org.hbaseturbo.client.fastpath;

import com.google.protobuf.ByteString;
import com.google.protobuf.ServiceException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.ipc.ServerRpcController;
import org.hbaseturbo.protocol.generated.FastPathProtos.CloseSessionRequest;
import org.hbaseturbo.protocol.generated.FastPathProtos.FastPathSessionService;
import org.hbaseturbo.protocol.generated.FastPathProtos.OpenSessionRequest;
import org.hbaseturbo.protocol.generated.FastPathProtos.OpenSessionResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Opens and closes fast-path sessions over HBase RPC, as the connection's user, through a region endpoint. */
final class SessionCalls {
  private static final Logger LOG = LoggerFactory.getLogger(SessionCalls.class);

  private final Connection rpc;

  SessionCalls(Connection rpc) {
    this.rpc = rpc;
  }

  /** @throws IOException when the server has no fast path, refuses the caller or cannot be reached */
  ServerSession open(HRegionLocation location) throws IOException {
    byte[] row = location.getRegion().getStartKey();
    OpenSessionResponse response;
    try (Table table = rpc.getTable(location.getRegion().getTable())) {
      ServerRpcController controller = new ServerRpcController();
      response = FastPathSessionService.newBlockingStub(table.coprocessorService(row))
          .open(controller, OpenSessionRequest.getDefaultInstance());
      if (controller.failedOnException()) {
        throw controller.getFailedOn();
      }
    } catch (ServiceException e) {
      throw new IOException(e.getMessage(), e);
    }
    ServerName issuer = ServerName.valueOf(response.getServerName());
    if (!issuer.equals(location.getServerName())) {
      // The region moved between the lookup and the call: the session is for another server than expected.
      throw new IOException("asked " + location.getServerName() + " for a session, " + issuer + " answered");
    }
    if (response.getWorkerAddressCount() == 0) {
      throw new IOException(issuer + " has no fast-path workers");
    }
    List<ByteBuffer> workers = response.getWorkerAddressList().stream()
        .map(address -> ByteBuffer.allocateDirect(address.size()).put(address.asReadOnlyByteBuffer()).flip()
            .asReadOnlyBuffer())
        .toList();
    return new ServerSession(issuer, response.getToken().toByteArray(), workers,
        location.getRegion().getTable(), row, response.getUcxRuntime());
  }

  /** Best effort: a session that is not closed expires on the server. */
  void close(ServerSession session) {
    try (Table table = rpc.getTable(session.table())) {
      ServerRpcController controller = new ServerRpcController();
      FastPathSessionService.newBlockingStub(table.coprocessorService(session.row())).close(controller,
          CloseSessionRequest.newBuilder().setToken(ByteString.copyFrom(session.token())).build());
    } catch (IOException | ServiceException | RuntimeException e) {
      LOG.debug("could not close the fast-path session with {}: {}", session.server(), e.getMessage());
    }
  }
}

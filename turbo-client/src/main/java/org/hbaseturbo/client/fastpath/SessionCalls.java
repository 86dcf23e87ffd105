package org.hbaseturbo.client.fastpath;

import com.google.protobuf.ByteString;
import com.google.protobuf.ServiceException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.ipc.ServerRpcController;
import org.hbaseturbo.protocol.generated.FastPathProtos.CloseSessionRequest;
import org.hbaseturbo.protocol.generated.FastPathProtos.FastPathSessionService;
import org.hbaseturbo.protocol.generated.FastPathProtos.OpenSessionRequest;
import org.hbaseturbo.protocol.generated.FastPathProtos.OpenSessionResponse;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.HostBoot;
import org.hbaseturbo.wire.fastpath.SessionKeys;
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
    KeyPair ours = SessionKeys.newKeyPair();
    byte[] clientPublic = SessionKeys.encoded(ours);
    OpenSessionResponse response;
    long sent = System.nanoTime();
    try (Table table = rpc.getTable(location.getRegion().getTable())) {
      ServerRpcController controller = new ServerRpcController();
      response = FastPathSessionService.newBlockingStub(table.coprocessorService(row)).open(controller,
          OpenSessionRequest.newBuilder().setClientPublicKey(ByteString.copyFrom(clientPublic))
              .setFrameVersion(FastPathFrames.VERSION).build());
      if (controller.failedOnException()) {
        throw controller.getFailedOn();
      }
    } catch (ServiceException e) {
      throw new IOException(e.getMessage(), e);
    }
    long answered = System.nanoTime();
    ServerName issuer = ServerName.valueOf(response.getServerName());
    if (!issuer.equals(location.getServerName())) {
      // The location was stale: the region moved, or its server was restarted on the same port, where HBase's RPC
      // reaches the new server under the old name and so never corrects it. The next lookup reads hbase:meta
      // again and names the server that answered, instead of this one until some region happens to move.
      try (RegionLocator locator = rpc.getRegionLocator(location.getRegion().getTable())) {
        locator.clearRegionLocationCache();
      }
      throw new IOException("asked " + location.getServerName() + " for a session, " + issuer + " answered");
    }
    if (response.getWorkerAddressCount() == 0) {
      throw new IOException(issuer + " has no fast-path workers");
    }
    if (response.getFrameVersion() != FastPathFrames.VERSION) {
      throw new IOException(issuer + " speaks fast-path frames of version " + (response.hasFrameVersion()
          ? response.getFrameVersion() : "2 or earlier") + ", this client version " + FastPathFrames.VERSION
          + ": deploy the server jar of this client's HBase Turbo version");
    }
    byte[] id = response.getToken().toByteArray();
    byte[] key;
    try {
      key = SessionKeys.sessionKey(ours.getPrivate(), response.getServerPublicKey().toByteArray(), clientPublic,
          response.getServerPublicKey().toByteArray(), id);
    } catch (GeneralSecurityException e) {
      throw new IOException(issuer + " sent a public key that is not an X25519 key: " + e.getMessage(), e);
    }
    List<ByteBuffer> workers = response.getWorkerAddressList().stream()
        .map(address -> ByteBuffer.allocateDirect(address.size()).put(address.asReadOnlyByteBuffer()).flip()
            .asReadOnlyBuffer())
        .toList();
    // Renewed at half its lifetime: long before it expires, whatever the clocks.
    long renewAt = sent + TimeUnit.MILLISECONDS.toNanos(response.getLifetimeMs()) / 2;
    return new ServerSession(issuer, id, key, workers, location.getRegion().getTable(),
        row, response.getUcxRuntime(), ServerClock.measured(sent, response.getServerNanos(), answered,
        !HostBoot.id().isEmpty() && HostBoot.id().equals(response.getBootId())),
        // A server before the field took what a client sends by default.
        response.hasMaxRequestBytes() ? response.getMaxRequestBytes() : Long.MAX_VALUE, renewAt);
  }

  /**
   * Reads where the location's region is from hbase:meta again, into the connection's cache, where RPC finds it.
   * Best effort: RPC's own retries find the region anyway, later.
   */
  void relocate(HRegionLocation location) {
    try (RegionLocator locator = rpc.getRegionLocator(location.getRegion().getTable())) {
      locator.getRegionLocation(location.getRegion().getStartKey(), true);
    } catch (IOException | RuntimeException e) {
      LOG.debug("could not look up {} again: {}", location.getRegion().getRegionNameAsString(), e.getMessage());
    }
  }

  /** Best effort: a session that is not closed expires on the server. */
  void close(ServerSession session) {
    try (Table table = rpc.getTable(session.table())) {
      ServerRpcController controller = new ServerRpcController();
      FastPathSessionService.newBlockingStub(table.coprocessorService(session.row())).close(controller,
          CloseSessionRequest.newBuilder().setToken(ByteString.copyFrom(session.id())).build());
    } catch (IOException | ServiceException | RuntimeException e) {
      LOG.debug("could not close the fast-path session with {}: {}", session.server(), e.getMessage());
    }
  }
}

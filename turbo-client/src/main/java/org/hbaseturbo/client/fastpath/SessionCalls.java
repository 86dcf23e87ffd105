package org.hbaseturbo.client.fastpath;

import com.google.protobuf.ByteString;
import com.google.protobuf.ServiceException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.ipc.ServerRpcController;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.protocol.generated.FastPathProtos.CloseSessionRequest;
import org.hbaseturbo.protocol.generated.FastPathProtos.CloseSessionResponse;
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

  /** The RPC calls sessions take, through a connection's blocking client or its asynchronous one. */
  interface Rpc {
    /** Calls the session endpoint's open in the region holding {@code row}. */
    OpenSessionResponse open(TableName table, byte[] row, OpenSessionRequest request) throws IOException;

    void close(TableName table, byte[] row, CloseSessionRequest request) throws IOException;

    /** Forgets where the table's regions are: the next lookup reads hbase:meta. */
    void clearLocations(TableName table) throws IOException;

    /**
     * Reads where the region holding {@code row} is from hbase:meta again, into the connection's cache: done when
     * the future is (at once, for a blocking connection).
     */
    CompletableFuture<?> relocate(TableName table, byte[] row) throws IOException;
  }

  private final Rpc rpc;

  SessionCalls(Rpc rpc) {
    this.rpc = rpc;
  }

  /** Sessions through a blocking connection. */
  static SessionCalls over(Connection connection) {
    return new SessionCalls(new Rpc() {
      @Override
      public OpenSessionResponse open(TableName table, byte[] row, OpenSessionRequest request) throws IOException {
        try (Table rows = connection.getTable(table)) {
          ServerRpcController controller = new ServerRpcController();
          OpenSessionResponse response = FastPathSessionService.newBlockingStub(rows.coprocessorService(row))
              .open(controller, request);
          if (controller.failedOnException()) {
            throw controller.getFailedOn();
          }
          return response;
        } catch (ServiceException e) {
          throw new IOException(e.getMessage(), e);
        }
      }

      @Override
      public void close(TableName table, byte[] row, CloseSessionRequest request) throws IOException {
        try (Table rows = connection.getTable(table)) {
          FastPathSessionService.newBlockingStub(rows.coprocessorService(row)).close(new ServerRpcController(),
              request);
        } catch (ServiceException e) {
          throw new IOException(e.getMessage(), e);
        }
      }

      @Override
      public void clearLocations(TableName table) throws IOException {
        try (RegionLocator locator = connection.getRegionLocator(table)) {
          locator.clearRegionLocationCache();
        }
      }

      @Override
      public CompletableFuture<?> relocate(TableName table, byte[] row) throws IOException {
        try (RegionLocator locator = connection.getRegionLocator(table)) {
          locator.getRegionLocation(row, true);
        }
        return CompletableFuture.completedFuture(null);
      }
    });
  }

  /** Sessions through an asynchronous connection, waited for on the caller's thread (the channel's own). */
  static SessionCalls over(AsyncConnection connection) {
    return new SessionCalls(new Rpc() {
      @Override
      public OpenSessionResponse open(TableName table, byte[] row, OpenSessionRequest request) throws IOException {
        return await(connection.getTable(table).<FastPathSessionService.Stub, OpenSessionResponse>coprocessorService(
            FastPathSessionService::newStub, (stub, controller, done) -> stub.open(controller, request, done), row));
      }

      @Override
      public void close(TableName table, byte[] row, CloseSessionRequest request) throws IOException {
        await(connection.getTable(table).<FastPathSessionService.Stub, CloseSessionResponse>coprocessorService(
            FastPathSessionService::newStub, (stub, controller, done) -> stub.close(controller, request, done), row));
      }

      @Override
      public void clearLocations(TableName table) {
        connection.getRegionLocator(table).clearRegionLocationCache();
      }

      @Override
      public CompletableFuture<?> relocate(TableName table, byte[] row) {
        return connection.getRegionLocator(table).getRegionLocation(row, true);
      }
    });
  }

  private static <T> T await(CompletableFuture<T> call) throws IOException {
    try {
      return call.get();
    } catch (InterruptedException e) {
      throw Pause.interrupted("waiting for RPC", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause().getMessage(), e.getCause());
    }
  }

  /**
   * @param renews the id of the session the new one renews ({@link ServerSession#renews}), or null
   * @throws IOException when the server has no fast path, refuses the caller or cannot be reached
   */
  ServerSession open(HRegionLocation location, byte[] renews) throws IOException {
    byte[] row = location.getRegion().getStartKey();
    KeyPair ours = SessionKeys.newKeyPair();
    byte[] clientPublic = SessionKeys.encoded(ours);
    long sent = System.nanoTime();
    OpenSessionResponse response = rpc.open(location.getRegion().getTable(), row, OpenSessionRequest.newBuilder()
        .setClientPublicKey(ByteString.copyFrom(clientPublic)).setFrameVersion(FastPathFrames.VERSION).build());
    long answered = System.nanoTime();
    ServerName issuer = ServerName.valueOf(response.getServerName());
    if (!issuer.equals(location.getServerName())) {
      // The location was stale: the region moved, or its server was restarted on the same port, where HBase's RPC
      // reaches the new server under the old name and so never corrects it. The next lookup reads hbase:meta
      // again and names the server that answered, instead of this one until some region happens to move.
      rpc.clearLocations(location.getRegion().getTable());
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
        response.hasMaxRequestBytes() ? response.getMaxRequestBytes() : Long.MAX_VALUE, renewAt, renews);
  }

  /**
   * Reads where the location's region is from hbase:meta again, into the connection's cache, where RPC finds it.
   * Best effort: RPC's own retries find the region anyway, later.
   *
   * @return done when the lookup is, never exceptionally; at once for a blocking connection, whose lookup this call
   *     made
   */
  CompletableFuture<Void> relocate(HRegionLocation location) {
    CompletableFuture<?> lookup;
    try {
      lookup = rpc.relocate(location.getRegion().getTable(), location.getRegion().getStartKey());
    } catch (IOException | RuntimeException e) {
      lookup = CompletableFuture.failedFuture(e);
    }
    return lookup.handle((found, error) -> {
      if (error != null) {
        LOG.debug("could not look up {} again: {}", location.getRegion().getRegionNameAsString(),
            error.getMessage());
      }
      return null;
    });
  }

  /** Best effort: a session that is not closed expires on the server. */
  void close(ServerSession session) {
    try {
      rpc.close(session.table(), session.row(),
          CloseSessionRequest.newBuilder().setToken(ByteString.copyFrom(session.id())).build());
    } catch (IOException | RuntimeException e) {
      LOG.debug("could not close the fast-path session with {}: {}", session.server(), e.getMessage());
    }
  }
}

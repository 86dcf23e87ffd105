package org.hbaseturbo.server.fastpath;

import com.google.protobuf.ByteString;
import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import com.google.protobuf.Service;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessor;
import org.apache.hadoop.hbase.ipc.CoprocessorRpcUtils;
import org.apache.hadoop.hbase.ipc.RpcServer;
import org.apache.hadoop.hbase.security.User;
import org.hbaseturbo.protocol.generated.FastPathProtos.CloseSessionRequest;
import org.hbaseturbo.protocol.generated.FastPathProtos.CloseSessionResponse;
import org.hbaseturbo.protocol.generated.FastPathProtos.FastPathSessionService;
import org.hbaseturbo.protocol.generated.FastPathProtos.OpenSessionRequest;
import org.hbaseturbo.protocol.generated.FastPathProtos.OpenSessionResponse;
import org.hbaseturbo.server.HBaseLine;
import org.hbaseturbo.server.LoadedAs;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.HostBoot;

/**
 * Opens and closes fast-path sessions over HBase's authenticated RPC: the session's token is bound to the user
 * HBase's RPC layer authenticated for this call, and every fast-path request executes as that user.
 *
 * <p>A region endpoint rather than a RegionServer one, so that every user may call it as they call HBase's own
 * region endpoints: under AccessController a RegionServer endpoint needs global ADMIN, and with
 * {@code hbase.security.exec.permission.checks} this one needs EXEC on the table, like any endpoint. The session
 * is for the RegionServer holding the region. Load it with {@code hbase.coprocessor.region.classes}.
 */
public class FastPathSessionEndpoint extends FastPathSessionService implements RegionCoprocessor {
  private volatile ServerName serverName;

  // rawtypes: Coprocessor.start declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void start(CoprocessorEnvironment env) throws IOException {
    if (!HBaseLine.matches()) {
      return;
    }
    serverName = LoadedAs.region(env, this).getServerName();
  }

  @Override
  public Iterable<Service> getServices() {
    return HBaseLine.services(this);
  }

  @Override
  public void open(RpcController controller, OpenSessionRequest request, RpcCallback<OpenSessionResponse> done) {
    OpenSessionResponse response = null;
    try {
      FastPathServer server = running();
      if (request.getFrameVersion() != FastPathFrames.VERSION) {
        throw new DoNotRetryIOException("the client speaks fast-path frames of version " + (request.hasFrameVersion()
            ? request.getFrameVersion() : "2 or earlier") + ", this RegionServer version " + FastPathFrames.VERSION
            + ": use the client jar of the HBase Turbo version whose server jar the RegionServers run");
      }
      Sessions.Issued issued = server.openSession(caller(), RpcServer.getRemoteAddress().orElse(null),
          request.getClientPublicKey().toByteArray());
      Sessions.Session session = issued.session();
      OpenSessionResponse.Builder builder = OpenSessionResponse.newBuilder()
          .setToken(ByteString.copyFrom(session.id())).setExpiresAtMs(session.expiresAtMs())
          .setServerName(serverName.toString()).setUcxRuntime(UcxRuntime.describe())
          .setServerPublicKey(ByteString.copyFrom(issued.serverPublicKey())).setServerNanos(System.nanoTime())
          .setLifetimeMs(server.sessions().lifetime().toMillis()).setFrameVersion(FastPathFrames.VERSION)
          .setBootId(HostBoot.id()).setMaxRequestBytes(server.maxRequestBytes());
      for (ByteBuffer address : server.workerAddressesForNewSession()) {
        builder.addWorkerAddress(ByteString.copyFrom(address.duplicate()));
      }
      response = builder.build();
    } catch (IOException e) {
      CoprocessorRpcUtils.setControllerException(controller, e);
    }
    done.run(response);
  }

  @Override
  public void close(RpcController controller, CloseSessionRequest request, RpcCallback<CloseSessionResponse> done) {
    CloseSessionResponse response = null;
    try {
      boolean closed = running().sessions().close(request.getToken().toByteArray(), caller());
      response = CloseSessionResponse.newBuilder().setClosed(closed).build();
    } catch (IOException e) {
      CoprocessorRpcUtils.setControllerException(controller, e);
    }
    done.run(response);
  }

  private FastPathServer running() throws DoNotRetryIOException {
    FastPathServer server = FastPathServer.of(serverName);
    if (server == null) {
      throw new DoNotRetryIOException("RegionServer " + serverName + " does not run " + FastPathServer.class.getName()
          + " (hbase.coprocessor.regionserver.classes); see README, fast path");
    }
    if (server.unavailable() != null) {
      throw new DoNotRetryIOException("RegionServer " + serverName + " runs without the fast path: "
          + server.unavailable());
    }
    return server;
  }

  /** The user HBase's RPC layer authenticated; there is none for a call from inside the server. */
  private static User caller() throws DoNotRetryIOException {
    return RpcServer.getRequestUser().orElseThrow(() -> new DoNotRetryIOException(
        "a fast-path session is opened over RPC, by an authenticated user"));
  }
}

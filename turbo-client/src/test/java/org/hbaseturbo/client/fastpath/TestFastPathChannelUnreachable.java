package org.hbaseturbo.client.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.hbaseturbo.protocol.generated.FastPathProtos.CloseSessionRequest;
import org.hbaseturbo.protocol.generated.FastPathProtos.OpenSessionRequest;
import org.hbaseturbo.protocol.generated.FastPathProtos.OpenSessionResponse;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.SessionKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openucx.jucx.ucp.UcpContext;

/**
 * A channel whose server opens sessions over RPC but never answers over UCX, as a RegionServer of this host that runs
 * as another user than the client (its shared memory and the client's cannot be mapped across): after its first
 * session's timeouts the server is left to RPC, every call to it not sent at all, instead of a new session whose calls
 * each wait out the timeout again. A server that answered and then stopped answering (it lost the session) still gets
 * a new one.
 */
class TestFastPathChannelUnreachable {
  private static final ServerName SERVER = ServerName.valueOf("stand-in", 1, 1);
  private static final HRegionLocation LOCATION = new HRegionLocation(
      RegionInfoBuilder.newBuilder(TableName.valueOf("t")).build(), SERVER);
  private static final int TIMEOUTS = 3;

  private UcpContext serverContext;
  private StandInServer server;
  private FastPathChannel channel;
  private final AtomicInteger sessionsOpened = new AtomicInteger();
  private final AtomicInteger requestsReceived = new AtomicInteger();
  /** The key of the last session opened, which the stand-in signs its answers with. */
  private volatile byte[] sessionKey;

  @BeforeEach
  void start() throws Exception {
    serverContext = UcxRuntime.openContext(ChannelSettings.transports(new Configuration(false)));
    server = new StandInServer(serverContext);
    Configuration conf = new Configuration(false);
    conf.set(FastPathClientConfig.TIMEOUT_KEY, "100ms");
    channel = new FastPathChannel(FastPathClientConfig.from(conf), new SessionCalls(new StandInRpc()),
        new ReplyWaits());
  }

  @AfterEach
  void stop() throws Exception {
    channel.close();
    server.close();
    serverContext.close();
  }

  @Test
  void aServerWhoseFirstSessionNeverAnsweredIsLeftToRpcWithoutANewSession() {
    server.answer = request -> {
      requestsReceived.incrementAndGet();
      return null;
    };
    for (int i = 0; i < TIMEOUTS; i++) {
      FastPathCall call = channel.call(LOCATION, FastPathOperation.GET, new byte[1]);
      assertThat(call.served()).isFalse();
      assertThat(call).as("sent, and timed out").isNotSameAs(FastPathCall.NOT_SENT);
    }
    long start = System.nanoTime();
    assertThat(channel.call(LOCATION, FastPathOperation.GET, new byte[1])).isSameAs(FastPathCall.NOT_SENT);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).as("not waiting out a timeout")
        .isLessThan(Duration.ofMillis(100));
    assertThat(sessionsOpened).hasValue(1);
    assertThat(requestsReceived).hasValue(TIMEOUTS);
  }

  @Test
  void aServerThatAnsweredAndThenStoppedGetsANewSession() {
    server.answer = request -> {
      requestsReceived.incrementAndGet();
      return StandInServer.reply(request.stream(), request.sequence(), sessionKey, "ok");
    };
    assertThat(channel.call(LOCATION, FastPathOperation.GET, new byte[1]).served()).isTrue();
    server.answer = request -> null;
    for (int i = 0; i < TIMEOUTS; i++) {
      assertThat(channel.call(LOCATION, FastPathOperation.GET, new byte[1]).served()).isFalse();
    }
    server.answer = request -> StandInServer.reply(request.stream(), request.sequence(), sessionKey, "ok");
    assertThat(channel.call(LOCATION, FastPathOperation.GET, new byte[1]).served()).as("over a new session")
        .isTrue();
    assertThat(sessionsOpened).hasValue(2);
  }

  /** Opens sessions with the stand-in as the real session endpoint does, and remembers their key. */
  private final class StandInRpc implements SessionCalls.Rpc {
    @Override
    public OpenSessionResponse open(TableName table, byte[] row, OpenSessionRequest request) {
      try {
        sessionsOpened.incrementAndGet();
        KeyPair ours = SessionKeys.newKeyPair();
        byte[] serverPublic = SessionKeys.encoded(ours);
        byte[] clientPublic = request.getClientPublicKey().toByteArray();
        byte[] token = new byte[FastPathFrames.SESSION_BYTES];
        sessionKey = SessionKeys.sessionKey(ours.getPrivate(), clientPublic, clientPublic, serverPublic, token);
        ByteBuffer address = server.worker.getAddress();
        return OpenSessionResponse.newBuilder().setToken(ByteString.copyFrom(token)).setExpiresAtMs(Long.MAX_VALUE)
            .addWorkerAddress(ByteString.copyFrom(address)).setServerName(SERVER.toString())
            .setServerPublicKey(ByteString.copyFrom(serverPublic)).setServerNanos(System.nanoTime())
            .setLifetimeMs(Duration.ofHours(1).toMillis()).setFrameVersion(FastPathFrames.VERSION).build();
      } catch (GeneralSecurityException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public void close(TableName table, byte[] row, CloseSessionRequest request) {
      // Nothing to free: the stand-in keeps no session.
    }

    @Override
    public void clearLocations(TableName table) {
      // One location, which never changes.
    }

    @Override
    public CompletableFuture<?> relocate(TableName table, byte[] row) {
      return CompletableFuture.completedFuture(null);
    }
  }
}

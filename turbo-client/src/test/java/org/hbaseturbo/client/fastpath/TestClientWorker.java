package org.hbaseturbo.client.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Request;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.hbaseturbo.wire.fastpath.FrameMac;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openucx.jucx.UcxUtils;
import org.openucx.jucx.ucp.UcpConstants;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpEndpoint;
import org.openucx.jucx.ucp.UcpWorker;
import org.openucx.jucx.ucp.UcpWorkerParams;
import org.openucx.jucx.ucs.UcsConstants;

/**
 * A client worker against a stand-in server over UCX that answers each request as a test scripts it: a reply counts
 * only when it names the awaited request's stream and sequence and carries the session key's mac; anything else is
 * ignored and the call times out.
 */
class TestClientWorker {
  private static final byte[] KEY = "the session key of 32 bytes, ok.".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SESSION = new byte[FastPathFrames.SESSION_BYTES];
  private static final Duration TIMEOUT = Duration.ofMillis(300);

  private UcpContext context;
  private StandIn server;
  private ScheduledExecutorService timer;

  /** A server worker whose answer to each request {@link #answer} makes, sent from a thread of its own. */
  private static final class StandIn {
    final UcpWorker worker;
    final Thread thread;
    /** Requests and the endpoint UCX made to their sender, valid until the next progress() call. */
    final Queue<Map.Entry<Request, UcpEndpoint>> received = new ConcurrentLinkedQueue<>();
    volatile Function<Request, byte[]> answer;
    volatile boolean running = true;

    StandIn(UcpContext context) {
      worker = context.newWorker(new UcpWorkerParams().requestThreadSafety());
      UcxRuntime.dropUnhandledMessages(worker, FastPathFrames.REQUEST_MESSAGE);
      worker.setAmRecvHandler(FastPathFrames.REQUEST_MESSAGE, (header, headerLength, data, sender) -> {
        byte[] message = new byte[(int) data.getLength()];
        UcxUtils.getByteBufferView(data.getDataAddress(), data.getLength()).get(message);
        received.add(Map.entry(Request.parse(message), sender));
        return UcsConstants.STATUS.UCS_OK;
      }, UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
      thread = new Thread(this::serve, "stand-in");
      thread.start();
    }

    /** Answers outside UCX's callback, over the endpoint UCX made to the sender, as the real server does. */
    private void serve() {
      while (running) {
        try {
          if (worker.progress() == 0) {
            LockSupport.parkNanos(20_000);
          }
          for (var request = received.poll(); request != null; request = received.poll()) {
            byte[] reply = answer.apply(request.getKey());
            ByteBuffer out = ByteBuffer.allocateDirect(reply.length).put(reply).flip();
            request.getValue().sendAmNonBlocking(FastPathFrames.REPLY_MESSAGE, 0, 0, UcxUtils.getAddress(out),
                reply.length, UcpConstants.UCP_AM_SEND_FLAG_EAGER, null);
          }
        } catch (Exception e) {
          return;
        }
      }
    }

    void close() throws InterruptedException {
      running = false;
      thread.join();
      worker.close();
    }
  }

  @BeforeEach
  void start() throws Exception {
    context = UcxRuntime.openContext(ChannelSettings.transports(new Configuration(false)));
    server = new StandIn(context);
    timer = Executors.newSingleThreadScheduledExecutor();
  }

  @AfterEach
  void stop() throws Exception {
    timer.shutdownNow();
    server.close();
    context.close();
  }

  @Test
  void aReplyMustNameTheAwaitedStreamAndSequence() throws Exception {
    try (ClientWorker client = client()) {
      ServerSession session = session();
      server.answer = request -> reply(request.stream(), request.sequence(), KEY, "ok");
      assertThat(body(client.call(session, FastPathOperation.GET, new byte[1], deadline()))).isEqualTo("ok");
      server.answer = request -> reply(request.stream(), request.sequence() + 1, KEY, "next");
      assertThatThrownBy(() -> client.call(session, FastPathOperation.GET, new byte[1], deadline()))
          .as("another sequence").isInstanceOf(FastPathTimeoutException.class);
      server.answer = request -> reply(request.stream() + 1, request.sequence(), KEY, "other stream");
      assertThatThrownBy(() -> client.call(session, FastPathOperation.GET, new byte[1], deadline()))
          .as("another stream").isInstanceOf(FastPathTimeoutException.class);
    }
  }

  @Test
  void onlyRepliesSignedWithTheSessionKeyCount() throws Exception {
    try (ClientWorker client = client()) {
      ServerSession session = session();
      server.answer = request -> reply(request.stream(), request.sequence(), null, "unsigned");
      assertThatThrownBy(() -> client.call(session, FastPathOperation.GET, new byte[1], deadline()))
          .as("unsigned").isInstanceOf(FastPathTimeoutException.class);
      server.answer = request -> reply(request.stream(), request.sequence(), new byte[32], "forged");
      assertThatThrownBy(() -> client.call(session, FastPathOperation.GET, new byte[1], deadline()))
          .as("signed with another key").isInstanceOf(FastPathTimeoutException.class);
      server.answer = request -> reply(request.stream(), request.sequence(), KEY, "signed");
      assertThat(body(client.call(session, FastPathOperation.GET, new byte[1], deadline()))).isEqualTo("signed");
    }
  }

  @Test
  void requestsAreSignedNumberedAndCarryNoAddress() throws Exception {
    List<Request> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (ClientWorker client = client()) {
      ServerSession session = session();
      server.answer = request -> {
        seen.add(request);
        return reply(request.stream(), request.sequence(), KEY, "ok");
      };
      client.call(session, FastPathOperation.GET, new byte[] {7}, deadline());
      client.call(session, FastPathOperation.PUT, new byte[] {8}, deadline());
    }
    assertThat(seen).hasSize(2);
    assertThat(seen.get(1).sequence()).isEqualTo(seen.get(0).sequence() + 1);
    for (Request request : seen) {
      assertThat(request.signedWith(new FrameMac(KEY))).isTrue();
      assertThat(request.stream()).isEqualTo(3);
    }
    assertThat(seen.get(0).body()).as("header, then the body: nothing between").containsExactly(7);
    assertThat(seen.get(1).body()).containsExactly(8);
  }

  private ClientWorker client() {
    return new ClientWorker(context, 3, timer, new AtomicInteger(), FastPathClientConfig.from(
        new Configuration(false)));
  }

  private ServerSession session() {
    ByteBuffer address = server.worker.getAddress();
    ByteBuffer copy = ByteBuffer.allocateDirect(address.remaining()).put(address).flip();
    long now = System.nanoTime();
    return new ServerSession(ServerName.valueOf("stand-in", 1, 1), SESSION, KEY, List.of(copy),
        TableName.valueOf("t"), new byte[0], "stand-in", ServerClock.measured(now, now, now, true), Long.MAX_VALUE,
        Long.MAX_VALUE);
  }

  private static long deadline() {
    return System.nanoTime() + TIMEOUT.toNanos();
  }

  private static byte[] reply(int stream, long sequence, byte[] key, String body) {
    byte[] text = body.getBytes(StandardCharsets.UTF_8);
    ByteBuffer out = ByteBuffer.allocate(FastPathFrames.REPLY_HEADER_BYTES + text.length);
    FastPathFrames.putReplyHeader(out, FastPathStatus.OK, stream, sequence, System.nanoTime());
    out.put(text).flip();
    if (key != null) {
      new FrameMac(key).sign(out, FastPathFrames.REPLY_MAC);
    }
    return out.array();
  }

  private static String body(Reply reply) {
    return StandardCharsets.UTF_8.decode(reply.body()).toString();
  }
}

package org.hbaseturbo.client.fastpath;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Request;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.hbaseturbo.wire.fastpath.FrameMac;
import org.openucx.jucx.UcxUtils;
import org.openucx.jucx.ucp.UcpConstants;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpEndpoint;
import org.openucx.jucx.ucp.UcpRequest;
import org.openucx.jucx.ucp.UcpWorker;
import org.openucx.jucx.ucp.UcpWorkerParams;
import org.openucx.jucx.ucs.UcsConstants;

/**
 * A RegionServer's fast-path worker stood in for over UCX: it answers each request as a test scripts it
 * ({@link #answer}; null: no answer), from a thread of its own, over the endpoint UCX made to the sender, as the real
 * server does. With {@link #reverseEvery} above 1 it holds that many requests and answers them last first.
 */
final class StandInServer {
  static final byte[] SESSION = new byte[FastPathFrames.SESSION_BYTES];

  final UcpWorker worker;
  private final Thread thread;
  /** Requests and the endpoint UCX made to their sender, valid until the next progress() call. */
  private final Queue<Map.Entry<Request, UcpEndpoint>> received = new ConcurrentLinkedQueue<>();
  private final List<Map.Entry<Request, UcpEndpoint>> held = new ArrayList<>();
  /** Replies UCX may still read: kept reachable until their sends complete, lest the collector free them. */
  private final List<Map.Entry<UcpRequest, ByteBuffer>> sending = new ArrayList<>();
  /** The endpoints UCX made to the senders of the requests received, by native id: one per client link. */
  final Set<Long> senders = ConcurrentHashMap.newKeySet();
  volatile Function<Request, byte[]> answer;
  volatile int reverseEvery = 1;
  /** While set the stand-in takes nothing in, as a RegionServer whose workers all wait for WAL syncs. */
  volatile boolean busy;
  private volatile boolean running = true;

  StandInServer(UcpContext context) {
    worker = context.newWorker(new UcpWorkerParams().requestThreadSafety());
    UcxRuntime.dropUnhandledMessages(worker, FastPathFrames.REQUEST_MESSAGE);
    worker.setAmRecvHandler(FastPathFrames.REQUEST_MESSAGE, (header, headerLength, data, sender) -> {
      byte[] message = new byte[(int) data.getLength()];
      UcxUtils.getByteBufferView(data.getDataAddress(), data.getLength()).get(message);
      senders.add(sender.getNativeId());
      received.add(Map.entry(Request.parse(message), sender));
      return UcsConstants.STATUS.UCS_OK;
    }, UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
    thread = new Thread(this::serve, "stand-in");
    thread.start();
  }

  /** Answers outside UCX's callback, as the real server's worker does. */
  private void serve() {
    while (running) {
      try {
        if (busy) {
          LockSupport.parkNanos(1_000_000);
          continue;
        }
        if (worker.progress() == 0) {
          LockSupport.parkNanos(20_000);
        }
        for (var request = received.poll(); request != null; request = received.poll()) {
          held.add(request);
          if (held.size() >= reverseEvery) {
            Collections.reverse(held);
            for (var next : held) {
              send(next.getKey(), next.getValue());
            }
            held.clear();
          }
        }
      } catch (Exception e) {
        return;
      }
    }
  }

  private void send(Request request, UcpEndpoint sender) {
    byte[] reply = answer.apply(request);
    if (reply == null) {
      return;
    }
    ByteBuffer out = ByteBuffer.allocateDirect(reply.length).put(reply).flip();
    sending.removeIf(sent -> sent.getKey().isCompleted());
    sending.add(Map.entry(sender.sendAmNonBlocking(FastPathFrames.REPLY_MESSAGE, 0, 0, UcxUtils.getAddress(out),
        reply.length, UcpConstants.UCP_AM_SEND_FLAG_EAGER, null), out));
  }

  /** A session with this stand-in, under {@code key}. */
  ServerSession session(byte[] key) {
    return session(key, SESSION, null);
  }

  /** A session {@code id} with this stand-in, under {@code key}, renewing session {@code renews} (or none). */
  ServerSession session(byte[] key, byte[] id, byte[] renews) {
    ByteBuffer address = worker.getAddress();
    ByteBuffer copy = ByteBuffer.allocateDirect(address.remaining()).put(address).flip();
    long now = System.nanoTime();
    return new ServerSession(ServerName.valueOf("stand-in", 1, 1), id, key, List.of(copy),
        TableName.valueOf("t"), new byte[0], "stand-in", ServerClock.measured(now, now, now, true), Long.MAX_VALUE,
        Long.MAX_VALUE, renews);
  }

  /** A reply to {@code stream} and {@code sequence}, signed with {@code key} (unsigned when null). */
  static byte[] reply(int stream, long sequence, byte[] key, String body) {
    byte[] text = body.getBytes(StandardCharsets.UTF_8);
    ByteBuffer out = ByteBuffer.allocate(FastPathFrames.REPLY_HEADER_BYTES + text.length);
    FastPathFrames.putReplyHeader(out, FastPathStatus.OK, stream, sequence, System.nanoTime());
    out.put(text).flip();
    if (key != null) {
      new FrameMac(key).sign(out, FastPathFrames.REPLY_MAC);
    }
    return out.array();
  }

  void close() throws InterruptedException {
    running = false;
    thread.join();
    worker.close();
  }
}

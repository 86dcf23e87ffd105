package org.hbaseturbo.client.fastpath;

import java.io.Closeable;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.ServerName;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.hbaseturbo.wire.fastpath.PollingAdvisor;
import org.openucx.jucx.UcxUtils;
import org.openucx.jucx.ucp.UcpAmData;
import org.openucx.jucx.ucp.UcpConstants;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpEndpoint;
import org.openucx.jucx.ucp.UcpEndpointParams;
import org.openucx.jucx.ucp.UcpRequest;
import org.openucx.jucx.ucp.UcpWorker;
import org.openucx.jucx.ucp.UcpWorkerParams;
import org.openucx.jucx.ucs.UcsConstants;

/**
 * A UCX worker with endpoints to the RegionServers its callers used, lent to one calling thread at a time. The
 * caller sends, then progresses the worker itself until the reply arrives: no hand-off to another thread. It
 * polls for {@code spin} where that pays ({@link PollingAdvisor}) and no more of the connection's callers wait than
 * {@link FastPathClientConfig#pollers}, then parks in {@code waitForEvents}; a timer wakes it at the deadline.
 *
 * <p>The reply callback, which runs inside {@code progress()}, only copies the reply; the caller decodes it.
 */
final class ClientWorker implements Closeable {
  private static final long SEND_FLAGS = UcpConstants.UCP_AM_SEND_FLAG_EAGER | UcpConstants.UCP_AM_SEND_FLAG_REPLY;

  /** An endpoint to one server worker, and whether UCX reported it failed. */
  private static final class Endpoint {
    final UcpEndpoint ucx;
    final byte[] token;
    volatile String failure;

    Endpoint(UcpEndpoint ucx, byte[] token) {
      this.ucx = ucx;
      this.token = token;
    }
  }

  private final UcpWorker worker;
  private final int index;
  private final ScheduledExecutorService timer;
  private final FastPathClientConfig config;
  private final AtomicInteger waiting;
  private final PollingAdvisor polling;
  private final Map<ServerName, Endpoint> endpoints = new HashMap<>();
  private ByteBuffer requestBuffer = ByteBuffer.allocateDirect(4096);
  private long lastRequestId;
  private long awaitedRequestId = -1;
  private Reply reply;

  /**
   * @param waiting how many of the connection's callers wait for a reply, this worker's among them
   */
  ClientWorker(UcpContext context, int index, ScheduledExecutorService timer, AtomicInteger waiting,
      FastPathClientConfig config) {
    // Thread safety: callers borrow the worker one after another from different threads.
    this.worker = context.newWorker(new UcpWorkerParams().requestThreadSafety());
    this.index = index;
    this.timer = timer;
    this.config = config;
    this.waiting = waiting;
    this.polling = new PollingAdvisor(config.spin().toNanos());
    worker.setAmRecvHandler(FastPathFrames.REPLY_MESSAGE, this::received, UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
  }

  /**
   * Sends one request and waits for its reply.
   *
   * @throws FastPathUnavailableException when the endpoint fails, the reply does not come in time or is not one
   */
  Reply call(ServerSession session, FastPathOperation operation, byte[] body) throws FastPathUnavailableException {
    Endpoint endpoint = endpointTo(session);
    int length = FastPathFrames.REQUEST_HEADER_BYTES + body.length;
    if (requestBuffer.capacity() < length) {
      requestBuffer = ByteBuffer.allocateDirect(Math.max(length, 2 * requestBuffer.capacity()));
    }
    long requestId = ++lastRequestId;
    ByteBuffer out = requestBuffer.clear();
    FastPathFrames.putRequestHeader(out, operation, endpoint.token, requestId);
    out.put(body).flip();
    awaitedRequestId = requestId;
    reply = null;
    long start = System.nanoTime();
    // getAddress is the address of the buffer's position: the flip above put it at the message's start.
    UcpRequest send = endpoint.ucx.sendAmNonBlocking(FastPathFrames.REQUEST_MESSAGE, 0, 0, UcxUtils.getAddress(out),
        length, SEND_FLAGS, null);
    try {
      awaitReply(endpoint, send, start + config.timeout().toNanos(), start + polling.pollNanos());
      return reply;
    } catch (FastPathUnavailableException e) {
      forget(session.server());
      if (!send.isCompleted()) {
        // UCX may still read the buffer: the next request takes a new one.
        requestBuffer = ByteBuffer.allocateDirect(requestBuffer.capacity());
      }
      throw e;
    } finally {
      awaitedRequestId = -1;
    }
  }

  private void awaitReply(Endpoint endpoint, UcpRequest send, long deadline, long spinUntil)
      throws FastPathUnavailableException {
    ScheduledFuture<?> alarm = null;
    // Whether this wait polled, parked, and parked because the spin was over (rather than for other waiters).
    boolean polled = false;
    boolean parked = false;
    boolean spinOver = false;
    waiting.incrementAndGet();
    try {
      while (reply == null || !send.isCompleted()) {
        if (endpoint.failure != null) {
          throw new FastPathUnavailableException("fast-path endpoint failed: " + endpoint.failure);
        }
        if (progress() > 0) {
          continue;
        }
        long now = System.nanoTime();
        if (now >= deadline) {
          throw new FastPathUnavailableException("no fast-path reply within the timeout ("
              + FastPathClientConfig.TIMEOUT_KEY + ")");
        }
        if (now < spinUntil && waiting.get() <= config.pollers()) {
          polled = true;
          continue;
        }
        spinOver |= now >= spinUntil;
        parked = true;
        if (alarm == null) {
          alarm = timer.schedule(worker::signal, deadline - now, TimeUnit.NANOSECONDS);
        }
        worker.waitForEvents();
      }
      if (polled && (!parked || spinOver)) {
        polling.polled(!parked);
      }
    } finally {
      waiting.decrementAndGet();
      if (alarm != null) {
        alarm.cancel(false);
      }
    }
  }

  private int progress() throws FastPathUnavailableException {
    try {
      return worker.progress();
    } catch (Exception e) {
      throw new FastPathUnavailableException("UCX worker failed: " + e.getMessage(), e);
    }
  }

  private int received(long headerAddress, long headerLength, UcpAmData data, UcpEndpoint replyEndpoint) {
    if (data.isDataValid()) {
      Reply parsed = Reply.parse(UcxUtils.getByteBufferView(data.getDataAddress(), data.getLength()));
      // A late reply to a request its caller gave up on is dropped here.
      if (parsed != null && parsed.requestId() == awaitedRequestId) {
        ByteBuffer body = ByteBuffer.allocate(parsed.body().remaining()).put(parsed.body()).flip();
        reply = new Reply(parsed.status(), parsed.requestId(), body);
      }
    }
    return UcsConstants.STATUS.UCS_OK;
  }

  private Endpoint endpointTo(ServerSession session) throws FastPathUnavailableException {
    Endpoint endpoint = endpoints.get(session.server());
    if (endpoint != null && endpoint.token == session.token() && endpoint.failure == null) {
      return endpoint;
    }
    forget(session.server());
    // Spread a connection's workers over the server's workers.
    ByteBuffer address = session.workers().get(index % session.workers().size());
    Endpoint[] created = new Endpoint[1];
    try {
      UcpEndpoint ucx = worker.newEndpoint(new UcpEndpointParams().setUcpAddress(address.duplicate())
          .setPeerErrorHandlingMode().setName("turbo-fastpath-" + session.server())
          .setErrorHandler((failed, status, message) -> {
            if (created[0] != null) {
              created[0].failure = message + " (UCS status " + status + ")";
            }
          }));
      created[0] = new Endpoint(ucx, session.token());
    } catch (RuntimeException e) {
      throw new FastPathUnavailableException("cannot reach " + session.server() + " over UCX: " + e.getMessage(), e);
    }
    endpoints.put(session.server(), created[0]);
    return created[0];
  }

  /** Drops the endpoint to a server (failed, timed out, or its session replaced). */
  void forget(ServerName server) {
    Endpoint endpoint = endpoints.remove(server);
    if (endpoint != null) {
      endpoint.ucx.closeNonBlockingForce();
    }
  }

  @Override
  public void close() {
    for (ServerName server : endpoints.keySet().toArray(new ServerName[0])) {
      forget(server);
    }
    worker.close();
  }
}

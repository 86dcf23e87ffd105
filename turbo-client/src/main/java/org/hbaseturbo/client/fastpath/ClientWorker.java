package org.hbaseturbo.client.fastpath;

import java.io.Closeable;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.ServerName;
import org.hbaseturbo.transport.PollingAdvisor;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.hbaseturbo.wire.fastpath.FrameMac;
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
 * <p>Its requests form one stream of each session (numbered by the worker's index): each is signed with the
 * session key and carries the next sequence of the stream (from a random start) and the caller's deadline. A reply
 * counts only when it names the awaited request's stream and sequence and carries the session key's mac; anything
 * else is ignored.
 *
 * <p>The reply callback, which runs inside {@code progress()}, only checks and copies the reply; the caller decodes
 * it.
 */
final class ClientWorker implements Closeable {
  /**
   * Eager, and with UCX's reply flag: the server answers over the endpoint UCX made to this worker when this
   * worker's endpoint connected, the only endpoint it sends on.
   */
  private static final long SEND_FLAGS = UcpConstants.UCP_AM_SEND_FLAG_EAGER | UcpConstants.UCP_AM_SEND_FLAG_REPLY;
  private static final SecureRandom RANDOM = new SecureRandom();

  /** An endpoint to one server worker, for one session; and whether UCX reported it failed. */
  private static final class Endpoint {
    final UcpEndpoint ucx;
    final ServerSession session;
    final FrameMac mac;
    volatile String failure;

    Endpoint(UcpEndpoint ucx, ServerSession session) {
      this.ucx = ucx;
      this.session = session;
      this.mac = new FrameMac(session.key());
    }
  }

  private final UcpWorker worker;
  private final int index;
  private final ScheduledExecutorService timer;
  private final FastPathClientConfig config;
  private final AtomicInteger waiting;
  private final PollingAdvisor polling;
  private final Map<ServerName, Endpoint> endpoints = new HashMap<>();
  /** The request as it is signed: the mac reads a heap array without copying. */
  private byte[] frame = new byte[4096];
  private ByteBuffer requestBuffer = ByteBuffer.allocateDirect(4096);
  /**
   * Starts at random, so that a peer that does not see the traffic cannot guess a sequence to answer to; counts up
   * from there, far below overflow.
   */
  private long lastSequence = RANDOM.nextLong() >>> 2;
  private Endpoint awaitedFrom;
  private long awaitedSequence;
  private Reply reply;

  /**
   * @param index the worker's number in its connection: its stream in every session
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
    UcxRuntime.dropUnhandledMessages(worker, FastPathFrames.REPLY_MESSAGE);
  }

  /**
   * Sends one request and waits for its reply until {@code deadlineNanos}, which the request carries to the server.
   *
   * @throws FastPathTimeoutException when no reply that counts comes in time; the endpoint stays
   * @throws FastPathUnavailableException when the endpoint fails; it is dropped
   */
  Reply call(ServerSession session, FastPathOperation operation, byte[] body, long deadlineNanos)
      throws FastPathUnavailableException {
    Endpoint endpoint = endpointTo(session);
    int length = FastPathFrames.REQUEST_HEADER_BYTES + body.length;
    if (frame.length < length) {
      frame = new byte[Math.max(length, 2 * frame.length)];
      requestBuffer = ByteBuffer.allocateDirect(frame.length);
    }
    long sequence = ++lastSequence;
    ByteBuffer signed = ByteBuffer.wrap(frame, 0, length);
    FastPathFrames.putRequestHeader(signed, operation, session.id(), index, sequence,
        session.clock().onServer(deadlineNanos));
    signed.put(body).flip();
    endpoint.mac.sign(signed, FastPathFrames.REQUEST_MAC);
    ByteBuffer out = requestBuffer.clear().put(signed).flip();
    awaitedFrom = endpoint;
    awaitedSequence = sequence;
    reply = null;
    long start = System.nanoTime();
    UcpRequest send;
    try {
      // getAddress is the address of the buffer's position: the flip above put it at the message's start.
      send = endpoint.ucx.sendAmNonBlocking(FastPathFrames.REQUEST_MESSAGE, 0, 0, UcxUtils.getAddress(out), length,
          SEND_FLAGS, null);
    } catch (RuntimeException e) {
      awaitedFrom = null;
      forget(session.server());
      throw new FastPathUnavailableException("cannot send to " + session.server() + " over UCX: " + e, e);
    }
    try {
      awaitReply(endpoint, send, deadlineNanos, start + polling.pollNanos());
      return reply;
    } catch (FastPathTimeoutException e) {
      if (!send.isCompleted()) {
        requestBuffer = ByteBuffer.allocateDirect(requestBuffer.capacity());
      }
      throw e;
    } catch (FastPathUnavailableException e) {
      forget(session.server());
      if (!send.isCompleted()) {
        // UCX may still read the buffer: the next request takes a new one.
        requestBuffer = ByteBuffer.allocateDirect(requestBuffer.capacity());
      }
      throw e;
    } finally {
      awaitedFrom = null;
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
        if (now - deadline >= 0) {
          throw new FastPathTimeoutException("no fast-path reply within the timeout ("
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

  /** UCX's receive callback: keeps the awaited reply, ignores everything else, and never throws into UCX. */
  private int received(long headerAddress, long headerLength, UcpAmData data, UcpEndpoint ignored) {
    long receivedNanos = System.nanoTime();
    Endpoint awaited = awaitedFrom;
    if (awaited == null || !data.isDataValid()) {
      return UcsConstants.STATUS.UCS_OK;
    }
    ByteBuffer copy = ByteBuffer.allocate((int) data.getLength())
        .put(UcxUtils.getByteBufferView(data.getDataAddress(), data.getLength())).flip();
    Reply parsed = Reply.parse(copy);
    // A late reply to a request its caller gave up on names an earlier sequence, and is dropped here.
    if (parsed != null && parsed.stream() == index && parsed.sequence() == awaitedSequence
        && parsed.signedWith(awaited.mac)) {
      reply = parsed;
      awaited.session.clock().heard(parsed.serverNanos(), receivedNanos);
    }
    return UcsConstants.STATUS.UCS_OK;
  }

  private Endpoint endpointTo(ServerSession session) throws FastPathUnavailableException {
    Endpoint endpoint = endpoints.get(session.server());
    if (endpoint != null && endpoint.session == session && endpoint.failure == null) {
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
      created[0] = new Endpoint(ucx, session);
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

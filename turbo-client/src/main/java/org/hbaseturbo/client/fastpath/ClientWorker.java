package org.hbaseturbo.client.fastpath;

import java.io.Closeable;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
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
 * A UCX worker with endpoints to the RegionServers its callers used, used by one thread at a time: a calling thread
 * it is lent to ({@link #call}), or the thread of a {@link PipelinedWorker}, which keeps many requests in flight
 * ({@link #send}, {@link #progress}, {@link #takeAnswered}).
 *
 * <p>A calling thread sends, then progresses the worker itself until the reply arrives: no hand-off to another
 * thread. It polls for {@code spin} where that pays ({@link PollingAdvisor}) and no more of the connection's callers
 * wait than {@link FastPathClientConfig#pollers}, then parks in {@code waitForEvents}; a {@link DeadlineAlarm} wakes
 * it by the deadline.
 *
 * <p>Its requests form one stream of each session (numbered by the worker's index): each is signed with the
 * session key and carries the next sequence of the stream (from a random start) and the caller's deadline. A reply
 * counts only when it names a request in flight by stream and sequence and carries the session key's mac; anything
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
  private static final int SPARE_BUFFERS = 16;

  /** A UCX endpoint to one server worker, the address it was made to, and whether UCX reported it failed. */
  private static final class Link {
    final UcpEndpoint ucx;
    final ByteBuffer address;
    volatile String failure;

    Link(UcpEndpoint ucx, ByteBuffer address) {
      this.ucx = ucx;
      this.address = address;
    }
  }

  /** A link as one session uses it: its requests signed with that session's key. */
  private static final class Endpoint {
    final Link link;
    final ServerSession session;
    final FrameMac mac;

    Endpoint(Link link, ServerSession session) {
      this.link = link;
      this.session = session;
      this.mac = new FrameMac(session.key());
    }
  }

  /** A request sent and not yet answered, nor given up on. */
  static final class InFlight {
    private final Endpoint to;
    private final long sequence;
    private final long deadlineNanos;
    private Reply reply;

    private InFlight(Endpoint to, long sequence, long deadlineNanos) {
      this.to = to;
      this.sequence = sequence;
      this.deadlineNanos = deadlineNanos;
    }

    /** The caller's deadline, which the request carries. */
    long deadlineNanos() {
      return deadlineNanos;
    }

    ServerName server() {
      return to.session.server();
    }

    /** Null until its reply came. */
    Reply reply() {
      return reply;
    }

    /** Why its endpoint failed, or null. */
    String failure() {
      return to.link.failure;
    }

    /** The failure of its endpoint, to hand its caller. */
    FastPathUnavailableException endpointFailed() {
      return new FastPathUnavailableException("fast-path endpoint failed: " + to.link.failure);
    }
  }

  /** A send UCX has not finished, and the buffer it reads until it has. */
  private record Unfinished(UcpRequest send, ByteBuffer buffer) {
  }

  private final UcpWorker worker;
  private final int index;
  private final DeadlineAlarm alarm;
  private final FastPathClientConfig config;
  private final ReplyWaits waits;
  private final PollingAdvisor polling;
  private final Map<ServerName, Endpoint> endpoints = new HashMap<>();
  /** Requests in flight by sequence, in the order sent: their deadlines fall in that order too. */
  private final LinkedHashMap<Long, InFlight> inFlight = new LinkedHashMap<>();
  /** Requests answered since {@link #takeAnswered} was last called. */
  private final List<InFlight> answered = new ArrayList<>();
  /** Buffers of sends UCX still reads: kept reachable, so that the collector does not free them under UCX. */
  private final ArrayDeque<Unfinished> unfinished = new ArrayDeque<>();
  /**
   * Buffers of sends UCX finished, at most {@link #SPARE_BUFFERS}, for the next sends that cannot finish at once: a
   * new direct buffer's pages are zeroed by the kernel, which cost batches of Puts at 64 clients 16.6% of the
   * pipelined worker's CPU (issue 47).
   */
  private final ArrayDeque<ByteBuffer> spare = new ArrayDeque<>();
  /** What {@link #tookPartOfReply} says of the last {@link #progress}. */
  private boolean tookPartOfReply;
  /** The request as it is signed: the mac reads a heap array without copying. */
  private byte[] frame = new byte[4096];
  private ByteBuffer requestBuffer = ByteBuffer.allocateDirect(4096);
  /**
   * Starts at random, so that a peer that does not see the traffic cannot guess a sequence to answer to; counts up
   * from there, far below overflow.
   */
  private long lastSequence = RANDOM.nextLong() >>> 2;

  /**
   * @param index the worker's number in its connection: its stream in every session
   * @param waits the connection's waits, this worker's among them
   */
  ClientWorker(UcpContext context, int index, ScheduledExecutorService timer, ReplyWaits waits,
      FastPathClientConfig config) {
    // Thread safety: callers borrow the worker one after another from different threads, and a timer signals it.
    this.worker = context.newWorker(new UcpWorkerParams().requestThreadSafety());
    this.index = index;
    this.alarm = new DeadlineAlarm(timer, worker::signal, waits);
    this.config = config;
    this.waits = waits;
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
    long start = System.nanoTime();
    InFlight request = send(session, operation, body, deadlineNanos);
    try {
      awaitReply(request, start + polling.pollNanos());
      return request.reply;
    } catch (FastPathTimeoutException e) {
      // The endpoint stays: closing it would cancel the request where UCX still holds it, which the server must
      // see, and drop past its deadline, before anything this worker sends next.
      throw e;
    } catch (FastPathUnavailableException e) {
      forget(request);
      throw e;
    } finally {
      inFlight.remove(request.sequence);
      answered.clear();
    }
  }

  /**
   * Sends one request, which stays in flight until its reply comes ({@link #takeAnswered}) or it is given up on
   * ({@link #giveUp}).
   *
   * @throws FastPathUnavailableException when UCX cannot send it; the endpoint is dropped
   */
  InFlight send(ServerSession session, FastPathOperation operation, byte[] body, long deadlineNanos)
      throws FastPathUnavailableException {
    Endpoint endpoint = endpointTo(session);
    int length = FastPathFrames.REQUEST_HEADER_BYTES + body.length;
    if (frame.length < length) {
      frame = new byte[Math.max(length, 2 * frame.length)];
      requestBuffer = ByteBuffer.allocateDirect(frame.length);
      // Too small for this request and likely for the next: the sends in flight keep theirs until they finish.
      spare.clear();
    }
    long sequence = ++lastSequence;
    ByteBuffer signed = ByteBuffer.wrap(frame, 0, length);
    FastPathFrames.putRequestHeader(signed, operation, session.id(), index, sequence,
        session.clock().onServer(deadlineNanos));
    signed.put(body).flip();
    endpoint.mac.sign(signed, FastPathFrames.REQUEST_MAC);
    ByteBuffer out = requestBuffer.clear().put(signed).flip();
    UcpRequest send;
    try {
      // getAddress is the address of the buffer's position: the flip above put it at the message's start.
      send = endpoint.link.ucx.sendAmNonBlocking(FastPathFrames.REQUEST_MESSAGE, 0, 0, UcxUtils.getAddress(out), length,
          SEND_FLAGS, null);
    } catch (RuntimeException e) {
      forget(session.server(), endpoint.link);
      throw new FastPathUnavailableException("cannot send to " + session.server() + " over UCX: " + e, e);
    }
    releaseFinished();
    if (!send.isCompleted()) {
      // UCX reads the buffer until the send completes: the next request takes another.
      unfinished.add(new Unfinished(send, requestBuffer));
      ByteBuffer next = spare.poll();
      requestBuffer = next != null ? next : ByteBuffer.allocateDirect(requestBuffer.capacity());
    }
    InFlight request = new InFlight(endpoint, sequence, deadlineNanos);
    inFlight.put(sequence, request);
    return request;
  }

  /** Keeps the buffers of finished sends as spares, while they are of the current size and spares are wanted. */
  private void releaseFinished() {
    for (var sends = unfinished.iterator(); sends.hasNext();) {
      Unfinished earlier = sends.next();
      if (earlier.send.isCompleted()) {
        sends.remove();
        if (earlier.buffer.capacity() == requestBuffer.capacity() && spare.size() < SPARE_BUFFERS) {
          spare.push(earlier.buffer);
        }
      }
    }
  }

  private void awaitReply(InFlight request, long spinUntil) throws FastPathUnavailableException {
    // Whether this wait polled, parked, and parked because the spin was over (rather than for other waiters).
    boolean polled = false;
    boolean parked = false;
    boolean spinOver = false;
    boolean wokeSinceEvent = false;
    int emptyWakeUps = 0;
    waits.waiting.incrementAndGet();
    try {
      while (request.reply == null) {
        if (request.to.link.failure != null) {
          throw request.endpointFailed();
        }
        if (progress() > 0) {
          wokeSinceEvent = false;
          emptyWakeUps = 0;
          continue;
        }
        if (tookPartOfReply) {
          wokeSinceEvent = false;
          emptyWakeUps = 0;
        }
        long now = System.nanoTime();
        if (now - request.deadlineNanos >= 0) {
          throw FastPathTimeoutException.noReplyInTime();
        }
        if (now < spinUntil && waits.waiting.get() <= config.pollers()) {
          polled = true;
          continue;
        }
        spinOver |= now >= spinUntil;
        if (wokeSinceEvent) {
          waits.wokeIdle();
          IdleWakeBackoff.sleep(++emptyWakeUps, now, request.deadlineNanos, waits);
        }
        parked = true;
        wokeSinceEvent = true;
        alarm.armBy(request.deadlineNanos, now);
        waits.parked();
        worker.waitForEvents();
      }
      polling.waitEnded(polled, parked, spinOver);
      replied(request, !parked);
    } finally {
      waits.waiting.decrementAndGet();
    }
  }

  /** Counts a reply its waiter now runs with, and how long its way from the server took, where that is known. */
  void replied(InFlight request, boolean whilePolling) {
    waits.replied(whilePolling);
    if (request.to.session.clock().sameClock()) {
      waits.replyToCaller(System.nanoTime() - request.reply.serverNanos(), whilePolling);
    }
  }

  /**
   * Progresses UCX: replies that came are checked and kept in their request ({@link #takeAnswered}).
   *
   * @return the replies to requests in flight it took. Not UCX's own count, which also counts each piece of a send
   *     that waited for room in the server's queue: a waiter that took that for an event polled on and never parked
   *     (UCX cannot sleep while sends wait), on the cores the server needed to make that room; batches of Puts at 64
   *     clients spent 31% of the pipelined worker's CPU so (issue 47)
   */
  int progress() throws FastPathUnavailableException {
    int before = answered.size();
    int moved;
    try {
      moved = worker.progress();
    } catch (Exception e) {
      throw new FastPathUnavailableException("UCX worker failed: " + e.getMessage(), e);
    }
    int taken = answered.size() - before;
    tookPartOfReply = taken == 0 && moved > 0 && !sendsWaiting();
    return taken;
  }

  /**
   * Whether the last {@link #progress} took no whole reply but UCX moved something in while none of this worker's
   * sends waited: pieces of a reply larger than the shared-memory transport's segment, each of which wakes the
   * waiter. Such a wake-up found work, and the next wait sleeps until the next piece, so it is not one to back off
   * from ({@link IdleWakeBackoff}): taken for one, a reply of 100 rows (about 55 KB) cost its waiter 4 empty
   * wake-ups and 3 sleeps before it was whole.
   */
  boolean tookPartOfReply() {
    return tookPartOfReply;
  }

  private boolean sendsWaiting() {
    releaseFinished();
    return !unfinished.isEmpty();
  }

  /** Parks until UCX has an event for this worker or {@link #signal} is called. */
  void waitForEvents() {
    worker.waitForEvents();
  }

  /** Wakes the thread parked in {@link #waitForEvents}; any thread may call it. */
  void signal() {
    worker.signal();
  }

  /** The requests answered since the last call, in the order their replies came; they are no longer in flight. */
  List<InFlight> takeAnswered() {
    if (answered.isEmpty()) {
      return List.of();
    }
    List<InFlight> taken = List.copyOf(answered);
    answered.clear();
    return taken;
  }

  /** The request in flight longest, or null. */
  InFlight oldest() {
    return inFlight.isEmpty() ? null : inFlight.values().iterator().next();
  }

  /** Stops waiting for a request's reply: one that comes later is ignored. */
  void giveUp(InFlight request) {
    inFlight.remove(request.sequence);
  }

  /** UCX's receive callback: keeps the replies to requests in flight, ignores anything else, never throws into UCX. */
  private int received(long headerAddress, long headerLength, UcpAmData data, UcpEndpoint ignored) {
    long receivedNanos = System.nanoTime();
    if (inFlight.isEmpty() || !data.isDataValid()) {
      return UcsConstants.STATUS.UCS_OK;
    }
    ByteBuffer copy = ByteBuffer.allocate((int) data.getLength())
        .put(UcxUtils.getByteBufferView(data.getDataAddress(), data.getLength())).flip();
    Reply parsed = Reply.parse(copy);
    // A late reply to a request its caller gave up on names a sequence no longer in flight, and is dropped here.
    InFlight request = parsed == null || parsed.stream() != index ? null : inFlight.get(parsed.sequence());
    if (request != null && request.reply == null && parsed.signedWith(request.to.mac)) {
      request.reply = parsed;
      inFlight.remove(parsed.sequence());
      answered.add(request);
      request.to.session.clock().heard(parsed.serverNanos(), receivedNanos);
    }
    return UcsConstants.STATUS.UCS_OK;
  }

  /**
   * The endpoint for the session's requests. A session that renews the one this worker's link to the server was
   * for keeps the link, where the server still offers that worker: a link made anew would leave the replaced one on
   * the server, which UCX frees only when its check of it is answered (on one of two servers, not before the client
   * ended, results/fastpath/sessions-2026-11-28), so a server's endpoints would grow with every renewal of a long-lived
   * client. A caller that took the renewed session before its renewal sends over the same link. After a failure, or
   * in place of a session dropped for no answer, a new link, which may reach another of the server's workers.
   */
  private Endpoint endpointTo(ServerSession session) throws FastPathUnavailableException {
    Endpoint endpoint = endpoints.get(session.server());
    if (endpoint != null && endpoint.link.failure == null) {
      if (endpoint.session == session) {
        return endpoint;
      }
      if (session.renewed(endpoint.session) && session.workers().contains(endpoint.link.address)) {
        Endpoint renewed = new Endpoint(endpoint.link, session);
        endpoints.put(session.server(), renewed);
        return renewed;
      }
      if (endpoint.session.renewed(session)) {
        return new Endpoint(endpoint.link, session);
      }
    }
    if (endpoint != null) {
      forget(session.server(), endpoint.link);
    }
    // Spread a connection's workers over the server's workers.
    ByteBuffer address = session.workers().get(index % session.workers().size());
    Link[] created = new Link[1];
    try {
      UcpEndpoint ucx = worker.newEndpoint(new UcpEndpointParams().setUcpAddress(address.duplicate())
          .setPeerErrorHandlingMode().setName("turbo-fastpath-" + session.server())
          .setErrorHandler((failed, status, message) -> {
            if (created[0] != null) {
              created[0].failure = message + " (UCS status " + status + ")";
            }
          }));
      created[0] = new Link(ucx, address);
    } catch (RuntimeException e) {
      throw new FastPathUnavailableException("cannot reach " + session.server() + " over UCX: " + e.getMessage(), e);
    }
    Endpoint opened = new Endpoint(created[0], session);
    endpoints.put(session.server(), opened);
    return opened;
  }

  /**
   * Drops the link {@code request} went over, which failed, where it is still this worker's link to its server: a
   * request that failed with an earlier link must not close the one made since.
   */
  void forget(InFlight request) {
    forget(request.server(), request.to.link);
  }

  private void forget(ServerName server, Link link) {
    Endpoint endpoint = endpoints.get(server);
    if (endpoint != null && endpoint.link == link) {
      endpoints.remove(server);
      link.ucx.closeNonBlockingForce();
    }
  }

  @Override
  public void close() {
    for (Endpoint endpoint : endpoints.values()) {
      endpoint.link.ucx.closeNonBlockingForce();
    }
    endpoints.clear();
    worker.close();
  }
}

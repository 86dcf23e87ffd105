package org.hbaseturbo.server.fastpath;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.Semaphore;
import java.util.function.BiConsumer;
import org.apache.hadoop.hbase.security.User;
import org.hbaseturbo.server.fastpath.FastPathRequests.Answer;
import org.hbaseturbo.server.fastpath.ServerCounters.Refusal;
import org.hbaseturbo.transport.PollingAdvisor;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Request;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.hbaseturbo.wire.fastpath.FrameMac;
import org.openucx.jucx.UcxCallback;
import org.openucx.jucx.UcxUtils;
import org.openucx.jucx.ucp.UcpAmData;
import org.openucx.jucx.ucp.UcpConstants;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpEndpoint;
import org.openucx.jucx.ucp.UcpRequest;
import org.openucx.jucx.ucp.UcpWorker;
import org.openucx.jucx.ucp.UcpWorkerParams;
import org.openucx.jucx.ucs.UcsConstants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One UCX worker and the one thread that receives its requests, executes them and sends the replies: no hand-off
 * between threads on the server, so a request costs one wake-up at most (HBase's RPC path has three). The thread
 * polls for {@code spin} after its last message, then parks in {@code waitForEvents} until the next one: an idle
 * RegionServer spends no CPU on it. It polls only where that pays, while its recent polls caught their request
 * ({@link PollingAdvisor}), and while it holds one of the server's polling slots
 * ({@link FastPathServerConfig#pollers}), so that polling never takes more cores than the server grants it.
 *
 * <p>The receive callback runs inside {@code progress()} under the worker's lock, where region work must not
 * happen; it only copies the request into the queue, or answers "busy" when the queue is full.
 *
 * <p>Before it executes a request, the worker checks that its session exists, that it is signed with the
 * session's key, that its sequence is new on its stream, and that its caller's deadline has not passed: a request
 * its caller gave up on is dropped, as HBase's RPC server drops a call past its deadline. No message of any shape
 * ends the thread; should anything else (a broken UCX worker, an {@link Error}) end it, the server replaces it.
 */
final class FastPathWorker implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(FastPathWorker.class);
  /** Replies carry the reply flag, so that a client can tell that a reply came from the endpoint it sent to. */
  private static final long REPLY_FLAGS = UcpConstants.UCP_AM_SEND_FLAG_EAGER | UcpConstants.UCP_AM_SEND_FLAG_REPLY;
  /**
   * Replies a worker may have in flight at once, as a multiple of the largest reply: a client that stops
   * reading its replies holds that much memory of the worker at most; further replies to it are dropped.
   */
  private static final int REPLY_BACKLOG = 16;

  /** Executes an authenticated request as its session's user. */
  interface Handler {
    Answer execute(User user, Request request);
  }

  private record Received(byte[] message, UcpEndpoint replyTo) {
  }

  private final UcpWorker worker;
  private final ByteBuffer address;
  private final Sessions sessions;
  private final Handler handler;
  private final FastPathServerConfig config;
  private final ServerCounters counters;
  private final PollingSlot slot;
  private final PollingAdvisor advisor;
  private final BiConsumer<FastPathWorker, Throwable> onDeath;
  private final ArrayDeque<Received> queue = new ArrayDeque<>();
  private final Thread thread;
  private volatile boolean running = true;
  private boolean closed;
  /** The reply as it is signed: the mac reads a heap array without copying. */
  private byte[] frame = new byte[4096];
  /** The reply buffer UCX sends from, replaced only while a send from it is still in flight. */
  private ByteBuffer replyBuffer = ByteBuffer.allocateDirect(4096);
  /** Bytes of replies UCX has not finished sending; only the worker's thread touches it. */
  private long replyBytesInFlight;

  /**
   * @param pollers the polling slots the server's workers share
   * @param onDeath told, on the dying thread, when the thread ends for any reason other than {@link #stop}
   */
  FastPathWorker(UcpContext context, Sessions sessions, Handler handler, FastPathServerConfig config,
      ServerCounters counters, Semaphore pollers, String name, BiConsumer<FastPathWorker, Throwable> onDeath) {
    // Thread safety: built on the coprocessor start thread, progressed on its own; stop() signals it from a third.
    this.worker = context.newWorker(new UcpWorkerParams().requestThreadSafety());
    this.sessions = sessions;
    this.handler = handler;
    this.config = config;
    this.counters = counters;
    this.slot = new PollingSlot(pollers);
    this.advisor = new PollingAdvisor(config.spin().toNanos());
    this.onDeath = onDeath;
    worker.setAmRecvHandler(FastPathFrames.REQUEST_MESSAGE, this::received, UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
    // jucx's buffer is UCX's memory, freed when the worker closes: reading it after that crashes the process.
    ByteBuffer ucxOwned = worker.getAddress();
    this.address = ByteBuffer.allocate(ucxOwned.remaining()).put(ucxOwned).flip();
    this.thread = new Thread(this, name);
    thread.setDaemon(true);
  }

  /** The address a client's endpoint connects to; a copy, readable after the worker closed. */
  ByteBuffer address() {
    return address.asReadOnlyBuffer();
  }

  String name() {
    return thread.getName();
  }

  void start() {
    thread.start();
  }

  /**
   * Stops the thread and closes the worker; requests still queued get no reply (their clients time out). On the
   * worker's own thread (a dying worker the server gives up on), it only tells the thread to end.
   */
  void stop() throws InterruptedException {
    running = false;
    if (Thread.currentThread() == thread) {
      return;
    }
    synchronized (this) {
      if (closed) {
        return;
      }
      worker.signal();
    }
    thread.join(10_000);
    if (!thread.isAlive()) {
      close();
    } else {
      LOG.warn("fast-path worker thread {} did not stop within 10 s; its UCX worker is left open", thread.getName());
    }
  }

  /** Closes the UCX worker of a thread that has ended; its clients' endpoints fail, and they open new sessions. */
  synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      worker.close();
    } catch (RuntimeException e) {
      LOG.debug("closing the UCX worker of {}: {}", thread.getName(), e.toString());
    }
  }

  @Override
  public void run() {
    Throwable death = null;
    try {
      serve();
    } catch (Throwable e) {
      // A broken UCX worker, or an Error from HBase's request path: the server replaces this worker.
      death = e;
    } finally {
      slot.release();
    }
    if (running) {
      onDeath.accept(this, death);
    }
  }

  private void serve() throws Exception {
    long lastEvent = System.nanoTime();
    long pollNanos = advisor.pollNanos();
    // Whether the worker polled since it ran out of requests, and whether it then parked.
    boolean polled = false;
    boolean parked = false;
    while (running) {
      int events = worker.progress();
      if (!queue.isEmpty()) {
        if (polled) {
          advisor.polled(!parked);
        }
        drain();
        lastEvent = System.nanoTime();
        pollNanos = advisor.pollNanos();
        polled = false;
        parked = false;
      } else if (events > 0) {
        lastEvent = System.nanoTime();
      } else if (slot.poll(System.nanoTime() - lastEvent < pollNanos)) {
        polled = true;
      } else {
        parked = true;
        worker.waitForEvents();
        lastEvent = System.nanoTime();
      }
    }
  }

  /** UCX's receive callback: must return a status to UCX whatever the message, so it never throws. */
  private int received(long headerAddress, long headerLength, UcpAmData data, UcpEndpoint replyTo) {
    try {
      counters.bytes.add(data.getLength());
      if (!data.isDataValid() || data.getLength() > config.maxRequestBytes()) {
        // Clients send eagerly and within the limit; a rendezvous or oversized message is not ours to take.
        counters.refused(Refusal.MALFORMED);
        refuse(replyTo, null, FastPathStatus.MALFORMED, "not an eager message within "
            + FastPathServerConfig.MAX_REQUEST_KEY);
        return UcsConstants.STATUS.UCS_OK;
      }
      byte[] message = new byte[(int) data.getLength()];
      UcxUtils.getByteBufferView(data.getDataAddress(), data.getLength()).get(message);
      if (queue.size() >= config.queuePerWorker()) {
        counters.refused(Refusal.BUSY);
        refuse(replyTo, Request.parse(message), FastPathStatus.BUSY, "queue full");
      } else {
        queue.add(new Received(message, replyTo));
      }
    } catch (RuntimeException e) {
      LOG.debug("fast-path message dropped: {}", e.toString());
      counters.unanswered.increment();
    }
    return UcsConstants.STATUS.UCS_OK;
  }

  private void drain() {
    for (Received received = queue.poll(); received != null; received = queue.poll()) {
      try {
        handle(received);
      } catch (Exception | LinkageError | AssertionError e) {
        // HBase's request path may throw anything; the worker serves the next request regardless.
        LOG.warn("fast-path request failed on {}", thread.getName(), e);
        counters.unanswered.increment();
      }
    }
  }

  private void handle(Received received) {
    Request request = Request.parse(received.message());
    if (request == null) {
      counters.refused(Refusal.MALFORMED);
      refuse(received.replyTo(), null, FastPathStatus.MALFORMED, "not a fast-path request");
      return;
    }
    Sessions.Session session = sessions.find(request.session());
    if (session == null) {
      counters.refused(Refusal.NO_SESSION);
      refuse(received.replyTo(), request, FastPathStatus.SESSION_REFUSED, "unknown or expired session");
      return;
    }
    FrameMac mac = session.mac();
    if (!request.signedWith(mac)) {
      counters.refused(Refusal.NOT_SIGNED);
      refuse(received.replyTo(), request, FastPathStatus.MALFORMED, "not signed with the session key");
      return;
    }
    FrameMac replyMac = session.signedReplies() ? mac : null;
    if (!session.advance(request.stream(), request.sequence())) {
      counters.refused(Refusal.REPLAYED);
      reply(received.replyTo(), request.stream(), request.sequence(), replyMac,
          new Answer(FastPathStatus.MALFORMED, bytes("sequence not above its stream's last: sent again")));
      return;
    }
    if (System.nanoTime() - request.deadlineNanos() > 0) {
      // The caller has given up and may have repeated it over RPC: running it now could undo what came since.
      counters.refused(Refusal.EXPIRED);
      return;
    }
    Answer answer = handler.execute(session.user(), request);
    counters.executed.increment();
    reply(received.replyTo(), request.stream(), request.sequence(), replyMac, answer);
  }

  /**
   * A refusal, unsigned: there is no session key to sign with, or the request was not signed with it.
   *
   * @param request null when the message is not one; the reply then names stream and sequence 0
   */
  private void refuse(UcpEndpoint replyTo, Request request, FastPathStatus status, String reason) {
    reply(replyTo, request == null ? 0 : request.stream(), request == null ? 0 : request.sequence(), null,
        new Answer(status, bytes(reason)));
  }

  private void reply(UcpEndpoint replyTo, int stream, long sequence, FrameMac mac, Answer answer) {
    int length = FastPathFrames.REPLY_HEADER_BYTES + answer.body().length;
    if (replyTo == null || replyBytesInFlight + length > REPLY_BACKLOG * config.maxReplyBytes()) {
      // Sent without UCX's reply flag, or to a client that does not take its replies: nothing to answer to.
      counters.unanswered.increment();
      return;
    }
    counters.bytes.add(length);
    if (replyBuffer.capacity() < length) {
      replyBuffer = ByteBuffer.allocateDirect(Math.max(length, 2 * replyBuffer.capacity()));
      frame = new byte[replyBuffer.capacity()];
    }
    ByteBuffer signed = ByteBuffer.wrap(frame, 0, length);
    FastPathFrames.putReplyHeader(signed, answer.status(), stream, sequence);
    signed.put(answer.body()).flip();
    if (mac != null) {
      mac.sign(signed, FastPathFrames.REPLY_MAC);
    }
    ByteBuffer out = replyBuffer.clear().put(signed).flip();
    ReplySent sent = new ReplySent(replyBuffer, length);
    UcpRequest send;
    try {
      // getAddress is the address of the buffer's position: the flip above put it at the message's start.
      send = replyTo.sendAmNonBlocking(FastPathFrames.REPLY_MESSAGE, 0, 0, UcxUtils.getAddress(out), length,
          REPLY_FLAGS, sent);
    } catch (RuntimeException e) {
      // The endpoint is closed or failed: the client went away.
      counters.unanswered.increment();
      return;
    }
    if (!send.isCompleted()) {
      sent.inFlight = true;
      replyBytesInFlight += length;
      // The send still reads this buffer (ReplySent keeps it reachable until then): the next reply takes a new one.
      replyBuffer = ByteBuffer.allocateDirect(replyBuffer.capacity());
    }
  }

  private static byte[] bytes(String reason) {
    return reason.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Completion of a reply's send, on the worker's thread (inside {@code sendAmNonBlocking} when it completes at
   * once, else inside {@code progress()}). jucx holds the callback until the send completes, so the buffer it
   * references stays allocated exactly as long as UCX reads it.
   */
  private final class ReplySent extends UcxCallback {
    private ByteBuffer buffer;
    private final int length;
    /** Whether the send did not complete at once, and so counts in {@link #replyBytesInFlight}. */
    private boolean inFlight;

    ReplySent(ByteBuffer buffer, int length) {
      this.buffer = buffer;
      this.length = length;
    }

    @Override
    public void onSuccess(UcpRequest request) {
      done();
    }

    @Override
    public void onError(int ucsStatus, String errorMessage) {
      // The client went away or timed out; it repeats the operation over RPC if it still can.
      LOG.debug("fast-path reply not delivered: {} ({})", errorMessage, ucsStatus);
      done();
    }

    private void done() {
      if (inFlight) {
        replyBytesInFlight -= length;
        inFlight = false;
      }
      buffer = null;
    }
  }
}

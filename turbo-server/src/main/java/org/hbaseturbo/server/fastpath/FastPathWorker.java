package org.hbaseturbo.server.fastpath;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.hbaseturbo.server.fastpath.FastPathRequests.Answer;
import org.hbaseturbo.server.fastpath.ServerCounters.Refusal;
import org.hbaseturbo.transport.PollingAdvisor;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Request;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
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
 * <p>A request is executed and answered inside UCX's receive callback, on this thread, over the endpoint UCX made to
 * its sender when the sender connected: the only endpoints the server sends on (it never hands UCX an address).
 * UCX frees such an endpoint, which the application did not create, inside a {@code progress()} call once it learns
 * its peer failed or left, and may reuse its memory for the next peer's; inside the callback that delivered a
 * message, its sender's endpoint is certain to be live, and nowhere later. The callback holds the worker's lock
 * while it runs, which only this thread takes: requests wait in UCX's queue meanwhile, in order.
 *
 * <p>Before it executes a request, the worker checks that its session exists, that it is signed with the
 * session's key, that its sequence is new on its stream, and that its caller's deadline has not passed: a request
 * its caller gave up on is dropped, as HBase's RPC server drops a call past its deadline. No message of any shape
 * ends the thread; should anything else (a broken UCX worker, an {@link Error}) end it, the server replaces it.
 */
final class FastPathWorker implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(FastPathWorker.class);
  private static final long EAGER = UcpConstants.UCP_AM_SEND_FLAG_EAGER;
  /**
   * Direct memory a worker's replies in flight may pin at once, as a multiple of the largest reply (or of the reply
   * buffer, where larger): a client that stops reading its replies holds that much memory of the worker at most;
   * further replies are dropped. A reply whose send did not complete at once pins its whole buffer, which is at
   * least as large as the largest reply so far.
   */
  private static final int REPLY_BACKLOG = 16;

  /** Executes an authenticated request as its session's user. */
  interface Handler {
    Answer execute(Sessions.Session session, Request request);
  }

  private final UcpWorker worker;
  private final ByteBuffer address;
  private final Sessions sessions;
  private final Handler handler;
  /** The server's settings in force: update_config changes the sizes and the spin. */
  private final Supplier<FastPathServerConfig> settings;
  private final ServerCounters counters;
  private final PollingSlot slot;
  /** Made again, by this worker's thread, when the spin changed. */
  private PollingAdvisor advisor;
  private long advisedSpinNanos;
  private final BiConsumer<FastPathWorker, Throwable> onDeath;
  /** Requests this worker took and has not answered, for other threads to read (the metrics); 0 or 1. */
  private volatile int inFlight;
  /** Requests the last {@code progress()} call delivered. */
  private int delivered;
  /**
   * An {@link Error} a request's execution threw inside the callback, rethrown once {@code progress()} returns: the
   * worker then ends, and is replaced. Never left to cross the native callback, where UCX would carry on calling
   * into Java with it pending.
   */
  private Throwable fatal;
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
  FastPathWorker(UcpContext context, Sessions sessions, Handler handler, Supplier<FastPathServerConfig> settings,
      ServerCounters counters, Semaphore pollers, String name, BiConsumer<FastPathWorker, Throwable> onDeath) {
    // Thread safety: built on the coprocessor start thread, progressed on its own; stop() signals it from a third.
    this.worker = context.newWorker(new UcpWorkerParams().requestThreadSafety());
    this.sessions = sessions;
    this.handler = handler;
    this.settings = settings;
    this.counters = counters;
    this.slot = new PollingSlot(pollers);
    this.advisedSpinNanos = settings.get().spin().toNanos();
    this.advisor = new PollingAdvisor(advisedSpinNanos);
    this.onDeath = onDeath;
    worker.setAmRecvHandler(FastPathFrames.REQUEST_MESSAGE, this::received, UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
    UcxRuntime.dropUnhandledMessages(worker, FastPathFrames.REQUEST_MESSAGE);
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

  /** Requests this worker took and has not answered. */
  int inFlight() {
    return inFlight;
  }

  void start() {
    thread.start();
  }

  /**
   * Tells the thread to end; requests still queued get no reply (their clients time out). {@link #awaitStop} then
   * closes the worker.
   */
  void requestStop() {
    running = false;
    if (Thread.currentThread() == thread) {
      return;
    }
    synchronized (this) {
      if (!closed) {
        worker.signal();
      }
    }
  }

  /**
   * Waits, until {@code deadlineNanos} at most, for the thread to end, and closes the worker once it has. On the
   * worker's own thread (a dying worker the server gives up on) it closes nothing: the thread is still in it.
   *
   * @return whether the UCX worker is closed; if not, the UCX context must stay open, as a thread still uses it (a
   *     request waiting on a row lock or a WAL sync)
   */
  boolean awaitStop(long deadlineNanos) throws InterruptedException {
    if (Thread.currentThread() == thread) {
      return false;
    }
    long leftMillis = Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000);
    thread.join(leftMillis);
    if (thread.isAlive()) {
      LOG.warn("fast-path worker thread {} did not stop in time; its UCX worker is left open", thread.getName());
      return false;
    }
    close();
    return true;
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

  private void serve() throws Throwable {
    long lastEvent = System.nanoTime();
    long pollNanos = pollNanos();
    // Whether the worker polled since it ran out of requests, and whether it then parked.
    boolean polled = false;
    boolean parked = false;
    while (running) {
      delivered = 0;
      int events = worker.progress();
      if (fatal != null) {
        throw fatal;
      }
      if (delivered > 0) {
        if (polled) {
          advisor.polled(!parked);
        }
        lastEvent = System.nanoTime();
        pollNanos = pollNanos();
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

  /** How long to poll before parking, by the spin in force: a changed spin starts the advisor anew. */
  private long pollNanos() {
    long spinNanos = settings.get().spin().toNanos();
    if (spinNanos != advisedSpinNanos) {
      advisedSpinNanos = spinNanos;
      advisor = new PollingAdvisor(spinNanos);
    }
    return advisor.pollNanos();
  }

  /**
   * UCX's receive callback: executes and answers the request over {@code sender}, the endpoint UCX made to the peer
   * (given only for a message sent with UCX's reply flag, as clients send requests), which is live only until the
   * callback returns. It returns a status to UCX whatever the message: HBase's request path may throw anything, and
   * the worker serves the next request regardless.
   */
  private int received(long headerAddress, long headerLength, UcpAmData data, UcpEndpoint sender) {
    delivered++;
    try {
      counters.bytesReceived.add(data.getLength());
      if (sender == null || !data.isDataValid() || data.getLength() > settings.get().maxRequestBytes()) {
        // Without the reply flag, a rendezvous message (clients send eagerly), or over the limit: not a request, and
        // no reply.
        counters.refused(Refusal.MALFORMED);
        counters.unanswered.increment();
        return UcsConstants.STATUS.UCS_OK;
      }
      byte[] message = new byte[(int) data.getLength()];
      UcxUtils.getByteBufferView(data.getDataAddress(), data.getLength()).get(message);
      inFlight = 1;
      handle(message, sender);
    } catch (Exception | LinkageError | AssertionError e) {
      LOG.warn("fast-path request failed on {}", thread.getName(), e);
      counters.unanswered.increment();
    } catch (Throwable e) {
      counters.unanswered.increment();
      if (fatal == null) {
        fatal = e;
      }
    } finally {
      inFlight = 0;
    }
    return UcsConstants.STATUS.UCS_OK;
  }

  /** A request that carries its session's mac, and that session. */
  private record Authenticated(Request request, Sessions.Session session) {
  }

  /** @return null, counted, when the message is no request, of no session, or not signed with its key */
  private Authenticated authenticated(byte[] message) {
    Request request = Request.parse(message);
    if (request == null) {
      counters.refused(Refusal.MALFORMED);
      return null;
    }
    Sessions.Session session = sessions.find(request.session());
    if (session == null) {
      counters.refused(Refusal.NO_SESSION);
      return null;
    }
    if (!request.signedWith(session.mac())) {
      counters.refused(Refusal.NOT_SIGNED);
      return null;
    }
    return new Authenticated(request, session);
  }

  private void handle(byte[] message, UcpEndpoint replyTo) {
    Authenticated authenticated = authenticated(message);
    if (authenticated == null) {
      // Unauthenticated: nothing to sign an answer with.
      counters.unanswered.increment();
      return;
    }
    Request request = authenticated.request();
    if (!authenticated.session().advance(request.stream(), request.sequence())) {
      counters.refused(Refusal.REPLAYED);
      reply(replyTo, authenticated, FastPathStatus.MALFORMED, bytes("sequence not above its stream's last: sent"
          + " again"));
      return;
    }
    if (System.nanoTime() - request.deadlineNanos() > 0) {
      // The caller has given up and may have repeated it over RPC: running it now could undo what came since.
      counters.refused(Refusal.EXPIRED);
      return;
    }
    Answer answer = handler.execute(authenticated.session(), request);
    if (answer.status() == FastPathStatus.NOT_SERVING) {
      counters.refused(Refusal.NOT_SURE);
    } else {
      counters.executed.increment();
    }
    if (answer.status() == FastPathStatus.REPLY_TOO_LARGE) {
      counters.replyTooLarge.increment();
    } else if (answer.status() == FastPathStatus.REPLAY_OVER_RPC) {
      counters.requestFailed.increment();
    }
    reply(replyTo, authenticated, answer.status(), answer.body());
  }

  /** Answers an authenticated request over the endpoint to its sender, signed with its session's key. */
  private void reply(UcpEndpoint replyTo, Authenticated to, FastPathStatus status, byte[] body) {
    int length = FastPathFrames.REPLY_HEADER_BYTES + body.length;
    if (replyBuffer.capacity() < length) {
      replyBuffer = ByteBuffer.allocateDirect(Math.max(length, 2 * replyBuffer.capacity()));
      frame = new byte[replyBuffer.capacity()];
    }
    // A send that does not complete at once pins the whole buffer, whatever the reply's length.
    long backlog = REPLY_BACKLOG * Math.max(settings.get().maxReplyBytes(), replyBuffer.capacity());
    if (replyBytesInFlight + replyBuffer.capacity() > backlog) {
      // A client that does not take its replies.
      counters.unanswered.increment();
      return;
    }
    counters.bytesSent.add(length);
    ByteBuffer signed = ByteBuffer.wrap(frame, 0, length);
    FastPathFrames.putReplyHeader(signed, status, to.request().stream(), to.request().sequence(), System.nanoTime());
    signed.put(body).flip();
    to.session().mac().sign(signed, FastPathFrames.REPLY_MAC);
    ByteBuffer out = replyBuffer.clear().put(signed).flip();
    ReplySent sent = new ReplySent(replyBuffer);
    UcpRequest send;
    try {
      // getAddress is the address of the buffer's position: the flip above put it at the message's start.
      send = replyTo.sendAmNonBlocking(FastPathFrames.REPLY_MESSAGE, 0, 0, UcxUtils.getAddress(out), length,
          EAGER, sent);
    } catch (RuntimeException e) {
      // The endpoint is closed or failed: the client went away.
      counters.unanswered.increment();
      return;
    }
    if (!send.isCompleted()) {
      sent.inFlight = true;
      replyBytesInFlight += sent.pinned;
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
    /** The buffer's capacity: what it pins while the send reads it. */
    private final int pinned;
    /** Whether the send did not complete at once, and so counts in {@link #replyBytesInFlight}. */
    private boolean inFlight;

    ReplySent(ByteBuffer buffer) {
      this.buffer = buffer;
      this.pinned = buffer.capacity();
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
        replyBytesInFlight -= pinned;
        inFlight = false;
      }
      buffer = null;
    }
  }
}

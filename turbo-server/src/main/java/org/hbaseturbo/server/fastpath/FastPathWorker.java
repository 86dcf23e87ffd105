package org.hbaseturbo.server.fastpath;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Request;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.hbaseturbo.wire.fastpath.PollingAdvisor;
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
 */
final class FastPathWorker implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(FastPathWorker.class);
  private static final long EAGER = UcpConstants.UCP_AM_SEND_FLAG_EAGER;

  private record Received(byte[] message, UcpEndpoint replyTo) {
  }

  private final UcpWorker worker;
  private final FastPathRequests requests;
  private final FastPathServerConfig config;
  private final LongAdder bytes;
  private final PollingSlot slot;
  private final PollingAdvisor advisor;
  private final ArrayDeque<Received> queue = new ArrayDeque<>();
  private final Thread thread;
  private volatile boolean running = true;
  /** The reply buffer, replaced only while a send from it is still in flight. */
  private ByteBuffer replyBuffer = ByteBuffer.allocateDirect(4096);

  /**
   * @param bytes where the worker adds the bytes of the messages it receives and sends
   * @param pollers the polling slots the server's workers share
   */
  FastPathWorker(UcpContext context, FastPathRequests requests, FastPathServerConfig config, LongAdder bytes,
      Semaphore pollers, String name) {
    // Thread safety: built on the coprocessor start thread, progressed on its own; stop() signals it from a third.
    this.worker = context.newWorker(new UcpWorkerParams().requestThreadSafety());
    this.requests = requests;
    this.config = config;
    this.bytes = bytes;
    this.slot = new PollingSlot(pollers);
    this.advisor = new PollingAdvisor(config.spin().toNanos());
    worker.setAmRecvHandler(FastPathFrames.REQUEST_MESSAGE, this::received, UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
    this.thread = new Thread(this, name);
    thread.setDaemon(true);
  }

  /** The address a client's endpoint connects to. */
  ByteBuffer address() {
    return worker.getAddress();
  }

  void start() {
    thread.start();
  }

  /** Stops the thread and closes the worker; requests still queued get no reply (their clients time out). */
  void stop() throws InterruptedException {
    running = false;
    worker.signal();
    thread.join(10_000);
    if (!thread.isAlive()) {
      worker.close();
    } else {
      LOG.warn("fast-path worker thread {} did not stop within 10 s; its UCX worker is left open", thread.getName());
    }
  }

  @Override
  public void run() {
    long lastEvent = System.nanoTime();
    long pollNanos = advisor.pollNanos();
    // Whether the worker polled since it ran out of requests, and whether it then parked.
    boolean polled = false;
    boolean parked = false;
    try {
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
    } catch (Exception e) {
      // progress() reports a broken worker; the RegionServer carries on over RPC.
      LOG.error("fast-path worker {} failed; its clients fall back to RPC", thread.getName(), e);
    } finally {
      slot.release();
    }
  }

  private int received(long headerAddress, long headerLength, UcpAmData data, UcpEndpoint replyTo) {
    bytes.add(data.getLength());
    if (!data.isDataValid() || data.getLength() > config.maxRequestBytes()) {
      // Clients send eagerly and within the limit; a rendezvous or oversized message is not ours to take.
      reply(replyTo, -1, FastPathStatus.MALFORMED, new byte[0]);
      return UcsConstants.STATUS.UCS_OK;
    }
    byte[] message = new byte[(int) data.getLength()];
    UcxUtils.getByteBufferView(data.getDataAddress(), data.getLength()).get(message);
    if (queue.size() >= config.queuePerWorker()) {
      reply(replyTo, Request.idOf(message), FastPathStatus.BUSY, new byte[0]);
    } else {
      queue.add(new Received(message, replyTo));
    }
    return UcsConstants.STATUS.UCS_OK;
  }

  private void drain() {
    for (Received received = queue.poll(); received != null; received = queue.poll()) {
      Request request = Request.parse(received.message());
      FastPathRequests.Answer answer = request == null
          ? FastPathRequests.Answer.refused(FastPathStatus.MALFORMED, "not a fast-path request")
          : requests.execute(request);
      reply(received.replyTo(), request == null ? Request.idOf(received.message()) : request.requestId(),
          answer.status(), answer.body());
    }
  }

  private void reply(UcpEndpoint replyTo, long requestId, FastPathStatus status, byte[] body) {
    int length = FastPathFrames.REPLY_HEADER_BYTES + body.length;
    bytes.add(length);
    if (replyBuffer.capacity() < length) {
      replyBuffer = ByteBuffer.allocateDirect(Math.max(length, 2 * replyBuffer.capacity()));
    }
    ByteBuffer out = replyBuffer.clear().order(ByteOrder.BIG_ENDIAN);
    FastPathFrames.putReplyHeader(out, status, requestId);
    out.put(body).flip();
    // getAddress is the address of the buffer's position: the flip above put it at the message's start.
    UcpRequest send = replyTo.sendAmNonBlocking(FastPathFrames.REPLY_MESSAGE, 0, 0, UcxUtils.getAddress(out), length,
        EAGER, new ReplySent(replyBuffer));
    if (!send.isCompleted()) {
      // The send still reads this buffer (ReplySent keeps it reachable until then): the next reply takes a new one.
      replyBuffer = ByteBuffer.allocateDirect(replyBuffer.capacity());
    }
  }

  /**
   * Completion of a reply's send. jucx holds the callback until the send completes, so the buffer it references
   * stays allocated exactly as long as UCX reads it.
   */
  private static final class ReplySent extends UcxCallback {
    private ByteBuffer buffer;

    ReplySent(ByteBuffer buffer) {
      this.buffer = buffer;
    }

    @Override
    public void onSuccess(UcpRequest request) {
      buffer = null;
    }

    @Override
    public void onError(int ucsStatus, String errorMessage) {
      buffer = null;
      // The client went away or timed out; it repeats the operation over RPC if it still can.
      LOG.debug("fast-path reply not delivered: {} ({})", errorMessage, ucsStatus);
    }
  }
}

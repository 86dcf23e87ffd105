package org.hbaseturbo.client.fastpath;

import java.io.Closeable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.locks.LockSupport;
import org.hbaseturbo.client.fastpath.ClientWorker.InFlight;
import org.hbaseturbo.transport.PollingAdvisor;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link ClientWorker} driven by a thread of its own, which keeps many requests in flight: the asynchronous
 * client's, whose callers must not wait. A caller submits a request and gets a future; the thread sends it,
 * progresses UCX, and completes the future with the reply, or with a {@link FastPathTimeoutException} at the
 * request's deadline, or a {@link FastPathUnavailableException} when its endpoint fails. Futures are completed on
 * this thread, outside UCX's callbacks, as HBase's asynchronous client completes its own on its event loop: what
 * runs on them must not block.
 *
 * <p>While requests are in flight the thread polls for {@code spin} after the last event (a request sent or a reply
 * taken) where that pays ({@link PollingAdvisor}), as long as no more of the connection's waiters than
 * {@link FastPathClientConfig#pollers} wait; then it parks in UCX's wait for events, woken by a reply, a submission,
 * or a {@link DeadlineAlarm} by the oldest request's deadline. Without the advisor, batches of Puts at 64 clients,
 * whose replies take milliseconds, kept the thread polling a quarter of a millisecond after each of the many
 * submissions and replies, on the cores the RegionServers needed (issue 47).
 *
 * <p>Should UCX fail the worker itself, the thread fails what it holds, logs one WARN and ends; later submissions
 * fail at once, and their callers use RPC.
 */
final class PipelinedWorker implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(PipelinedWorker.class);
  /** How long close waits for the thread to fail what it holds and close its UCX worker. */
  private static final long CLOSE_WAIT_MILLIS = 5_000;

  private record Submission(ServerSession session, FastPathOperation operation, byte[] body, long deadlineNanos,
      CompletableFuture<Reply> reply) {
  }

  /** A request in flight and its caller's future. */
  private record Waiting(InFlight request, CompletableFuture<Reply> reply) {
  }

  private final ClientWorker worker;
  private final DeadlineAlarm alarm;
  private final FastPathClientConfig config;
  private final ReplyWaits waits;
  private final PollingAdvisor polling;
  private final Queue<Submission> submissions = new ConcurrentLinkedQueue<>();
  /** The thread's own: the futures of the requests in flight, in the order sent. */
  private final LinkedHashMap<InFlight, CompletableFuture<Reply>> futures = new LinkedHashMap<>();
  private final Thread thread;
  /** Set before the thread's last look at the submissions before it parks: a submitter then wakes it. */
  private volatile boolean parked;
  private volatile boolean closed;
  /** Guarded by this: whether the thread closed its UCX worker. */
  private boolean workerClosed;
  /** Why the thread ended, or null while it runs. */
  private volatile String ended;

  PipelinedWorker(ClientWorker worker, String name, ScheduledExecutorService timer, ReplyWaits waits,
      FastPathClientConfig config) {
    this.worker = worker;
    this.alarm = new DeadlineAlarm(timer, this::wake, waits);
    this.waits = waits;
    this.config = config;
    this.polling = new PollingAdvisor(config.spin().toNanos());
    this.thread = new Thread(this::run, name);
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Queues one request for the thread to send.
   *
   * @return its reply, or a {@link FastPathUnavailableException} (a {@link FastPathTimeoutException} when no reply
   *     came by the deadline)
   */
  CompletableFuture<Reply> submit(ServerSession session, FastPathOperation operation, byte[] body,
      long deadlineNanos) {
    CompletableFuture<Reply> reply = new CompletableFuture<>();
    if (ended != null) {
      reply.completeExceptionally(new FastPathUnavailableException(ended));
      return reply;
    }
    Submission submission = new Submission(session, operation, body, deadlineNanos, reply);
    submissions.add(submission);
    if (ended != null && submissions.remove(submission)) {
      // The thread ended after the look above, and will not take it.
      reply.completeExceptionally(new FastPathUnavailableException(ended));
    } else if (parked) {
      wake();
    }
    return reply;
  }

  private void run() {
    long lastEvent = System.nanoTime();
    long pollNanos = polling.pollNanos();
    // Whether the thread parked since its last event: the replies it takes next were not caught polling.
    boolean parkedSinceEvent = false;
    // Whether it polled since its last event, and parked because that poll was over (rather than for other waiters).
    boolean polled = false;
    boolean pollOver = false;
    int emptyWakeUps = 0;
    try {
      while (!closed) {
        boolean events = sendSubmitted() | worker.progress() > 0 | completeAnswered(!parkedSinceEvent);
        long now = System.nanoTime();
        if (events) {
          polling.waitEnded(polled, parkedSinceEvent, pollOver);
          expire(now, false);
          lastEvent = now;
          pollNanos = polling.pollNanos();
          parkedSinceEvent = false;
          polled = false;
          pollOver = false;
          emptyWakeUps = 0;
          continue;
        }
        boolean inFlight = !futures.isEmpty();
        boolean poll = inFlight && now - lastEvent < pollNanos && waits.waiting.get() <= config.pollers();
        polled |= poll;
        pollOver |= inFlight && now - lastEvent >= pollNanos;
        expire(now, !poll);
        if (!poll) {
          if (parkedSinceEvent) {
            if (worker.tookPartOfReply()) {
              emptyWakeUps = 0;
            } else {
              waits.wokeIdle();
              emptyWakeUps++;
            }
          }
          park(now, emptyWakeUps);
          parkedSinceEvent = true;
        }
      }
      end("the connection closed");
    } catch (FastPathUnavailableException | RuntimeException e) {
      LOG.warn("fast-path worker {} failed; its connection's asynchronous Gets and Puts use RPC: {}",
          thread.getName(), e.toString());
      end("the fast-path worker failed: " + e.getMessage());
    } finally {
      synchronized (this) {
        workerClosed = true;
        worker.close();
      }
    }
  }

  /**
   * Wakes the thread from its wait for events, until its UCX worker is closed (after which nothing may touch it), or
   * from its sleep after empty wake-ups.
   */
  private synchronized void wake() {
    LockSupport.unpark(thread);
    if (!workerClosed) {
      worker.signal();
    }
  }

  /** Sends what callers submitted; a request UCX refuses fails at once. */
  private boolean sendSubmitted() {
    boolean any = false;
    for (Submission next = submissions.poll(); next != null; next = submissions.poll()) {
      any = true;
      try {
        InFlight request = worker.send(next.session, next.operation, next.body, next.deadlineNanos);
        if (futures.isEmpty()) {
          waits.waiting.incrementAndGet();
        }
        futures.put(request, next.reply);
      } catch (FastPathUnavailableException e) {
        next.reply.completeExceptionally(e);
      }
    }
    return any;
  }

  /** @param whilePolling whether the thread polled since its last event, rather than parked */
  private boolean completeAnswered(boolean whilePolling) {
    List<InFlight> answered = worker.takeAnswered();
    for (InFlight request : answered) {
      CompletableFuture<Reply> reply = remove(request);
      if (reply != null) {
        worker.replied(request, whilePolling);
        reply.complete(request.reply());
      }
    }
    return !answered.isEmpty();
  }

  /**
   * Fails the requests past their deadline, which fall in the order sent; and, with {@code alsoFailed}, those whose
   * endpoint failed, which takes a look at every request in flight.
   */
  private void expire(long now, boolean alsoFailed) {
    // Made only when a request is over: this runs after every event.
    List<Waiting> over = null;
    for (var entry : futures.entrySet()) {
      InFlight request = entry.getKey();
      if (now - request.deadlineNanos() >= 0 || request.failure() != null) {
        if (over == null) {
          over = new ArrayList<>();
        }
        over.add(new Waiting(request, entry.getValue()));
      } else if (!alsoFailed) {
        break;
      }
    }
    if (over == null) {
      return;
    }
    for (Waiting waiting : over) {
      remove(waiting.request());
      worker.giveUp(waiting.request());
      if (waiting.request().failure() != null) {
        worker.forget(waiting.request());
        waiting.reply().completeExceptionally(waiting.request().endpointFailed());
      } else {
        waiting.reply().completeExceptionally(FastPathTimeoutException.noReplyInTime());
      }
    }
  }

  private CompletableFuture<Reply> remove(InFlight request) {
    CompletableFuture<Reply> reply = futures.remove(request);
    if (reply != null && futures.isEmpty()) {
      waits.waiting.decrementAndGet();
    }
    return reply;
  }

  /**
   * Parks until a reply, a submission, or the oldest request's deadline.
   *
   * @param emptyWakeUps wake-ups in a row that found nothing: from the second on, the thread first sleeps
   *     ({@link IdleWakeBackoff})
   */
  private void park(long now, int emptyWakeUps) {
    parked = true;
    try {
      if (!submissions.isEmpty() || closed) {
        return;
      }
      InFlight oldest = worker.oldest();
      long deadline = oldest == null ? now + IdleWakeBackoff.MAX_SLEEP_NANOS : oldest.deadlineNanos();
      IdleWakeBackoff.sleep(emptyWakeUps, now, deadline, waits);
      if (!submissions.isEmpty() || closed) {
        return;
      }
      if (oldest != null) {
        alarm.armBy(oldest.deadlineNanos(), now);
      }
      waits.parked();
      worker.waitForEvents();
    } finally {
      parked = false;
    }
  }

  /** Fails every request held, here and queued: their callers use RPC. */
  private void end(String why) {
    ended = why;
    FastPathUnavailableException failure = new FastPathUnavailableException(why);
    futures.values().forEach(reply -> reply.completeExceptionally(failure));
    if (!futures.isEmpty()) {
      waits.waiting.decrementAndGet();
    }
    futures.clear();
    for (Submission next = submissions.poll(); next != null; next = submissions.poll()) {
      next.reply.completeExceptionally(failure);
    }
  }

  /** Ends the thread, failing what it holds, and closes its UCX worker. */
  @Override
  public void close() {
    closed = true;
    wake();
    try {
      thread.join(CLOSE_WAIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

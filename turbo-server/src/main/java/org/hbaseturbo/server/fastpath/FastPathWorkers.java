package org.hbaseturbo.server.fastpath;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A RegionServer's fast-path workers, kept at their number: a worker whose thread ends anyway (a broken UCX
 * worker, an {@link Error} from HBase's request path) is replaced by a new one, and counted. Its clients' endpoints
 * to the old worker fail; they open new sessions, which name the new worker. Workers that keep dying (more than
 * {@value #MAX_DEATHS} within a minute) mean something is broken beyond one request: the fast path turns off.
 */
final class FastPathWorkers {
  private static final Logger LOG = LoggerFactory.getLogger(FastPathWorkers.class);
  static final int MAX_DEATHS = 5;
  private static final long DEATH_WINDOW_NANOS = 60_000_000_000L;
  /**
   * How long a stop waits for all the worker threads together: a request already in HBase's request path ends within
   * it, one waiting on a row lock (30 s at most) may not.
   */
  static final Duration STOP_WAIT = Duration.ofSeconds(10);

  /** Makes the worker of one slot; {@code onDeath} is the worker's to call when its thread ends. */
  interface Factory {
    FastPathWorker create(int index, BiConsumer<FastPathWorker, Throwable> onDeath);
  }

  private final AtomicReferenceArray<FastPathWorker> workers;
  private final Factory factory;
  private final ServerCounters counters;
  private final Consumer<String> turnOff;
  private final Deque<Long> recentDeaths = new ArrayDeque<>();
  private final AtomicInteger sessionsStarted = new AtomicInteger();
  private boolean stopped;

  /** @param turnOff told why, once, when workers keep dying */
  FastPathWorkers(int size, Factory factory, ServerCounters counters, Consumer<String> turnOff) {
    this.workers = new AtomicReferenceArray<>(size);
    this.factory = factory;
    this.counters = counters;
    this.turnOff = turnOff;
    for (int i = 0; i < size; i++) {
      workers.set(i, create(i));
    }
  }

  private FastPathWorker create(int index) {
    return factory.create(index, (dead, cause) -> replace(index, dead, cause));
  }

  void start() {
    for (int i = 0; i < workers.length(); i++) {
      workers.get(i).start();
    }
  }

  int size() {
    return workers.length();
  }

  /** Requests taken and not yet answered, all workers together. */
  int inFlight() {
    int inFlight = 0;
    for (int i = 0; i < workers.length(); i++) {
      FastPathWorker worker = workers.get(i);
      if (worker != null) {
        inFlight += worker.inFlight();
      }
    }
    return inFlight;
  }

  /** The workers' addresses, in slot order. */
  List<ByteBuffer> addresses() {
    List<ByteBuffer> addresses = new ArrayList<>(workers.length());
    for (int i = 0; i < workers.length(); i++) {
      FastPathWorker worker = workers.get(i);
      if (worker != null) {
        addresses.add(worker.address());
      }
    }
    return addresses;
  }

  /**
   * The workers' addresses for a new session, each session's starting one slot further than the last's: a client's
   * worker {@code i} connects to address {@code i % size}, so clients that use one worker each (a connection per
   * thread) land on all workers in turn instead of all on the first.
   */
  List<ByteBuffer> addressesForNewSession() {
    List<ByteBuffer> addresses = addresses();
    if (!addresses.isEmpty()) {
      Collections.rotate(addresses, -Math.floorMod(sessionsStarted.getAndIncrement(), addresses.size()));
    }
    return addresses;
  }

  /**
   * On the dying worker's thread: a new worker takes its place, unless workers keep dying. The dead worker's UCX
   * worker is closed under the same lock that {@link #stop} takes, so that a server that stops (and then closes its
   * UCX context) waits for that close: a context closed while one of its workers closes crashed the JVM in UCX
   * ({@code uct_mm_ep_cleanup_remote_segs}, a test's teardown racing a replacement, 2026-11-30).
   */
  private void replace(int index, FastPathWorker dead, Throwable cause) {
    synchronized (recentDeaths) {
      try {
        long now = System.nanoTime();
        recentDeaths.addLast(now);
        while (now - recentDeaths.peekFirst() > DEATH_WINDOW_NANOS) {
          recentDeaths.removeFirst();
        }
        if (stopped) {
          return;
        }
        if (recentDeaths.size() > MAX_DEATHS) {
          giveUp(recentDeaths.size() + " fast-path workers died within a minute, the last of " + cause);
          return;
        }
        LOG.warn("fast-path worker {} died and is replaced; its clients open new sessions", dead.name(), cause);
        try {
          FastPathWorker fresh = create(index);
          workers.set(index, fresh);
          fresh.start();
          counters.workersReplaced.increment();
        } catch (RuntimeException | OutOfMemoryError e) {
          // OutOfMemoryError: a thread that could not be made. The fresh worker, in its slot, is closed with the rest.
          giveUp("a dead fast-path worker could not be replaced: " + e);
        }
      } finally {
        // Only once no slot holds it: another thread may read a slot's worker (its address) at any time.
        dead.close();
      }
    }
  }

  private void giveUp(String why) {
    stopped = true;
    turnOff.accept(why);
    stopAll(STOP_WAIT);
  }

  /**
   * Stops every worker; requests still queued get no reply (their clients time out). Once it returns, no worker's
   * UCX worker is closing.
   *
   * @return whether every worker's UCX worker is closed, so that the caller may close the UCX context: not where a
   *     thread did not end within {@link #STOP_WAIT}
   */
  boolean stop() {
    return stop(STOP_WAIT);
  }

  /** As {@link #stop()}, waiting {@code wait} for the threads. */
  boolean stop(Duration wait) {
    synchronized (recentDeaths) {
      stopped = true;
    }
    return stopAll(wait);
  }

  /** Tells every thread to end at once, then waits for them all within one bound, not one bound each. */
  private boolean stopAll(Duration wait) {
    List<FastPathWorker> stopping = new ArrayList<>();
    for (int i = 0; i < workers.length(); i++) {
      FastPathWorker worker = workers.getAndSet(i, null);
      if (worker != null) {
        worker.requestStop();
        stopping.add(worker);
      }
    }
    long deadline = System.nanoTime() + wait.toNanos();
    boolean closed = true;
    try {
      for (FastPathWorker worker : stopping) {
        closed &= worker.awaitStop(deadline);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    return closed;
  }
}

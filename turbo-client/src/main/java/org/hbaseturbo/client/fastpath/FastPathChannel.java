package org.hbaseturbo.client.fastpath;

import java.io.Closeable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.openucx.jucx.ucp.UcpContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection's fast-path channel: its UCX context, the pool of {@link ClientWorker}s its threads borrow, and
 * one session per RegionServer. A server that cannot open a session (fast path not deployed, UCX missing there)
 * is left to RPC for {@link FastPathClientConfig#retryUnavailable()}.
 */
final class FastPathChannel implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(FastPathChannel.class);

  private final FastPathClientConfig config;
  private final UcpContext context;
  private final SessionCalls sessionCalls;
  private final ScheduledExecutorService timer;
  private final BlockingQueue<ClientWorker> idle;
  /** Callers waiting for a reply: they poll only while no more than {@link FastPathClientConfig#pollers} wait. */
  private final AtomicInteger waiting = new AtomicInteger();
  private final List<ClientWorker> all = new ArrayList<>();
  private final AtomicInteger created = new AtomicInteger();
  private final Map<ServerName, ServerSession> sessions = new ConcurrentHashMap<>();
  /**
   * Timeouts in a row after which a server's session is replaced: its requests get no answer if the server lost it
   * (a request of no session is not answered), which looks like a slow server.
   */
  private static final int TIMEOUTS_BEFORE_NEW_SESSION = 3;
  private final Map<ServerName, Integer> timeouts = new ConcurrentHashMap<>();
  /** Servers that could not open a session, with when to try again (nanoTime). */
  private final Map<ServerName, Long> unavailableUntil = new ConcurrentHashMap<>();
  private volatile boolean closed;

  FastPathChannel(FastPathClientConfig config, SessionCalls sessionCalls) throws FastPathUnavailableException {
    this.config = config;
    this.sessionCalls = sessionCalls;
    this.context = UcxRuntime.openContext(config.transports());
    this.idle = new ArrayBlockingQueue<>(config.workers());
    this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "FastPath-timer");
      thread.setDaemon(true);
      return thread;
    });
  }

  /**
   * Sends one request to the server holding {@code location}'s region; whatever it does not serve goes to RPC. A
   * request larger than this client's {@value FastPathClientConfig#MAX_REQUEST_KEY} or than the server takes is not
   * sent: the server would drop it unanswered, and the caller would wait for the timeout.
   */
  FastPathCall call(HRegionLocation location, FastPathOperation operation, byte[] body) {
    long bytes = FastPathFrames.REQUEST_HEADER_BYTES + (long) body.length;
    if (bytes > config.maxRequestBytes()) {
      return FastPathCall.NOT_SENT;
    }
    ServerName server = location.getServerName();
    ServerSession session = session(location);
    if (session == null || bytes > session.maxRequestBytes()) {
      return FastPathCall.NOT_SENT;
    }
    ClientWorker worker = borrow();
    if (worker == null) {
      return FastPathCall.NOT_SENT;
    }
    long deadline = System.nanoTime() + config.timeout().toNanos();
    try {
      Reply reply = worker.call(session, operation, body, deadline);
      timeouts.remove(server);
      if (reply.status() == FastPathStatus.NOT_SERVING) {
        // The server may have lost its regions to another: RPC must not be sent to it from HBase's cache.
        relocate(location);
      }
      return new FastPathCall(reply, true, deadline);
    } catch (FastPathTimeoutException e) {
      LOG.debug("no fast-path reply from {} in time, using RPC: {}", server, e.getMessage());
      if (timeouts.merge(server, 1, Integer::sum) >= TIMEOUTS_BEFORE_NEW_SESSION) {
        // A server that lost the session (it gets no answer, being unauthenticated) looks slow: a new one.
        timeouts.remove(server);
        sessions.remove(server, session);
      }
      return FastPathCall.noReply(deadline);
    } catch (FastPathUnavailableException e) {
      LOG.debug("fast path to {} failed, using RPC: {}", server, e.getMessage());
      sessions.remove(server, session);
      return FastPathCall.noReply(deadline);
    } finally {
      idle.offer(worker);
    }
  }

  /**
   * Reads where the location's region is from hbase:meta again, into the connection's cache, where RPC finds it:
   * after a server answered that it may no longer hold its regions.
   */
  void relocate(HRegionLocation location) {
    sessionCalls.relocate(location);
  }

  /** The session with the location's server, opened on first use; null when that server has no fast path. */
  private ServerSession session(HRegionLocation location) {
    ServerName server = location.getServerName();
    ServerSession session = sessions.get(server);
    if (session != null && System.nanoTime() - session.renewAtNanos() < 0) {
      return session;
    }
    if (session != null && sessions.remove(server, session)) {
      // Half its lifetime is over: a new one before the server stops accepting it, whose refusal a client of a
      // cluster that signs replies could not trust (it is unsigned) and would wait out.
      sessionCalls.close(session);
    }
    Long retryAt = unavailableUntil.get(server);
    if (retryAt != null && System.nanoTime() < retryAt) {
      return null;
    }
    try {
      ServerSession opened = sessionCalls.open(location);
      ServerSession raced = sessions.putIfAbsent(server, opened);
      if (raced != null) {
        sessionCalls.close(opened);
        return raced;
      }
      unavailableUntil.remove(server);
      return opened;
    } catch (java.io.IOException e) {
      LOG.info("RegionServer {} gives no fast-path session, using RPC for {} s: {}", server,
          config.retryUnavailable().toSeconds(), e.getMessage());
      unavailableUntil.put(server, System.nanoTime() + config.retryUnavailable().toNanos());
      return null;
    }
  }

  private ClientWorker borrow() {
    ClientWorker worker = idle.poll();
    if (worker != null || closed) {
      return worker;
    }
    int index = created.getAndIncrement();
    if (index < config.workers()) {
      try {
        worker = new ClientWorker(context, index, timer, waiting, config);
      } catch (RuntimeException e) {
        // UCX could not make a worker (out of shared memory, say): this call goes over RPC, a later one tries again.
        created.decrementAndGet();
        LOG.warn("cannot make a fast-path worker, using RPC: {}", e.toString());
        return null;
      }
      synchronized (all) {
        all.add(worker);
      }
      return worker;
    }
    created.decrementAndGet();
    try {
      return idle.poll(config.timeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** Closes every session (best effort: a session left open expires on the server) and the UCX resources. */
  @Override
  public void close() {
    closed = true;
    for (ServerSession session : sessions.values()) {
      sessionCalls.close(session);
    }
    sessions.clear();
    timer.shutdownNow();
    synchronized (all) {
      // Workers still lent out are closed too: their callers are gone with the connection.
      all.forEach(ClientWorker::close);
      all.clear();
    }
    context.close();
  }

}

package org.hbaseturbo.client.fastpath;

import java.io.Closeable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.hbaseturbo.common.DaemonThreads;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
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
  private final ReplyWaits waits;
  private final List<ClientWorker> all = new ArrayList<>();
  private final AtomicInteger created = new AtomicInteger();
  /** The asynchronous client's workers, made on its first request; and the next to take one. */
  private volatile List<PipelinedWorker> pipelined;
  private final AtomicInteger nextPipelined = new AtomicInteger();
  /** Opens sessions for the asynchronous client, whose callers must not wait for it. */
  private final ExecutorService opener;
  private final Map<ServerName, ServerSession> sessions = new ConcurrentHashMap<>();
  /**
   * Timeouts in a row after which a server's session is replaced: its requests get no answer if the server lost it
   * (a request of no session is not answered), which looks like a slow server.
   */
  private static final int TIMEOUTS_BEFORE_NEW_SESSION = 3;
  private final Map<ServerName, Integer> timeouts = new ConcurrentHashMap<>();
  /**
   * Each server's session that has answered at least once. A session that times out without ever having answered is
   * not one its server lost: UCX cannot reach that server at all (a RegionServer of this host that runs as another
   * user cannot map this client's shared memory, nor this client its), and a new session would time out the same
   * way, each operation waiting out the timeout before RPC.
   */
  private final Map<ServerName, ServerSession> answering = new ConcurrentHashMap<>();
  /** Servers that could not open a session, with when to try again (nanoTime). */
  private final Map<ServerName, Long> unavailableUntil = new ConcurrentHashMap<>();
  private volatile boolean closed;

  FastPathChannel(FastPathClientConfig config, SessionCalls sessionCalls, ReplyWaits waits)
      throws FastPathUnavailableException {
    this.config = config;
    this.waits = waits;
    this.sessionCalls = sessionCalls;
    this.context = UcxRuntime.openContext(config.transports());
    this.idle = new ArrayBlockingQueue<>(config.workers());
    this.timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("FastPath-timer"));
    this.opener = Executors.newSingleThreadExecutor(DaemonThreads.named("FastPath-session-opener"));
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
    FastPathCall call;
    try {
      call = ended(location, session, worker.call(session, operation, body, deadline), null, deadline);
    } catch (FastPathUnavailableException e) {
      call = ended(location, session, null, e, deadline);
    } finally {
      idle.offer(worker);
    }
    if (call.status() == FastPathStatus.NOT_SERVING) {
      relocate(location).join();
    }
    return call;
  }

  /**
   * Sends one request as {@link #call} does, without waiting: for the asynchronous client. The request waits for
   * its server's session where one is being opened, on a thread of the channel's, and is sent by a
   * {@link PipelinedWorker}, which keeps many in flight.
   *
   * @return how it ended, completed on a thread of the channel's, which what runs on it must not block; never
   *     exceptionally
   */
  CompletableFuture<FastPathCall> submit(HRegionLocation location, FastPathOperation operation, byte[] body) {
    long bytes = FastPathFrames.REQUEST_HEADER_BYTES + (long) body.length;
    if (bytes > config.maxRequestBytes() || closed) {
      return CompletableFuture.completedFuture(FastPathCall.NOT_SENT);
    }
    ServerSession current = freshSession(location.getServerName());
    CompletableFuture<ServerSession> session;
    try {
      session = current != null ? CompletableFuture.completedFuture(current)
          : CompletableFuture.supplyAsync(() -> session(location), opener);
    } catch (RejectedExecutionException e) {
      return CompletableFuture.completedFuture(FastPathCall.NOT_SENT);
    }
    return session.thenCompose(opened -> {
      if (opened == null || bytes > opened.maxRequestBytes()) {
        return CompletableFuture.completedFuture(FastPathCall.NOT_SENT);
      }
      PipelinedWorker worker = pipelined();
      if (worker == null) {
        return CompletableFuture.completedFuture(FastPathCall.NOT_SENT);
      }
      long deadline = System.nanoTime() + config.timeout().toNanos();
      return worker.submit(opened, operation, body, deadline)
          .handle((reply, error) -> ended(location, opened, reply, error, deadline))
          .thenCompose(call -> call.status() != FastPathStatus.NOT_SERVING ? CompletableFuture.completedFuture(call)
              : relocate(location).thenApply(found -> call));
    }).exceptionally(error -> {
      // Failed before the request was sent (a session that could not be opened throws nothing, so: a defect).
      LOG.warn("fast-path request not sent, using RPC", error);
      return FastPathCall.NOT_SENT;
    });
  }

  /**
   * Stops using a session and closes it on the server, off the caller's thread (a pipelined worker's must not wait
   * for RPC): left open, it would count against the user's sessions there until it expires.
   */
  private void drop(ServerName server, ServerSession session) {
    answering.remove(server, session);
    if (sessions.remove(server, session)) {
      try {
        opener.execute(() -> sessionCalls.close(session));
      } catch (RejectedExecutionException e) {
        // The channel is closing: the session expires on the server.
      }
    }
  }

  /** How a request sent ended: its reply, or the failure that left it without one. */
  private FastPathCall ended(HRegionLocation location, ServerSession session, Reply reply, Throwable error,
      long deadline) {
    ServerName server = location.getServerName();
    if (error instanceof FastPathTimeoutException) {
      LOG.debug("no fast-path reply from {} in time, using RPC: {}", server, error.getMessage());
      if (timeouts.merge(server, 1, Integer::sum) >= TIMEOUTS_BEFORE_NEW_SESSION) {
        timeouts.remove(server);
        if (answering.get(server) != session && sessions.get(server) == session) {
          unreachable(server);
        }
        // A server that lost the session (it gets no answer, being unauthenticated) looks slow: a new one.
        drop(server, session);
      }
      return FastPathCall.noReply(deadline);
    }
    if (error != null) {
      LOG.debug("fast path to {} failed, using RPC: {}", server, error.getMessage());
      drop(server, session);
      return FastPathCall.noReply(deadline);
    }
    timeouts.remove(server);
    answering.put(server, session);
    return new FastPathCall(reply, true, deadline);
  }

  /** Leaves {@code server} to RPC for {@link FastPathClientConfig#retryUnavailable}; then a new session is tried. */
  private void leaveToRpc(ServerName server) {
    unavailableUntil.put(server, System.nanoTime() + config.retryUnavailable().toNanos());
  }

  /** Leaves {@code server} to RPC as one that could not open a session: its session never answered over UCX. */
  private void unreachable(ServerName server) {
    LOG.warn("no fast-path reply ever came from RegionServer {} over UCX ({} timeouts of {} ms in a row on a new"
        + " session): using RPC for it for {} s. A RegionServer of this host that runs as another user than this"
        + " client cannot be reached over shared memory: '{}=tcp' takes TCP; 'turbo fastpath check' tells what each"
        + " server answers", server, TIMEOUTS_BEFORE_NEW_SESSION, config.timeout().toMillis(),
        config.retryUnavailable().toSeconds(), ChannelSettings.TRANSPORTS_KEY);
    leaveToRpc(server);
  }

  /**
   * Reads where the location's region is from hbase:meta again, into the connection's cache, where RPC finds it:
   * after a server answered that it may no longer hold its regions (NOT_SERVING), whose calls end only after it, as
   * RPC must not be sent to that server from HBase's cache.
   *
   * @return done when the lookup is; never exceptionally
   */
  CompletableFuture<Void> relocate(HRegionLocation location) {
    return sessionCalls.relocate(location);
  }

  /** The session with the server while it is not yet due for renewal; null otherwise. */
  private ServerSession freshSession(ServerName server) {
    ServerSession session = sessions.get(server);
    return session != null && System.nanoTime() - session.renewAtNanos() < 0 ? session : null;
  }

  /** The session with the location's server, opened on first use; null when that server has no fast path. */
  private ServerSession session(HRegionLocation location) {
    ServerName server = location.getServerName();
    ServerSession fresh = freshSession(server);
    if (fresh != null) {
      return fresh;
    }
    ServerSession session = sessions.get(server);
    byte[] renews = null;
    if (session != null && sessions.remove(server, session)) {
      // Half its lifetime is over: a new one before the server stops accepting it, whose refusal a client of a
      // cluster that signs replies could not trust (it is unsigned) and would wait out.
      sessionCalls.close(session);
      renews = session.id();
    }
    Long retryAt = unavailableUntil.get(server);
    if (retryAt != null && System.nanoTime() < retryAt) {
      return null;
    }
    try {
      ServerSession opened = sessionCalls.open(location, renews);
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
      leaveToRpc(server);
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
        worker = new ClientWorker(context, index, timer, waits, config);
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

  /**
   * One of the asynchronous client's workers, made with the first; null when UCX could not make them (that call
   * goes over RPC, a later one tries again). Their streams follow the borrowed workers'.
   */
  private PipelinedWorker pipelined() {
    List<PipelinedWorker> workers = pipelined;
    if (workers == null) {
      synchronized (this) {
        workers = pipelined;
        if (workers == null && !closed) {
          List<PipelinedWorker> made = new ArrayList<>();
          try {
            for (int i = 0; i < config.asyncWorkers(); i++) {
              int index = config.workers() + i;
              made.add(new PipelinedWorker(new ClientWorker(context, index, timer, waits, config),
                  "FastPath-async-" + i, timer, waits, config));
            }
          } catch (RuntimeException e) {
            made.forEach(PipelinedWorker::close);
            LOG.warn("cannot make the fast path's asynchronous workers, using RPC: {}", e.toString());
            return null;
          }
          pipelined = workers = List.copyOf(made);
        }
      }
    }
    return workers == null ? null
        : workers.get(Math.floorMod(nextPipelined.getAndIncrement(), workers.size()));
  }

  /** Closes every session (best effort: a session left open expires on the server) and the UCX resources. */
  @Override
  public void close() {
    closed = true;
    opener.shutdownNow();
    synchronized (this) {
      if (pipelined != null) {
        pipelined.forEach(PipelinedWorker::close);
      }
    }
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

package org.hbaseturbo.server.fastpath;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.coprocessor.CoreCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessor;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.regionserver.RegionServerServices;
import org.apache.hadoop.hbase.security.User;
import org.hbaseturbo.server.HBaseLine;
import org.hbaseturbo.server.LoadedAs;
import org.hbaseturbo.server.metrics.MetricsRegistration;
import org.hbaseturbo.server.scan.PreparedExecutes;
import org.hbaseturbo.server.settings.LiveSettings;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.openucx.jucx.ucp.UcpContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server side of the hybrid fast path (Huang et al., High-Performance Design of HBase with RDMA over
 * InfiniBand, IPDPS 2012): UCX workers inside the RegionServer that take Gets, Puts and Prepared Scan's executes
 * from Turbo's client and execute them through the RegionServer's own request path ({@link FastPathRequests}). Load
 * it with {@code hbase.coprocessor.regionserver.classes}, together with the region endpoint
 * {@link FastPathSessionEndpoint}, through which clients open sessions over authenticated RPC.
 * {@link CoreCoprocessor} because executing through {@code RSRpcServices} needs the RegionServer itself.
 *
 * <p>Optional by construction: it never fails the RegionServer's start (HBase aborts a server whose coprocessor
 * throws there, {@code hbase.coprocessor.abortonerror}). Where the native UCX is missing or broken, or its settings
 * are wrong, it logs one WARN with the reason and the fix and stays off; the RegionServer serves everything over
 * RPC, and the reason is what the session endpoint (and so {@code turbo fastpath check}) reports. A worker whose
 * thread ends anyway is replaced; a server whose workers keep dying turns the fast path off ({@link FastPathWorkers}).
 */
@CoreCoprocessor
public class FastPathServer implements RegionServerCoprocessor {
  private static final Logger LOG = LoggerFactory.getLogger(FastPathServer.class);
  /** The running fast paths of this JVM by RegionServer (an embedded cluster runs several in one JVM). */
  private static final Map<ServerName, FastPathServer> RUNNING = new ConcurrentHashMap<>();
  private final ServerCounters counters = new ServerCounters();
  private volatile ServerName serverName;
  private volatile LiveSettings<FastPathServerConfig> settings;
  private volatile Sessions sessions;
  private final MapHeadroom headroom = MapHeadroom.ofThisProcess();
  private UcpContext context;
  private volatile FastPathWorkers workers;
  private RegionServerLease lease;
  private volatile String unavailable;
  private MetricsRegistration.Hold metrics;

  /** What a RegionServer's fast path did, for reports and tests. */
  public record Status(boolean up, String whyNot, int workers, int sessions, long executed, long expired,
      long noSession, long notSigned, long replayed, long unanswered, long workersReplaced, long sessionsNotAllowed) {
  }

  /** The fast paths of this JVM's RegionServers, for the metrics. */
  static Collection<FastPathServer> running() {
    return RUNNING.values();
  }

  /** The fast path of a RegionServer of this JVM, or null where it is not loaded. */
  static FastPathServer of(ServerName server) {
    return RUNNING.get(server);
  }

  /**
   * Bytes the fast path of a RegionServer of this JVM received and sent since it started, as in the stats
   * endpoint's reply; empty where it is not loaded.
   */
  public static OptionalLong bytes(ServerName server) {
    FastPathServer running = of(server);
    return running == null ? OptionalLong.empty() : OptionalLong.of(running.counters.bytes());
  }

  /** The status of the fast path of a RegionServer of this JVM; empty where it is not loaded. */
  public static Optional<Status> status(ServerName server) {
    return Optional.ofNullable(of(server)).map(FastPathServer::status);
  }

  // rawtypes: Coprocessor.start declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void start(CoprocessorEnvironment env) {
    if (!HBaseLine.matches()) {
      return;
    }
    try {
      RegionServerServices services = LoadedAs.regionServerServices(env, this);
      track(services.getServerName());
      if (!(services instanceof HRegionServer server)) {
        turnOff("it needs HBase's own HRegionServer, found " + services.getClass().getName());
        return;
      }
      // The RegionServer's own configuration, which update_config reloads.
      settings = LiveSettings.watch("fast path of RegionServer " + serverName, server.getConfiguration(),
          server.getConfiguration(), FastPathServerConfig::from);
      FastPathServerConfig config = settings.get();
      sessions = new Sessions(() -> settings.get().sessionLimits(), Clock.systemUTC());
      context = UcxRuntime.openContext(config.transports());
      if (config.leasePlantedOut()) {
        LOG.warn("RegionServer {}: {} is set, a fault planted for tests: the fast path serves without its ZooKeeper"
            + " lease, and serves stale reads after a pause past its session. Never set it outside a test",
            serverName, FastPathServerConfig.NO_LEASE_KEY);
        lease = RegionServerLease.plantedOut(serverName);
      } else {
        lease = RegionServerLease.of(server.getZooKeeper(), serverName);
      }
      FastPathWorker.Handler handler = new FastPathRequests(server.getRSRpcServices(), new PreparedExecutes(server),
          lease, () -> settings.get().maxReplyBytes())::execute;
      PollingSlots pollers = new PollingSlots(config.pollers());
      workers = new FastPathWorkers(config.workers(), (index, onDeath) -> new FastPathWorker(context, sessions,
          handler, settings, counters, pollers, "FastPath-" + serverName.getPort() + "-" + index, onDeath), counters,
          this::turnOff);
      settings.onChange((before, after) -> changed(config, after, pollers));
      lease.start();
      workers.start();
      LOG.info("RegionServer {} serves the fast path with {} workers over UCX ({}), transports {}", serverName,
          config.workers(), UcxRuntime.describe(), config.transports().describe());
    } catch (FastPathUnavailableException | IllegalArgumentException e) {
      turnOff(e.getMessage());
    } catch (Exception | LinkageError | OutOfMemoryError e) {
      // OutOfMemoryError: a worker thread that could not be made; a coprocessor that throws at start aborts the server.
      turnOff(e.toString());
    }
  }

  /** What update_config changed: the polling slots here, the rest where it is read; what is read at start stays. */
  private void changed(FastPathServerConfig started, FastPathServerConfig next, PollingSlots pollers) {
    pollers.resize(next.pollers());
    String readAtStart = started.readAtStartChanges(next);
    if (!readAtStart.isEmpty()) {
      LOG.warn("RegionServer {}: {} changed, but the fast path reads it only when the RegionServer starts: it keeps"
          + " what it started with until a restart", serverName, readAtStart);
    }
  }

  /** Makes it the fast path of {@code server} in this JVM, and holds the metrics source that publishes it. */
  void track(ServerName server) {
    serverName = server;
    RUNNING.put(serverName, this);
    metrics = MetricsRegistration.hold(FastPathMetrics.NAME, FastPathMetrics::new);
  }

  void untrack() {
    if (serverName != null) {
      RUNNING.remove(serverName, this);
    }
    if (metrics != null) {
      metrics.close();
    }
  }

  /** Logs the one WARN of a fast path that is off, and keeps why for clients and {@code fastpath check}. */
  void turnOff(String why) {
    unavailable = why;
    LOG.warn("RegionServer {} runs without the fast path; its clients use RPC for everything: {}", serverName, why);
  }

  // rawtypes: Coprocessor.stop declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void stop(CoprocessorEnvironment env) throws IOException {
    untrack();
    if (settings != null) {
      settings.close();
    }
    boolean workersClosed = workers == null || workers.stop();
    if (lease != null) {
      lease.close();
    }
    if (context != null && workersClosed) {
      context.close();
    } else if (context != null) {
      // Freed under a thread still in one of its workers, UCX crashes the JVM; the process ends soon anyway.
      LOG.warn("the fast path's UCX context is left open: a worker thread is still running");
    }
  }

  /**
   * Opens a session for {@code caller}, whom HBase's RPC authenticated, if {@link FastPathUsers} allows them.
   *
   * @throws DoNotRetryIOException naming the setting when it does not, or the limit the caller reached
   */
  Sessions.Issued openSession(User caller, InetAddress from, byte[] clientPublicKey) throws DoNotRetryIOException {
    FastPathUsers users = settings.get().users();
    if (!users.allows(caller)) {
      counters.sessionsNotAllowed.increment();
      throw new DoNotRetryIOException(users.refusal(caller));
    }
    headroom.requireRoom();
    return sessions.open(caller, from, clientPublicKey);
  }

  /** @return why the fast path is off on this server, or null when it is on */
  String unavailable() {
    return unavailable;
  }

  /** {@code turbo.fastpath.server.max-request-bytes} in force: larger messages are dropped unanswered. */
  long maxRequestBytes() {
    return settings.get().maxRequestBytes();
  }

  Sessions sessions() {
    return sessions;
  }

  ServerCounters counters() {
    return counters;
  }

  /** Its workers, null until they started and where the fast path is off. */
  FastPathWorkers workers() {
    return workers;
  }

  /** The workers' addresses for a new session ({@link FastPathWorkers#addressesForNewSession}). */
  List<ByteBuffer> workerAddressesForNewSession() {
    return workers.addressesForNewSession();
  }

  private Status status() {
    String whyNot = unavailable;
    return new Status(whyNot == null, whyNot, workers == null ? 0 : workers.size(),
        sessions == null ? 0 : sessions.size(),
        counters.executed.sum(), counters.refusedFor(ServerCounters.Refusal.EXPIRED),
        counters.refusedFor(ServerCounters.Refusal.NO_SESSION), counters.refusedFor(ServerCounters.Refusal.NOT_SIGNED),
        counters.refusedFor(ServerCounters.Refusal.REPLAYED),
        counters.unanswered.sum(), counters.workersReplaced.sum(), counters.sessionsNotAllowed.sum());
  }
}

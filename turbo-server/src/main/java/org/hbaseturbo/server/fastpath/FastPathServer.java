package org.hbaseturbo.server.fastpath;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.coprocessor.CoprocessorException;
import org.apache.hadoop.hbase.coprocessor.CoreCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessor;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.regionserver.RegionServerServices;
import org.hbaseturbo.server.LoadedAs;
import org.hbaseturbo.server.scan.PreparedExecutes;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.hbaseturbo.wire.fastpath.UcxRuntime;
import org.openucx.jucx.ucp.UcpContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server side of the hybrid fast path (papers/hbase-rdma.txt): UCX workers inside the RegionServer that take
 * Gets, Puts and Prepared Scan's executes from Turbo's client and execute them through the RegionServer's own
 * request path ({@link FastPathRequests}). Load it with {@code hbase.coprocessor.regionserver.classes}, together
 * with the region endpoint {@link FastPathSessionEndpoint}, through which clients open sessions over authenticated
 * RPC.
 *
 * <p>A RegionServer whose native UCX is missing starts without the fast path (logged once); its clients then use
 * RPC. {@link CoreCoprocessor} because executing through {@code RSRpcServices} needs the RegionServer itself.
 */
@CoreCoprocessor
public class FastPathServer implements RegionServerCoprocessor {
  private static final Logger LOG = LoggerFactory.getLogger(FastPathServer.class);
  /** The running fast paths of this JVM by RegionServer (an embedded cluster runs several in one JVM). */
  private static final Map<ServerName, FastPathServer> RUNNING = new ConcurrentHashMap<>();

  private final List<FastPathWorker> workers = new ArrayList<>();
  private final LongAdder bytes = new LongAdder();
  private ServerName serverName;
  private Sessions sessions;
  private UcpContext context;
  private String unavailable;

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
    return running == null ? OptionalLong.empty() : OptionalLong.of(running.bytes.sum());
  }

  // rawtypes: Coprocessor.start declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void start(CoprocessorEnvironment env) throws IOException {
    RegionServerServices services = LoadedAs.regionServerServices(env, this);
    if (!(services instanceof HRegionServer server)) {
      throw new CoprocessorException(getClass().getSimpleName() + " needs HBase's own HRegionServer, found "
          + services.getClass().getName());
    }
    FastPathServerConfig config;
    try {
      config = FastPathServerConfig.from(env.getConfiguration());
    } catch (IllegalArgumentException e) {
      throw new CoprocessorException("fast path: " + e.getMessage());
    }
    serverName = server.getServerName();
    sessions = new Sessions(config.sessionLifetime(), config.maxSessions(), config.maxSessionsPerUser(),
        Clock.systemUTC());
    try {
      context = UcxRuntime.openContext(config.transports());
    } catch (FastPathUnavailableException e) {
      unavailable = e.getMessage();
      LOG.warn("RegionServer {} runs without the fast path; its clients use RPC: {}", serverName, unavailable);
      RUNNING.put(serverName, this);
      return;
    }
    FastPathRequests requests = new FastPathRequests(server.getRSRpcServices(), new PreparedExecutes(server),
        sessions, config.maxReplyBytes());
    Semaphore pollers = new Semaphore(config.pollers());
    for (int i = 0; i < config.workers(); i++) {
      workers.add(new FastPathWorker(context, requests, config, bytes, pollers,
          "FastPath-" + serverName.getPort() + "-" + i));
    }
    workers.forEach(FastPathWorker::start);
    RUNNING.put(serverName, this);
    LOG.info("RegionServer {} serves the fast path with {} workers over UCX ({}), transports {}", serverName,
        workers.size(), UcxRuntime.describe(), config.transports().isEmpty() ? "UCX's choice" : config.transports());
  }

  // rawtypes: Coprocessor.stop declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void stop(CoprocessorEnvironment env) throws IOException {
    RUNNING.remove(serverName, this);
    try {
      for (FastPathWorker worker : workers) {
        worker.stop();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      workers.clear();
      if (context != null) {
        context.close();
      }
    }
  }

  /** @return why the fast path is off on this server, or null when it is on */
  String unavailable() {
    return unavailable;
  }

  Sessions sessions() {
    return sessions;
  }

  List<ByteBuffer> workerAddresses() {
    return workers.stream().map(FastPathWorker::address).toList();
  }
}

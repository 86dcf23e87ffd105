package org.hbaseturbo.server.fastpath;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.zookeeper.ZKWatcher;
import org.apache.hadoop.hbase.zookeeper.ZNodePaths;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a RegionServer can be sure it still holds its regions, for requests that touch neither ZooKeeper nor the
 * master. The master gives a RegionServer's regions to others once its ZooKeeper session expires, which ZooKeeper
 * does no sooner than the session's timeout after it last heard from the server. So a thread asks ZooKeeper, over the
 * RegionServer's own session, whether the server's ephemeral node is still that session's; an answer to a question
 * sent at {@code t} means the session lives until at least {@code t} plus its timeout, and the lease runs to
 * {@code t} plus half the timeout.
 *
 * <p>The clock is the monotonic one, which keeps counting while the process is paused (SIGSTOP, a long collection):
 * a server that wakes from a pause longer than half its session finds its lease lapsed and refuses, where a request
 * would otherwise read from regions another server may have taken and written to since. A server cut off from
 * ZooKeeper but not from its clients lapses the same way.
 */
final class RegionServerLease implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RegionServerLease.class);
  /** The longest between two questions to ZooKeeper: a renewed lease has most of its length ahead. */
  private static final long MAX_PERIOD_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** A question to ZooKeeper, over the RegionServer's session. */
  interface Heartbeat {
    /**
     * @return the session's timeout when its answer says the server's node is still the session's, else a negative
     *     value
     * @throws Exception when ZooKeeper does not answer (a lost connection, an expired session)
     */
    long sessionTimeoutMillis() throws Exception;
  }

  private final Heartbeat heartbeat;
  private final LongSupplier clock;
  private final Thread thread;
  /** When the lease ends, on {@link #clock}; written by the lease's thread alone. */
  private volatile long heldUntilNanos;
  /** When the last question ZooKeeper confirmed was sent, for the refusal's reason. */
  private volatile long lastAnsweredNanos;
  private volatile boolean running = true;
  /** Whether the node not being the session's was logged since ZooKeeper last confirmed it: once, not every 100 ms. */
  private boolean toldNotOwned;

  RegionServerLease(Heartbeat heartbeat, LongSupplier clock, String name) {
    this.heartbeat = heartbeat;
    this.clock = clock;
    long now = clock.getAsLong();
    // Not held until ZooKeeper has answered once.
    this.heldUntilNanos = now;
    this.lastAnsweredNanos = now;
    this.thread = new Thread(this::renew, name);
    thread.setDaemon(true);
  }

  /** The lease of a RegionServer: its ZooKeeper session, and the ephemeral node it registered under. */
  static RegionServerLease of(ZKWatcher zooKeeper, ServerName server) {
    String node = ZNodePaths.joinZNode(zooKeeper.getZNodePaths().rsZNode, server.toString());
    Heartbeat heartbeat = () -> {
      ZooKeeper session = zooKeeper.getRecoverableZooKeeper().getZooKeeper();
      Stat stat = session == null ? null : session.exists(node, false);
      return stat != null && stat.getEphemeralOwner() == session.getSessionId() ? session.getSessionTimeout() : -1;
    };
    return new RegionServerLease(heartbeat, System::nanoTime, "FastPath-lease-" + server.getPort());
  }

  /**
   * A lease that never lapses: a fault planted by tests ({@link FastPathServerConfig#NO_LEASE_KEY}), to show that the
   * stale-read checks fail without the lease. ZooKeeper's answer is a session of a year, whatever the server's.
   */
  static RegionServerLease plantedOut(ServerName server) {
    long year = TimeUnit.DAYS.toMillis(365);
    return new RegionServerLease(() -> year, System::nanoTime, "FastPath-lease-" + server.getPort());
  }

  void start() {
    thread.start();
  }

  /** Whether the server can be sure, now, that it still holds its regions. */
  boolean held() {
    return clock.getAsLong() - heldUntilNanos < 0;
  }

  /** Why a request was refused, for its client's log. */
  String lapsed() {
    return "this RegionServer cannot be sure it still holds its regions: ZooKeeper last confirmed its session "
        + TimeUnit.NANOSECONDS.toMillis(clock.getAsLong() - lastAnsweredNanos) + " ms ago";
  }

  /** Asks once: extends the lease when ZooKeeper confirms the session. @return how long to wait before asking again */
  long renewOnce() {
    long asked = clock.getAsLong();
    try {
      long timeoutMillis = heartbeat.sessionTimeoutMillis();
      if (timeoutMillis > 0) {
        long half = TimeUnit.MILLISECONDS.toNanos(timeoutMillis) / 2;
        heldUntilNanos = asked + half;
        lastAnsweredNanos = asked;
        toldNotOwned = false;
        return Math.min(MAX_PERIOD_NANOS, half / 4);
      }
      if (!toldNotOwned) {
        LOG.warn("{}: the RegionServer's ZooKeeper node is not its session's; the fast path refuses until it is",
            thread.getName());
        toldNotOwned = true;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      LOG.debug("{}: ZooKeeper did not confirm the session: {}", thread.getName(), e.toString());
    }
    return TimeUnit.MILLISECONDS.toNanos(100);
  }

  private void renew() {
    while (running && !Thread.currentThread().isInterrupted()) {
      long wait = renewOnce();
      try {
        TimeUnit.NANOSECONDS.sleep(wait);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
  }
}

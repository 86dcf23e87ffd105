package org.hbaseturbo.server.fastpath;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.wire.Settings;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.ChannelSettings.Transports;
import org.hbaseturbo.wire.fastpath.FastPathFrames;

/**
 * A RegionServer's fast-path settings, from its {@code hbase-site.xml}.
 *
 * @param workers UCX workers, each with one thread that receives, executes and replies (HBase's handlers, for
 *     the fast path); a slow request (a Put waiting on a WAL sync) holds up only its own worker's queue. Twice the
 *     cores by default: a worker waiting for the WAL leaves its core to another, so writes need more workers than
 *     cores, while Gets, which never wait, gain nothing from more threads than cores to run them
 * @param maxRequestBytes larger requests are refused as malformed (the client sends larger ones over RPC)
 * @param maxReplyBytes larger replies are not sent; the client repeats the operation over RPC
 * @param spin how long an idle worker keeps polling before it parks until the next message; parking costs a
 *     wake-up (tens of microseconds on a VM) for the next request, polling costs CPU while idle
 * @param pollers how many of the workers may poll at once; the others park as soon as they are idle. A polling
 *     thread holds a core: more of them than the cores spare takes CPU from the handlers doing the work
 * @param sessionLifetime how long a session token is accepted after it was issued
 * @param maxSessions sessions the RegionServer keeps for all users together
 * @param maxSessionsPerUser sessions one user may keep (a client opens one per connection and RegionServer)
 * @param transports what UCX may use ({@link ChannelSettings#transports})
 * @param users who may open sessions ({@link FastPathUsers})
 * @param leasePlantedOut a fault planted for tests ({@link #NO_LEASE_KEY}): the fast path serves without its ZooKeeper
 *     lease ({@link RegionServerLease}), so that a server resumed after a pause past its session serves stale reads,
 *     which the stale-read checks must then find. Never set outside a test
 */
record FastPathServerConfig(int workers, long maxRequestBytes, long maxReplyBytes,
    Duration spin, int pollers, Duration sessionLifetime, long maxSessions, long maxSessionsPerUser,
    Transports transports, FastPathUsers users, boolean leasePlantedOut) {
  static final String PREFIX = "turbo.fastpath.server.";
  static final int MAX_WORKERS = 64;
  static final String WORKERS_KEY = PREFIX + "workers";
  static final String MAX_REQUEST_KEY = PREFIX + "max-request-bytes";
  static final String MAX_REPLY_KEY = PREFIX + "max-reply-bytes";
  static final String SPIN_KEY = PREFIX + "spin";
  static final String POLLERS_KEY = PREFIX + "pollers";
  static final String SESSION_LIFETIME_KEY = PREFIX + "session.lifetime";
  static final String MAX_SESSIONS_KEY = PREFIX + "max-sessions";
  static final String MAX_SESSIONS_PER_USER_KEY = PREFIX + "user.max-sessions";
  static final String NO_LEASE_KEY = PREFIX + "test.planted-no-lease";
  /**
   * What a RegionServer reads only when its fast path starts: its UCX context (what UCX may use) and its workers, each
   * a UCX worker whose address clients hold. update_config re-reads every other key.
   */
  static final List<String> READ_AT_START = List.of(WORKERS_KEY, ChannelSettings.TRANSPORTS_KEY,
      ChannelSettings.NET_DEVICES_KEY, NO_LEASE_KEY);

  /** Twice the cores this JVM may use (its cgroup's, in a container), within 2 and {@value #MAX_WORKERS}. */
  static int defaultWorkers() {
    return Math.min(Math.max(2, 2 * Runtime.getRuntime().availableProcessors()), MAX_WORKERS);
  }

  /** What bounds the sessions. */
  Sessions.Limits sessionLimits() {
    return new Sessions.Limits(sessionLifetime, maxSessions, maxSessionsPerUser);
  }

  /**
   * How {@code next} differs from these settings, which the fast path started with, in what it reads only at start;
   * empty when it does not.
   */
  String readAtStartChanges(FastPathServerConfig next) {
    List<String> changed = new ArrayList<>();
    if (next.workers != workers) {
      changed.add(WORKERS_KEY + " (" + workers + " to " + next.workers + ")");
    }
    if (!next.transports.equals(transports)) {
      changed.add(ChannelSettings.TRANSPORTS_KEY + "/" + ChannelSettings.NET_DEVICES_KEY + " (" + transports.describe()
          + " to " + next.transports.describe() + ")");
    }
    if (next.leasePlantedOut != leasePlantedOut) {
      changed.add(NO_LEASE_KEY + " (" + leasePlantedOut + " to " + next.leasePlantedOut + ")");
    }
    return String.join(", ", changed);
  }

  /** @throws IllegalArgumentException naming the key, the value and what was expected */
  static FastPathServerConfig from(Configuration conf) {
    return new FastPathServerConfig(
        (int) Math.min(Settings.count(conf, WORKERS_KEY, defaultWorkers(), 1), MAX_WORKERS),
        Settings.bytes(conf, MAX_REQUEST_KEY, 4L << 20, FastPathFrames.MAX_MESSAGE_BYTES),
        Settings.bytes(conf, MAX_REPLY_KEY, 4L << 20, FastPathFrames.MAX_MESSAGE_BYTES),
        Settings.duration(conf, SPIN_KEY, Duration.ofNanos(50_000), TimeUnit.MICROSECONDS, Duration.ofNanos(1_000)),
        (int) Math.min(Settings.count(conf, POLLERS_KEY, ChannelSettings.defaultPollers(), 1), 64),
        Settings.duration(conf, SESSION_LIFETIME_KEY, Duration.ofHours(1), TimeUnit.MILLISECONDS,
            Duration.ofMillis(1)),
        Settings.count(conf, MAX_SESSIONS_KEY, 10_000, 1),
        Settings.count(conf, MAX_SESSIONS_PER_USER_KEY, 256, 1),
        ChannelSettings.transports(conf),
        FastPathUsers.from(conf),
        conf.getBoolean(NO_LEASE_KEY, false));
  }
}

package org.hbaseturbo.server.scan;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ipc.RpcCall;
import org.apache.hadoop.hbase.ipc.RpcServer;
import org.hbaseturbo.wire.Settings;

/**
 * How long one execute reads before it replies with the rows it has and its cursor, as HBase bounds one call of a
 * native scanner ({@code RSRpcServices.getTimeLimit}, the heartbeat): a filter that rejects most rows then holds an
 * RPC handler, or one of the fast path's few workers, for this long at most instead of for a whole region.
 *
 * <p>An execute over RPC replies within half the time its caller has left, as a native scanner call does, and
 * within {@code max} whichever route it came by; the fast path's requests carry no deadline, so {@code max} alone
 * bounds them. Never less than {@code minimum}, so that an execute always reads something.
 *
 * @param max the longest an execute reads
 * @param minimum the shortest, HBase's for scanner calls
 */
record ExecuteTimeLimit(Duration max, Duration minimum) {
  static final String MAX_KEY = "turbo.prepared-scan.execute.max-time";
  /** HBase's key for the shortest time limit of a scanner call (RSRpcServices keeps its name private). */
  static final String MINIMUM_KEY = "hbase.region.server.rpc.minimum.scan.time.limit.delta";
  /**
   * 100 ms: a Get queued behind a slow execute on one of the fast path's two workers waits no longer than this
   * (a Get itself takes microseconds), and a filtered scan pays one more round trip per 100 ms of reading (tens of
   * microseconds over the fast path, about 100 over RPC: under 0.1%). An execute of ordinary rows replies within
   * milliseconds and never reaches it. HBase's own bound for a native scanner call is half the client's timeout,
   * 30 s by default.
   */
  static final Duration DEFAULT_MAX = Duration.ofMillis(100);
  /** HBase's default for {@link #MINIMUM_KEY}. */
  static final Duration DEFAULT_MINIMUM = Duration.ofMillis(10);

  static ExecuteTimeLimit from(Configuration conf) {
    return new ExecuteTimeLimit(Settings.duration(conf, MAX_KEY, DEFAULT_MAX, TimeUnit.MILLISECONDS,
        Duration.ofMillis(1)),
        Duration.ofMillis(conf.getLong(MINIMUM_KEY, DEFAULT_MINIMUM.toMillis())));
  }

  /**
   * When an execute starting now stops reading, in the milliseconds of HBase's {@code EnvironmentEdgeManager}, the
   * clock its {@code ScannerContext} and RPC deadlines read.
   */
  long deadline(long nowMillis) {
    long millis = max.toMillis();
    Optional<RpcCall> call = RpcServer.getCurrentCall();
    // A call without a timeout has the deadline Long.MAX_VALUE.
    if (call.isPresent() && call.get().getDeadline() != Long.MAX_VALUE) {
      millis = Math.min(millis, (call.get().getDeadline() - nowMillis) / 2);
    }
    return nowMillis + Math.max(millis, minimum.toMillis());
  }
}

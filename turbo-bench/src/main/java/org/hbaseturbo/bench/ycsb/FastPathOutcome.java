package org.hbaseturbo.bench.ycsb;

import java.util.Optional;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.fastpath.FastPathCounters;
import org.hbaseturbo.client.fastpath.ReplyWaits;

/**
 * How a phase's fast-path attempts ended, from its connection's counters: a fast-path result means what it says
 * only when the fast path served the operations, which this records beside the figures.
 *
 * @param served operations the fast path served
 * @param overRpc fast-path attempts that ended over RPC (refused, busy, unreachable, timed out)
 * @param waits how the callers waited for their replies
 */
public record FastPathOutcome(long served, long overRpc, ReplyWaits.Snapshot waits) {
  /** The outcome of the last fast-path connection this JVM closed; a phase's measured run closes last. */
  private static FastPathOutcome last;
  /** The open connection's counters when its measured run began: what its warm-up did, left out of its outcome. */
  private static FastPathOutcome before;

  private static FastPathOutcome of(FastPathCounters counters) {
    return new FastPathOutcome(counters.served(), counters.fellBack(), counters.waits());
  }

  /** The measured run begins on {@code open}, the connection its warm-up used, if any. */
  static synchronized void measureFrom(Optional<Connection> open) {
    before = open.filter(FastPathConnection.class::isInstance)
        .map(connection -> of(((FastPathConnection) connection).counters())).orElse(null);
  }

  static synchronized void closed(FastPathCounters counters) {
    last = before == null ? of(counters) : of(counters).minus(before);
    before = null;
    System.err.printf("  fast path: %,d operations served, %,d over RPC instead%n", last.served, last.overRpc);
  }

  /** @return null when no fast-path connection was closed in this JVM */
  static synchronized FastPathOutcome last() {
    return last;
  }

  public FastPathOutcome plus(FastPathOutcome other) {
    return new FastPathOutcome(served + other.served, overRpc + other.overRpc, waits.plus(other.waits));
  }

  FastPathOutcome minus(FastPathOutcome earlier) {
    return new FastPathOutcome(served - earlier.served, overRpc - earlier.overRpc, waits.minus(earlier.waits));
  }
}

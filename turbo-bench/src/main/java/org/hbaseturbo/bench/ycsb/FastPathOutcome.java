package org.hbaseturbo.bench.ycsb;

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

  static synchronized void closed(FastPathCounters counters) {
    last = new FastPathOutcome(counters.served(), counters.fellBack(), counters.waits());
    System.err.printf("  fast path: %,d operations served, %,d over RPC instead%n", last.served, last.overRpc);
  }

  /** @return null when no fast-path connection was closed in this JVM */
  static synchronized FastPathOutcome last() {
    return last;
  }

  public FastPathOutcome plus(FastPathOutcome other) {
    return new FastPathOutcome(served + other.served, overRpc + other.overRpc, waits.plus(other.waits));
  }
}

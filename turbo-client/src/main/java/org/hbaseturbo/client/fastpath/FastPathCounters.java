package org.hbaseturbo.client.fastpath;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.hbaseturbo.wire.fastpath.FastPathStatus;

/**
 * How a connection's fast-path attempts ended: served, or handed to RPC and why; and how its callers waited for
 * their replies ({@link ReplyWaits}). Operations the network selector sent straight to RPC are not counted.
 */
public final class FastPathCounters {
  private final Map<FastPathStatus, LongAdder> byStatus = new EnumMap<>(FastPathStatus.class);
  private final LongAdder unavailable = new LongAdder();
  private final ReplyWaits replyWaits = new ReplyWaits();

  FastPathCounters() {
    for (FastPathStatus status : FastPathStatus.values()) {
      byStatus.put(status, new LongAdder());
    }
  }

  /**
   * Counts how one attempt ended: by the RegionServer's status, or as unavailable without one (no session,
   * endpoint failed, timeout).
   *
   * @return whether the fast path served it
   */
  boolean record(FastPathCall call) {
    return record(call, 1);
  }

  /**
   * Counts how one attempt at {@code operations} operations at once (a batch's share of one server) ended, each as
   * the attempt did.
   */
  boolean record(FastPathCall call, int operations) {
    FastPathStatus status = call.status();
    (status == null ? unavailable : byStatus.get(status)).add(operations);
    return call.served();
  }

  /**
   * Counts operations of a served batch that HBase's request path failed on the RegionServer, one by one: they are
   * repeated over RPC, as the server asks of a single operation it failed.
   */
  void failedInBatch(int operations) {
    byStatus.get(FastPathStatus.REPLAY_OVER_RPC).add(operations);
  }

  /** Operations the fast path served. */
  public long served() {
    return byStatus.get(FastPathStatus.OK).sum();
  }

  /** Operations a RegionServer answered with {@code status} (then repeated over RPC, unless OK). */
  public long answered(FastPathStatus status) {
    return byStatus.get(status).sum();
  }

  /** Operations the channel could not send or got no reply for, then done over RPC. */
  public long unavailable() {
    return unavailable.sum();
  }

  /** The connection's waits, which its channel counts. */
  ReplyWaits replyWaits() {
    return replyWaits;
  }

  /** How the connection's callers have waited for their replies so far. */
  public ReplyWaits.Snapshot waits() {
    return replyWaits.snapshot();
  }

  /** Every attempt that ended over RPC. */
  public long fellBack() {
    return unavailable() + byStatus.entrySet().stream().filter(e -> e.getKey() != FastPathStatus.OK)
        .mapToLong(e -> e.getValue().sum()).sum();
  }
}

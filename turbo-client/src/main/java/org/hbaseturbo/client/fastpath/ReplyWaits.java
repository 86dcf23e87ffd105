package org.hbaseturbo.client.fastpath;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * How a connection's callers wait for their fast-path replies: how many wait now (a caller polls only while few
 * do), and what the waits cost, counted so that a benchmark can tell polling from parking and see the wake-ups.
 */
public final class ReplyWaits {
  /** Callers waiting for a reply now, and threads of the connection's pipelined workers with requests in flight. */
  final AtomicInteger waiting = new AtomicInteger();
  private final LongAdder replies = new LongAdder();
  private final LongAdder caughtPolling = new LongAdder();
  private final LongAdder parks = new LongAdder();
  private final LongAdder idleWakeUps = new LongAdder();
  private final LongAdder sleeps = new LongAdder();
  private final LongAdder alarms = new LongAdder();
  private final LongAdder timedReplies = new LongAdder();
  private final LongAdder replyToCallerNanos = new LongAdder();
  private final LongAdder timedPolled = new LongAdder();
  private final LongAdder replyToPollerNanos = new LongAdder();

  /** A reply taken by its waiter: whether the waiter polled all along, never parked. */
  void replied(boolean whilePolling) {
    replies.increment();
    if (whilePolling) {
      caughtPolling.increment();
    }
  }

  /** A waiter parked in UCX's wait for events; {@code idle} when it woke to no new event of its own. */
  void parked() {
    parks.increment();
  }

  void wokeIdle() {
    idleWakeUps.increment();
  }

  /** A waiter slept after wake-ups that found nothing ({@link IdleWakeBackoff}). */
  void sleptAfterEmptyWakeUps() {
    sleeps.increment();
  }

  /** A waiter set an alarm to wake it at its deadline ({@link DeadlineAlarm}). */
  void alarmSet() {
    alarms.increment();
  }

  /**
   * The time from the server's sending a reply to its waiter running again with it, where both read one clock (the
   * server is on this host): the transport, the wake-up and the scheduler's delay together.
   */
  void replyToCaller(long nanos, boolean whilePolling) {
    timedReplies.increment();
    replyToCallerNanos.add(nanos);
    if (whilePolling) {
      timedPolled.increment();
      replyToPollerNanos.add(nanos);
    }
  }

  /** What the counters say now. */
  public Snapshot snapshot() {
    return new Snapshot(replies.sum(), caughtPolling.sum(), parks.sum(), idleWakeUps.sum(), sleeps.sum(),
        alarms.sum(), timedReplies.sum(), replyToCallerNanos.sum(), timedPolled.sum(), replyToPollerNanos.sum());
  }

  /**
   * @param replies replies their waiters took
   * @param caughtPolling of them, replies that came while their waiter polled (it never parked)
   * @param parks times a waiter parked in UCX's wait for events
   * @param idleWakeUps times a parked waiter woke and found nothing new (another thread's event, or its alarm)
   * @param sleeps times a waiter slept after wake-ups in a row that found nothing ({@link IdleWakeBackoff})
   * @param alarms alarms waiters set to wake them at their deadlines ({@link DeadlineAlarm})
   * @param timedReplies replies whose way from the server to their waiter was timed (both ends read one clock)
   * @param replyToCallerNanos their time from the server's sending to the waiter's running, summed
   * @param timedPolled of the timed replies, those caught while their waiter polled
   * @param replyToPollerNanos their time from the server's sending to the waiter's running, summed
   */
  public record Snapshot(long replies, long caughtPolling, long parks, long idleWakeUps, long sleeps, long alarms,
      long timedReplies, long replyToCallerNanos, long timedPolled, long replyToPollerNanos) {
    public Snapshot plus(Snapshot other) {
      return new Snapshot(replies + other.replies, caughtPolling + other.caughtPolling, parks + other.parks,
          idleWakeUps + other.idleWakeUps, sleeps + other.sleeps, alarms + other.alarms,
          timedReplies + other.timedReplies, replyToCallerNanos + other.replyToCallerNanos,
          timedPolled + other.timedPolled, replyToPollerNanos + other.replyToPollerNanos);
    }

    /** What the counters added since {@code earlier}, a snapshot of the same waits. */
    public Snapshot minus(Snapshot earlier) {
      return new Snapshot(replies - earlier.replies, caughtPolling - earlier.caughtPolling, parks - earlier.parks,
          idleWakeUps - earlier.idleWakeUps, sleeps - earlier.sleeps, alarms - earlier.alarms,
          timedReplies - earlier.timedReplies, replyToCallerNanos - earlier.replyToCallerNanos,
          timedPolled - earlier.timedPolled, replyToPollerNanos - earlier.replyToPollerNanos);
    }

    /** Mean microseconds from the server's sending a reply to its waiter running, where the waiter parked. */
    public double replyToParkedUs() {
      long parked = timedReplies - timedPolled;
      return parked == 0 ? Double.NaN : (replyToCallerNanos - replyToPollerNanos) / 1_000.0 / parked;
    }

    /** As {@link #replyToParkedUs}, where the waiter polled all along. */
    public double replyToPollerUs() {
      return timedPolled == 0 ? Double.NaN : replyToPollerNanos / 1_000.0 / timedPolled;
    }

    /** Mean microseconds from the server's sending a reply to its waiter running with it; NaN when none was timed. */
    public double replyToCallerUs() {
      return timedReplies == 0 ? Double.NaN : replyToCallerNanos / 1_000.0 / timedReplies;
    }
  }
}

package org.hbaseturbo.client.fastpath;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Wakes a waiter parked in UCX's wait for events no later than its deadline, for waits that nearly always end by a
 * reply long before it. One waiter arms it at a time; the connection's timer fires it.
 *
 * <p>A timer task per wait, cancelled at the reply, cost every operation the timer's lock twice, which all of a
 * connection's callers share, and left each cancelled task on the timer's queue until its time: at 64 clients,
 * some 40,000 tasks at once for the 5 s timeout, whose queue the timer thread re-sorted. Here an alarm once set
 * serves every later wait whose deadline is no earlier, as a waiter's next deadline nearly always is: it fires
 * early for them, and the waiter, woken to nothing, arms it again for its own. So a waiter sets about one alarm per
 * timeout, not one per operation.
 */
final class DeadlineAlarm {
  private final ScheduledExecutorService timer;
  private final Runnable wake;
  private final ReplyWaits waits;
  /** When the alarm set last fires ({@link System#nanoTime}); meaningful while {@link #set}. */
  private volatile long firesAtNanos;
  /**
   * Whether an alarm firing at {@link #firesAtNanos} is on the timer. An alarm that fires as another is set may
   * clear it early, which costs an alarm more; it is never set without an alarm on the timer.
   */
  private volatile boolean set;

  /**
   * @param wake ends the waiter's wait; runs on the timer's thread
   * @param waits counts the alarms set
   */
  DeadlineAlarm(ScheduledExecutorService timer, Runnable wake, ReplyWaits waits) {
    this.timer = timer;
    this.wake = wake;
    this.waits = waits;
  }

  /** Makes sure the waiter is woken by {@code deadlineNanos}, before it parks. */
  void armBy(long deadlineNanos, long nowNanos) {
    if (set && firesAtNanos - deadlineNanos <= 0) {
      return;
    }
    firesAtNanos = deadlineNanos;
    set = true;
    waits.alarmSet();
    timer.schedule(() -> fire(deadlineNanos), deadlineNanos - nowNanos, TimeUnit.NANOSECONDS);
  }

  private void fire(long atNanos) {
    if (firesAtNanos == atNanos) {
      set = false;
    }
    wake.run();
  }
}

package org.hbaseturbo.client.fastpath;

import java.util.concurrent.locks.LockSupport;

/**
 * Keeps a waiter from spinning when UCX's wait for events returns at once with nothing for it.
 *
 * <p>Over shared memory the wait returns once without sleeping after a peer's wake-up signal whose message a
 * progress already took: the wait drains the signal, and the next one sleeps. That costs one system call. But with
 * batches of Puts at 64 clients, {@code bench fastpath} counted 19,535 wake-ups to nothing per reply: the waiters
 * spun on the cores the RegionServers needed to answer them (issue 47). One reason, read in UCX's source: its
 * shared-memory transport will not sleep while a send waits for room in the peer's queue (its {@code event_fd_arm}
 * returns busy), and the peer does not signal when it makes room. So the first empty wake-up in a
 * row goes straight back to the wait, and from the second on the waiter sleeps before it waits again,
 * {@value #FIRST_SLEEP_NANOS} ns doubling to {@value #MAX_SLEEP_NANOS} ns: a reply that comes meanwhile waits at most
 * one sleep, short beside the time the reply already took. A wake-up to a piece of a reply larger than the transport's
 * segment is not one to nothing ({@link ClientWorker#tookPartOfReply}): the next piece would wait out the sleep.
 */
final class IdleWakeBackoff {
  static final long FIRST_SLEEP_NANOS = 10_000;
  static final long MAX_SLEEP_NANOS = 1_000_000;

  private IdleWakeBackoff() {
  }

  /**
   * How long to sleep after a wake-up that found nothing, before waiting again; 0 for not at all.
   *
   * @param emptyInARow empty wake-ups since the waiter's last event, this one included
   */
  static long sleepNanos(int emptyInARow) {
    if (emptyInARow < 2) {
      return 0;
    }
    int doublings = Math.min(emptyInARow - 2, Long.numberOfLeadingZeros(FIRST_SLEEP_NANOS) - 1);
    return Math.min(FIRST_SLEEP_NANOS << doublings, MAX_SLEEP_NANOS);
  }

  /**
   * Sleeps as {@link #sleepNanos} says, but not past {@code deadlineNanos}; {@link LockSupport#unpark} ends it early.
   * The waiter then waits for events again: UCX sleeps as soon as its sends are out.
   */
  static void sleep(int emptyInARow, long now, long deadlineNanos, ReplyWaits waits) {
    long sleep = Math.min(sleepNanos(emptyInARow), deadlineNanos - now);
    if (sleep > 0) {
      waits.sleptAfterEmptyWakeUps();
      LockSupport.parkNanos(sleep);
    }
  }
}

package org.hbaseturbo.client.fastpath;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Makes a client worker's wait for events return at once with nothing for its waiter, over and over, as UCX did for
 * batches of Puts at 64 clients in {@code bench fastpath}: a thread signals the worker without pause.
 */
final class EmptyWakeUps {
  /**
   * More wake-ups to nothing than a waiter that sleeps between them takes in the half second the tests signal for
   * (about one a millisecond at the longest sleep); one that spins takes hundreds of thousands.
   */
  static final long AT_MOST = 2_000;

  private EmptyWakeUps() {
  }

  /** Signals {@code worker} for {@code length} and returns what {@code waits} counted meanwhile. */
  static ReplyWaits.Snapshot during(Duration length, ClientWorker worker, ReplyWaits waits)
      throws InterruptedException {
    AtomicBoolean signalling = new AtomicBoolean(true);
    Thread signaller = new Thread(() -> {
      while (signalling.get()) {
        worker.signal();
        Thread.onSpinWait();
      }
    }, "empty-wake-ups");
    ReplyWaits.Snapshot before = waits.snapshot();
    signaller.start();
    Thread.sleep(length.toMillis());
    signalling.set(false);
    signaller.join();
    ReplyWaits.Snapshot after = waits.snapshot();
    return new ReplyWaits.Snapshot(after.replies() - before.replies(), 0, after.parks() - before.parks(),
        after.idleWakeUps() - before.idleWakeUps(), after.sleeps() - before.sleeps(), after.alarms() - before.alarms(),
        0, 0, 0, 0);
  }
}

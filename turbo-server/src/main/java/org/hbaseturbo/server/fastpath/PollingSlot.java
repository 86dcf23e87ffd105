package org.hbaseturbo.server.fastpath;

import java.util.concurrent.Semaphore;

/**
 * A worker thread's claim on the polling slots the server's workers share. An idle worker polls UCX for a short
 * while, because a request it polls for is taken microseconds sooner than one that has to wake it up; but a
 * polling thread holds a core, and more of them than the cores spare take CPU from the threads that have work. So
 * a worker polls only while it holds a slot, and parks at once when none is free.
 */
final class PollingSlot {
  private final Semaphore slots;
  private boolean held;

  /** @param slots the slots of this end, shared by all its threads */
  PollingSlot(Semaphore slots) {
    this.slots = slots;
  }

  /**
   * Whether the thread may go on polling: while {@code withinSpin} it keeps its slot, or takes one if one is free;
   * otherwise it gives its slot back.
   */
  boolean poll(boolean withinSpin) {
    if (withinSpin && (held || slots.tryAcquire())) {
      held = true;
    } else {
      release();
    }
    return held;
  }

  /** Gives the slot back, if this thread holds one. */
  void release() {
    if (held) {
      slots.release();
      held = false;
    }
  }
}

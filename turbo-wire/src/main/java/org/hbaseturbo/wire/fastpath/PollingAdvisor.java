package org.hbaseturbo.wire.fastpath;

/**
 * Whether a thread waiting for its next message should poll UCX before it parks. Polling answers a message
 * microseconds sooner than a wake-up, but only when the message comes within the spin: a thread that polls for
 * {@code spin} and then parks anyway has spent that CPU for nothing, and on a loaded host has taken it from the
 * threads with work. So the thread keeps a moving average of how long its recent waits lasted (parked waits
 * counted with their wake-up) and polls only while that average is shorter than the spin.
 *
 * <p>Used by one thread at a time.
 */
public final class PollingAdvisor {
  /** Each wait moves the average by an eighth of its distance: a few waits change the advice. */
  private static final int WEIGHT_SHIFT = 3;

  private final long spinNanos;
  private long averageNanos;

  /** @param spinNanos how long the thread polls when it polls; 0: never */
  public PollingAdvisor(long spinNanos) {
    this.spinNanos = spinNanos;
  }

  /** How long to poll for the next message before parking: the spin, or 0 while recent waits were longer. */
  public long pollNanos() {
    return averageNanos < spinNanos ? spinNanos : 0;
  }

  /** Records how long a wait lasted, from its start to its message. */
  public void waited(long nanos) {
    averageNanos += (Math.max(0, nanos) - averageNanos) >> WEIGHT_SHIFT;
  }
}

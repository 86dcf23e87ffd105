package org.hbaseturbo.transport;

/**
 * Whether a thread waiting for its next message should poll UCX before it parks. Polling takes a message
 * microseconds sooner than a wake-up, but only when the message comes within the spin: a thread that polls for
 * {@code spin} and then parks anyway has spent that CPU for nothing, and on a loaded host has taken it from the
 * threads with work. So the thread keeps a moving average of how often its recent polls caught their message,
 * and polls while most did.
 *
 * <p>Only polls teach it: a wait spent parked says nothing of when the message came, since the wake-up is in it.
 * While polling does not pay, every {@value #PROBE_EVERY}th wait polls anyway, to notice when it would again.
 *
 * <p>Used by one thread at a time.
 */
public final class PollingAdvisor {
  /** Each poll moves the average an eighth of the way to its outcome: a few polls change the advice. */
  private static final double WEIGHT = 1.0 / 8;
  static final int PROBE_EVERY = 16;

  private final long spinNanos;
  private double caught = 1;
  private int sinceProbe;

  /** @param spinNanos how long the thread polls when it polls; 0: never */
  public PollingAdvisor(long spinNanos) {
    this.spinNanos = spinNanos;
  }

  /** How long to poll for the next message before parking: the spin, or 0 while recent polls did not pay. */
  public long pollNanos() {
    if (caught >= 0.5 || ++sinceProbe >= PROBE_EVERY) {
      sinceProbe = 0;
      return spinNanos;
    }
    return 0;
  }

  /**
   * Records how a wait ended, where it teaches anything: it polled and caught its message, or polled until the spin
   * was over and then parked. A wait that parked for another reason (other waiters held the polls) says nothing of
   * when its message came.
   *
   * @param polled whether the wait polled
   * @param parked whether it parked before its message came
   * @param pollOver whether its poll had run the whole spin when it parked
   */
  public void waitEnded(boolean polled, boolean parked, boolean pollOver) {
    if (polled && (!parked || pollOver)) {
      polled(!parked);
    }
  }

  /** Records how a poll ended: whether the message came while the thread polled. */
  public void polled(boolean caughtMessage) {
    caught += ((caughtMessage ? 1 : 0) - caught) * WEIGHT;
  }
}

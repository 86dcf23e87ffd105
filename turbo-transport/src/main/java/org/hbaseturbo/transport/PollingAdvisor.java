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
  /**
   * How long a thread that UCX woke polls before it parks again when its wake-up found nothing yet. Over shared
   * memory (UCX 1.13.1's posix transport) nearly every wake-up of a parked worker comes before its message can be
   * taken: a client and an echo worker that both parked made 0.92 wake-ups per round trip that found nothing, each
   * followed by a second sleep, and a round trip took 99 us; polling 20 us after each wake-up took it to 14 us, with
   * 0.04 such wake-ups (5 us: 31 us, 0.32). Over TCP wake-ups came with their message. A wake-up says a message is on
   * its way, so this poll is not held to the polling slots that limit the spin.
   */
  public static final long WAKE_POLL_NANOS = 20_000;
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

  /** Records how a poll ended: whether the message came while the thread polled. */
  public void polled(boolean caughtMessage) {
    caught += ((caughtMessage ? 1 : 0) - caught) * WEIGHT;
  }
}

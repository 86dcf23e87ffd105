package org.hbaseturbo.client.fastpath;

/**
 * Where a RegionServer's monotonic clock ({@code System.nanoTime}) stands against this client's, so that a request
 * can carry its caller's deadline on the server's clock, and the server drop it, or stop its waits, once the caller
 * has given up.
 *
 * <p><b>One host:</b> both ends read the same clock (Linux's {@code CLOCK_MONOTONIC}), when they run under the same
 * boot and the measurement at session open agrees; the deadline then travels unchanged, and nothing is assumed.
 *
 * <p><b>Two hosts:</b> each reading of the server's clock (at session open, then on every reply, which carries it)
 * was taken before this client's reading after it, so the server's clock minus this client's is at least
 * {@code serverNanos - receivedNanos}. The deadline sent is placed with the latest such lower bound, minus an
 * allowance for the clocks' rates since it was taken: {@value #DRIFT_PPM} parts per million. That is the assumption:
 * the two hosts' monotonic clocks, which time daemons slew, run apart by no more than that. ntpd and the kernel's own
 * discipline slew by at most 500 ppm; chrony, while it corrects a large offset, by up to its {@code maxslewrate}
 * (83,333 ppm by default), so hosts that use the fast path across a network set {@code maxslewrate 500}. A client
 * that talks to a server often has a fresh reading, and an allowance of microseconds.
 */
final class ServerClock {
  static final long DRIFT_PPM = 500;
  private static final long NANOS_PER_DRIFT_NANO = 1_000_000 / DRIFT_PPM;

  /** A lower bound of the server's clock minus this client's, and when (on this client's clock) it was taken. */
  private record Reading(long offsetNanos, long atNanos) {
  }

  private final boolean sameClock;
  private volatile Reading latest;

  private ServerClock(boolean sameClock, Reading first) {
    this.sameClock = sameClock;
    this.latest = first;
  }

  /**
   * The server's clock as read once during a call from this client.
   *
   * @param sentNanos this client's clock before the call
   * @param serverNanos the server's clock during the call
   * @param answeredNanos this client's clock after the call
   * @param sameBoot whether the server runs on this host, under the same boot
   */
  static ServerClock measured(long sentNanos, long serverNanos, long answeredNanos, boolean sameBoot) {
    // On one host the server read the same clock between the client's two readings; anything else (another time
    // namespace, say) is another clock.
    boolean sameClock = sameBoot && serverNanos - sentNanos >= 0 && answeredNanos - serverNanos >= 0;
    return new ServerClock(sameClock, new Reading(serverNanos - answeredNanos, sentNanos));
  }

  /** A reading of the server's clock that a reply carried, taken before the reply arrived at {@code receivedNanos}. */
  void heard(long serverNanos, long receivedNanos) {
    if (!sameClock && receivedNanos - latest.atNanos() > 0) {
      latest = new Reading(serverNanos - receivedNanos, receivedNanos);
    }
  }

  /** Whether the server reads this client's clock: it runs on this host, under the same boot. */
  boolean sameClock() {
    return sameClock;
  }

  /** A deadline on this client's clock, placed on the server's no later than it falls. */
  long onServer(long clientDeadlineNanos) {
    if (sameClock) {
      return clientDeadlineNanos;
    }
    Reading reading = latest;
    long age = Math.max(0, clientDeadlineNanos - reading.atNanos());
    long drift = (age + NANOS_PER_DRIFT_NANO - 1) / NANOS_PER_DRIFT_NANO;
    return clientDeadlineNanos + reading.offsetNanos() - drift;
  }
}

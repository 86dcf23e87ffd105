package org.hbaseturbo.client.fastpath;

/**
 * Where a RegionServer's monotonic clock ({@code System.nanoTime}) stands against this client's, so that a request
 * can carry its caller's deadline on the server's clock, and the server drop it once the caller has given up.
 *
 * <p>Learnt when the session is opened: the server read its clock at some instant between the client's reading
 * before the call ({@code sentNanos}) and after it ({@code answeredNanos}). So the server's clock minus the
 * client's lies between {@code serverNanos - answeredNanos} and {@code serverNanos - sentNanos}. The deadline sent is
 * placed with the lower bound, minus a drift allowance that grows with the session's age: the server's deadline
 * then never falls after the client's, and the server never starts a request its caller has given up on. On one
 * host both clocks are the same (Linux's {@code CLOCK_MONOTONIC}), and the deadline is early by the open call's
 * round trip, a few milliseconds.
 *
 * @param offsetNanos the lower bound of the server's clock minus this client's
 * @param openedNanos when the session was opened, on this client's clock
 */
record ServerClock(long offsetNanos, long openedNanos) {
  /**
   * How fast two hosts' clocks may drift apart: 100 parts per million, beyond what NTP-disciplined clocks do (tens
   * of ppm at worst), so 360 ms over an hour's session.
   */
  static final long DRIFT_DIVISOR = 10_000;

  static ServerClock measured(long sentNanos, long serverNanos, long answeredNanos) {
    return new ServerClock(serverNanos - answeredNanos, sentNanos);
  }

  /** A deadline on this client's clock, placed on the server's no later than it falls. */
  long onServer(long clientDeadlineNanos) {
    long drift = Math.max(0, clientDeadlineNanos - openedNanos) / DRIFT_DIVISOR;
    return clientDeadlineNanos + offsetNanos - drift;
  }
}

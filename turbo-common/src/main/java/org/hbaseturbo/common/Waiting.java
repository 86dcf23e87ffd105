package org.hbaseturbo.common;

import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/** Waiting for a condition, polled, within a bound: for what has no event to wait on. */
public final class Waiting {
  /** Between two polls: short next to what is awaited (a thread ending, a server answering), cheap on two cores. */
  private static final Duration POLL = Duration.ofMillis(10);

  private Waiting() {
  }

  /**
   * Returns once {@code condition} holds.
   *
   * @param waitingFor what is awaited, for the messages: "the worker to be replaced"
   * @throws TimeoutException naming what was awaited, when it does not hold within {@code timeout}
   */
  public static void until(Duration timeout, String waitingFor, BooleanSupplier condition)
      throws TimeoutException, InterruptedIOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new TimeoutException("gave up after " + timeout.toSeconds() + " s waiting for " + waitingFor);
      }
      Pause.sleep(POLL, "waiting for " + waitingFor);
    }
  }
}

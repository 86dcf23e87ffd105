package org.hbaseturbo.common;

import java.io.IOException;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Waiting for a condition with a bound: the condition is polled until it holds, and a wait that outlasts its bound
 * fails with an error that says what did not happen. A condition that sees the wait cannot succeed any more (the
 * server it waits for died) ends it at once by throwing.
 */
public final class Await {
  /** Between two polls of {@link #until(Duration, String, Condition)}: short next to what tests await, cheap. */
  private static final Duration POLL = Duration.ofMillis(10);

  private Await() {
  }

  /** What is waited for. */
  @FunctionalInterface
  public interface Condition {
    /**
     * @return whether it holds
     * @throws IOException when it never will, which ends the wait
     */
    boolean holds() throws IOException;
  }

  /**
   * Returns once {@code condition} holds, polled every 10 ms.
   *
   * @param waitingFor what the wait is for: "the worker to be replaced"
   * @throws IOException saying what did not happen, once {@code bound} has passed
   */
  public static void until(Duration bound, String waitingFor, Condition condition) throws IOException {
    until(condition, bound, POLL, waitingFor, () -> new IOException("gave up after " + bound.toSeconds()
        + " s waiting for " + waitingFor));
  }

  /**
   * Returns once {@code condition} holds, polling it every {@code poll}.
   *
   * @param waitingFor what the wait is for, for the message of an interrupt: "HBase to start"
   * @param timedOut the error once {@code bound} has passed, which says what is missing
   */
  public static void until(Condition condition, Duration bound, Duration poll, String waitingFor,
      Supplier<? extends IOException> timedOut) throws IOException {
    long deadline = System.nanoTime() + bound.toNanos();
    while (!condition.holds()) {
      if (System.nanoTime() - deadline > 0) {
        throw timedOut.get();
      }
      Pause.sleep(poll, "waiting for " + waitingFor);
    }
  }
}

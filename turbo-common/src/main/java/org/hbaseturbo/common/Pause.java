package org.hbaseturbo.common;

import java.io.InterruptedIOException;
import java.time.Duration;

/**
 * The pause between two polls or retries. An interrupt ends it as an {@link InterruptedIOException}, which the
 * I/O code around it passes on, with the thread's interrupt status kept.
 */
public final class Pause {
  private Pause() {
  }

  /** @param waitingFor what the pause was part of, for the message: "waiting for the cluster" */
  public static void sleep(Duration pause, String waitingFor) throws InterruptedIOException {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      throw interrupted(waitingFor, e);
    }
  }

  /**
   * What I/O code throws for an interrupt it caught, blocking on anything: the thread's interrupt status is set
   * again, for the callers above.
   *
   * @param waitingFor what was interrupted, for the message: "waiting for the cluster"
   */
  public static InterruptedIOException interrupted(String waitingFor, InterruptedException cause) {
    Thread.currentThread().interrupt();
    InterruptedIOException interrupted = new InterruptedIOException("interrupted while " + waitingFor);
    interrupted.initCause(cause);
    return interrupted;
  }
}

package org.hbaseturbo.advisor;

import java.io.InterruptedIOException;
import java.time.Duration;

/** The pause between two polls of the cluster's state; an interrupt ends the wait as an I/O error. */
final class Pause {
  private Pause() {
  }

  static void sleep(Duration pause) throws InterruptedIOException {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      InterruptedIOException interrupted = new InterruptedIOException("interrupted while waiting for the cluster");
      interrupted.initCause(e);
      throw interrupted;
    }
  }
}

package org.hbaseturbo.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InterruptedIOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TestPause {
  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void anInterruptedWaitBecomesAnInterruptedIoExceptionAndTheThreadStaysInterrupted() {
    InterruptedException cause = new InterruptedException();

    InterruptedIOException interrupted = Pause.interrupted("flushing the buffer", cause);

    assertThat(interrupted).hasMessage("interrupted while flushing the buffer").hasCause(cause);
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
  }

  @Test
  void anInterruptEndsAPause() {
    Thread.currentThread().interrupt();

    assertThatThrownBy(() -> Pause.sleep(Duration.ofSeconds(30), "waiting for the cluster"))
        .isInstanceOf(InterruptedIOException.class).hasMessage("interrupted while waiting for the cluster")
        .hasCauseInstanceOf(InterruptedException.class);
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
  }
}

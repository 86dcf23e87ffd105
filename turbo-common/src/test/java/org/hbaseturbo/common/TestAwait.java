package org.hbaseturbo.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TestAwait {
  private static final Duration BOUND = Duration.ofMinutes(1);
  private static final Duration POLL = Duration.ofMillis(1);

  @Test
  void returnsOnceTheConditionHolds() throws IOException {
    AtomicInteger polls = new AtomicInteger();
    Await.until(() -> polls.incrementAndGet() == 3, BOUND, POLL, "the third poll",
        () -> new IOException("not reached"));
    assertThat(polls).hasValue(3);
  }

  @Test
  void aConditionThatThrowsEndsTheWaitAtOnce() {
    AtomicInteger polls = new AtomicInteger();
    assertThatThrownBy(() -> Await.until(() -> {
      polls.incrementAndGet();
      throw new IOException("RegionServer 1 aborted");
    }, BOUND, POLL, "a server", () -> new IOException("timed out"))).hasMessage("RegionServer 1 aborted");
    assertThat(polls).hasValue(1);
  }

  @Test
  void failsWithItsOwnErrorOnceTheBoundPassed() {
    assertThatThrownBy(() -> Await.until(() -> false, Duration.ZERO, POLL, "nothing",
        () -> new IOException("nothing happened within 0 s"))).hasMessage("nothing happened within 0 s");
  }

  @Test
  void anInterruptEndsTheWaitWithTheInterruptKept() {
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(() -> Await.until(() -> false, BOUND, POLL, "HBase to start",
          () -> new IOException("timed out"))).isInstanceOf(java.io.InterruptedIOException.class)
          .hasMessage("interrupted while waiting for HBase to start");
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }
}

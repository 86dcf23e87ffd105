package org.hbaseturbo.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TestAtOnce {
  @Test
  void everyTaskRunsAtTheSameTime() throws IOException {
    CountDownLatch allStarted = new CountDownLatch(3);
    Callable<Void> meet = () -> {
      allStarted.countDown();
      if (!allStarted.await(10, TimeUnit.SECONDS)) {
        throw new IOException("the other tasks did not start beside this one");
      }
      return null;
    };

    AtOnce.run(List.of(meet, meet, meet), 3, "test-at-once", "meeting");

    assertThat(allStarted.getCount()).isZero();
  }

  @Test
  void aFailedTaskLetsTheOthersEndAndTheFirstFailureIsThrownWithTheRestSuppressed() {
    AtomicBoolean slowEnded = new AtomicBoolean();
    Callable<Void> fails = () -> {
      throw new IOException("the first");
    };
    Callable<Void> slow = () -> {
      Thread.sleep(200);
      slowEnded.set(true);
      return null;
    };
    Callable<Void> failsUnchecked = () -> {
      throw new IllegalStateException("the second");
    };

    assertThatThrownBy(() -> AtOnce.run(List.of(fails, slow, failsUnchecked), 3, "test-at-once", "failing"))
        .isInstanceOf(IOException.class).hasMessage("the first")
        .satisfies(thrown -> assertThat(thrown.getSuppressed()).singleElement()
            .satisfies(second -> assertThat(second).isInstanceOf(IOException.class)
                .hasCauseInstanceOf(IllegalStateException.class)));
    assertThat(slowEnded).as("the slow task ran to its end").isTrue();
  }

  @Test
  void atMostBoundsTheTasksRunningTogether() throws IOException {
    AtomicInteger running = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    Callable<Void> overlapping = () -> {
      most.accumulateAndGet(running.incrementAndGet(), Math::max);
      Thread.sleep(100);
      running.decrementAndGet();
      return null;
    };

    AtOnce.run(List.of(overlapping, overlapping, overlapping), 1, "test-at-once", "one at a time");

    assertThat(most).hasValue(1);
  }
}

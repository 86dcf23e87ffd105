package org.hbaseturbo.advisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class TestWarmUp {
  @Test
  void defaults() {
    assertThat(WarmUp.DEFAULT).isEqualTo(new WarmUp(3, Duration.ofSeconds(20)));
    assertThat(WarmUp.DEFAULT.description()).isEqualTo("at least 3 passes and 20 s");
    assertThat(WarmUp.DEFAULT.withMinTime(Duration.ofMillis(1500))).isEqualTo(new WarmUp(3, Duration.ofMillis(1500)));
    assertThat(new WarmUp(1, Duration.ofMillis(1500)).description()).isEqualTo("at least 1 pass and 1500 ms");
  }

  @Test
  void passesGoOnUntilTheMinimumTimeHasGoneBy() throws Exception {
    FakeClock clock = new FakeClock();
    List<Integer> numbers = new ArrayList<>();

    int passes = new WarmUp(3, Duration.ofSeconds(20)).run(number -> {
      numbers.add(number);
      clock.advance(Duration.ofSeconds(3));
    }, clock::nanos);

    // 6 passes take 18 s, short of 20; the 7th reaches 21 s and is the last.
    assertThat(passes).isEqualTo(7);
    assertThat(numbers).containsExactly(1, 2, 3, 4, 5, 6, 7);
  }

  @Test
  void passesGoOnUntilTheMinimumPassesHaveRun() throws Exception {
    FakeClock clock = new FakeClock();

    int passes = new WarmUp(3, Duration.ofSeconds(20)).run(number -> clock.advance(Duration.ofSeconds(30)),
        clock::nanos);

    assertThat(passes).isEqualTo(3);
  }

  @Test
  void aPassEndingExactlyAtTheMinimumTimeIsTheLast() throws Exception {
    FakeClock clock = new FakeClock();

    int passes = new WarmUp(1, Duration.ofSeconds(20)).run(number -> clock.advance(Duration.ofSeconds(5)),
        clock::nanos);

    assertThat(passes).isEqualTo(4);
  }

  @Test
  void noMinimumsRunNoPass() throws Exception {
    assertThat(new WarmUp(0, Duration.ZERO).run(number -> {
      throw new AssertionError("no pass expected");
    })).isZero();
  }

  @Test
  void theSystemClockWarmsAtLeastTheMinimumTime() throws Exception {
    long start = System.nanoTime();

    int passes = new WarmUp(2, Duration.ofMillis(50)).run(number -> LockSupport.parkNanos(5_000_000));

    assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(Duration.ofMillis(50).toNanos());
    assertThat(passes).isGreaterThanOrEqualTo(2);
  }

  @Test
  void negativeMinimumsAreRefused() {
    assertThatThrownBy(() -> new WarmUp(-1, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("minimum warm-up passes must be at least 0, was -1");
    assertThatThrownBy(() -> new WarmUp(3, Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("minimum warm-up time must not be negative, was PT-1S");
  }

  /** Time that moves only when a pass says so. */
  private static final class FakeClock {
    private long nanos = 1_000_000_000L;

    long nanos() {
      return nanos;
    }

    void advance(Duration duration) {
      nanos += duration.toNanos();
    }
  }
}

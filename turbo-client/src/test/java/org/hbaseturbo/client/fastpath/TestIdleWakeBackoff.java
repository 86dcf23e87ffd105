package org.hbaseturbo.client.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestIdleWakeBackoff {
  @Test
  void theFirstEmptyWakeUpWaitsAgainAtOnceAndLaterOnesSleepLongerUpToTheCap() {
    assertThat(IdleWakeBackoff.sleepNanos(1)).isZero();
    assertThat(IdleWakeBackoff.sleepNanos(2)).isEqualTo(10_000);
    assertThat(IdleWakeBackoff.sleepNanos(3)).isEqualTo(20_000);
    assertThat(IdleWakeBackoff.sleepNanos(8)).isEqualTo(640_000);
    assertThat(IdleWakeBackoff.sleepNanos(9)).isEqualTo(1_000_000);
    assertThat(IdleWakeBackoff.sleepNanos(Integer.MAX_VALUE)).as("no overflow").isEqualTo(1_000_000);
  }
}

package org.hbaseturbo.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestLatencyBuckets {
  @Test
  void latenciesBelowSixteenMillisecondsHaveABucketEach() {
    for (long millis = 0; millis < 16; millis++) {
      assertThat(LatencyBuckets.upperBound(LatencyBuckets.of(millis))).isEqualTo(millis);
    }
    assertThat(LatencyBuckets.of(-3)).isZero();
  }

  @Test
  void everyLatencyLiesInItsBucketWhichIsAtMostAQuarterWiderThanItsLowerBound() {
    for (long millis = 0; millis < 1L << 20; millis++) {
      int bucket = LatencyBuckets.of(millis);
      long lower = bucket == 0 ? 0 : LatencyBuckets.upperBound(bucket - 1) + 1;
      assertThat(millis).isBetween(lower, LatencyBuckets.upperBound(bucket));
      assertThat(LatencyBuckets.upperBound(bucket) + 1 - lower).isLessThanOrEqualTo(Math.max(1, lower / 4));
    }
  }

  @Test
  void theLastBucketTakesEveryLongerLatency() {
    assertThat(LatencyBuckets.of((1L << 20) - 1)).isEqualTo(LatencyBuckets.COUNT - 1);
    assertThat(LatencyBuckets.of(Long.MAX_VALUE)).isEqualTo(LatencyBuckets.COUNT - 1);
    assertThat(LatencyBuckets.upperBound(LatencyBuckets.COUNT - 1)).isEqualTo((1L << 20) - 1);
    assertThatThrownBy(() -> LatencyBuckets.upperBound(LatencyBuckets.COUNT))
        .hasMessage("latency bucket 80 is not one of 0..79");
  }
}

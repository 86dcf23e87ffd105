package org.hbaseturbo.client.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hbaseturbo.common.LatencyBuckets;
import org.junit.jupiter.api.Test;

class TestOperationLatencies {
  @Test
  void aPercentileIsTheBoundOfTheBucketItsRankFallsIn() {
    // 98 operations of 2 ms, one of 20 ms, one of 900 ms.
    OperationLatencies latencies = of(2, 98).plus(of(20, 1)).plus(of(900, 1));

    assertThat(latencies.count()).isEqualTo(100);
    assertThat(latencies.percentileMillis(0.5)).hasValue(2);
    assertThat(latencies.percentileMillis(0.99)).hasValue(23);
    assertThat(latencies.percentileMillis(1.0)).hasValue(LatencyBuckets.upperBound(LatencyBuckets.of(900)));
    assertThat(latencies.toString()).isEqualTo("100 operations, p99 23 ms");
    assertThat(latencies.getOperations()).isEqualTo(100);
    assertThat(latencies.getP99Millis()).isEqualTo(23);
    assertThat(OperationLatencies.NONE.getP99Millis()).isNull();
  }

  @Test
  void aWindowIsTheDifferenceOfTwoReadings() {
    OperationLatencies earlier = of(2, 10);
    OperationLatencies later = earlier.plus(of(50, 5));

    assertThat(later.minus(earlier)).isEqualTo(of(50, 5));
    assertThat(later.minus(later).percentileMillis(0.99)).isEmpty();
  }

  @Test
  void bucketsOfAnotherLayoutOrNoneCountAsNothing() {
    assertThat(OperationLatencies.of(List.of())).isEqualTo(OperationLatencies.NONE);
    assertThat(OperationLatencies.of(Collections.nCopies(LatencyBuckets.COUNT + 1, 3L)))
        .isEqualTo(OperationLatencies.NONE);
    assertThat(OperationLatencies.NONE.toString()).isEqualTo("0 operations, p99 none");
    assertThatThrownBy(() -> OperationLatencies.NONE.percentileMillis(99))
        .hasMessage("a percentile is a fraction in (0, 1], not 99.0");
  }

  private static OperationLatencies of(long millis, long operations) {
    List<Long> buckets = new ArrayList<>(Collections.nCopies(LatencyBuckets.COUNT, 0L));
    buckets.set(LatencyBuckets.of(millis), operations);
    return OperationLatencies.of(buckets);
  }
}

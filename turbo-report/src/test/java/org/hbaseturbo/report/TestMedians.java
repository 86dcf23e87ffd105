package org.hbaseturbo.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestMedians {
  @Test
  void medianOfOddAndEvenCounts() {
    assertThat(Medians.of(List.of(5.0, 1.0, 100.0), Double::doubleValue)).isEqualTo(5.0);
    assertThat(Medians.of(List.of(4.0, 1.0, 100.0, 2.0), Double::doubleValue)).isEqualTo(3.0);
    assertThatThrownBy(() -> Medians.of(List.<Double>of(), Double::doubleValue))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

package org.hbaseturbo.advisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestUpperMedian {
  @Test
  void anOddCountGivesTheMiddleValue() {
    assertThat(UpperMedian.of(new double[] {30, 10, 20})).isEqualTo(20);
  }

  @Test
  void anEvenCountGivesTheUpperOfTheTwoMiddleValuesAndLeavesTheInputAsItWas() {
    double[] values = {40, 10, 30, 20};

    assertThat(UpperMedian.of(values)).isEqualTo(30);
    assertThat(values).containsExactly(40, 10, 30, 20);
  }

  @Test
  void noValuesAreRefused() {
    assertThatThrownBy(() -> UpperMedian.of(new double[0])).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no values to take the median of");
  }
}

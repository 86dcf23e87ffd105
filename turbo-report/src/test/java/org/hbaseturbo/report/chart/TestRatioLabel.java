package org.hbaseturbo.report.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestRatioLabel {
  @Test
  void twoDecimalsBelowTenOneFromTen() {
    assertThat(RatioLabel.of(1.4219)).isEqualTo("1.42x");
    assertThat(RatioLabel.of(0.7419)).isEqualTo("0.74x");
    assertThat(RatioLabel.of(0.066)).isEqualTo("0.07x");
    assertThat(RatioLabel.of(9.994)).isEqualTo("9.99x");
    // 9.996 would round to "10.00x" with two decimals: it is written as the larger ratios are.
    assertThat(RatioLabel.of(9.996)).isEqualTo("10.0x");
    assertThat(RatioLabel.of(14.31)).isEqualTo("14.3x");
  }

  @Test
  void theBaselineIsWrittenAsTheReference() {
    assertThat(RatioLabel.BASELINE).isEqualTo("1x");
    assertThat(RatioLabel.of(1.0)).isEqualTo("1.00x");
  }

  @Test
  void aRatioThatIsNoneIsRefused() {
    assertThatThrownBy(() -> RatioLabel.of(Double.NaN)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NaN");
    assertThatThrownBy(() -> RatioLabel.of(-0.5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-0.5");
    assertThatThrownBy(() -> RatioLabel.of(Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
  }
}

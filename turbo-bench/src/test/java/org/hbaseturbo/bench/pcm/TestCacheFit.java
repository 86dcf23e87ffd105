package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which copies of the records the block caches hold: the rounds read an arm's and the pacer's at once. */
class TestCacheFit {
  private static final long MIB = 1L << 20;

  @Test
  void theCachesOfTheRunsThatDecidedItSayWhichCopiesTheyHold() {
    assertThat(CacheFit.of(748.0 * MIB, 4_832 * MIB)).as("the embedded cluster, where the row index won")
        .isEqualTo(CacheFit.ARM_AND_PACER);
    assertThat(CacheFit.of(748.0 * MIB, 819 * MIB)).as("the process cluster, where it lost")
        .isEqualTo(CacheFit.ONE_COPY);
    assertThat(CacheFit.of(3_000.0 * MIB, 819 * MIB)).isEqualTo(CacheFit.NONE);
  }

  @Test
  void copiesThatFillTheCachesExactlyFitInThem() {
    assertThat(CacheFit.of(512.0 * MIB, 1_024 * MIB)).isEqualTo(CacheFit.ARM_AND_PACER);
    assertThat(CacheFit.of(512.0 * MIB + 1, 1_024 * MIB)).isEqualTo(CacheFit.ONE_COPY);
    assertThat(CacheFit.of(1_024.0 * MIB, 1_024 * MIB)).isEqualTo(CacheFit.ONE_COPY);
    assertThat(CacheFit.of(1_024.0 * MIB + 1, 1_024 * MIB)).isEqualTo(CacheFit.NONE);
  }
}

package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.hbaseturbo.client.stats.RegionServerState;
import org.junit.jupiter.api.Test;

/** The wait for a policy's heap fractions ends once the servers' fractions stopped moving short of them. */
class TestHeapFractionsStall {
  private static final long SECOND = 1_000_000_000L;
  private static final long MIB = 1L << 20;

  @Test
  void fractionsUnchangedForThreeTunerPeriodsAreStalled() {
    HeapFractions.Stall stall = new HeapFractions.Stall(0);
    assertThat(stall.stalled(List.of(server(307, 512)), 0)).isFalse();
    assertThat(stall.stalled(List.of(server(307, 461)), 10 * SECOND)).as("the block cache shrank a step").isFalse();
    assertThat(stall.stalled(List.of(server(307, 461)), 39 * SECOND)).isFalse();
    assertThat(stall.stalled(List.of(server(307, 461)), 40 * SECOND)).as("held since 10 s").isTrue();
  }

  @Test
  void aMoveOfEitherFractionStartsTheWaitAgain() {
    HeapFractions.Stall stall = new HeapFractions.Stall(0);
    stall.stalled(List.of(server(307, 410)), 0);
    assertThat(stall.stalled(List.of(server(358, 410)), 29 * SECOND)).isFalse();
    assertThat(stall.stalled(List.of(server(358, 410)), 58 * SECOND)).isFalse();
    assertThat(stall.stalled(List.of(server(358, 410)), 59 * SECOND)).isTrue();
  }

  private static RegionServerState server(long memstoreMib, long blockCacheMib) {
    return new RegionServerState("rs", 2048 * MIB, true, 1024 * MIB, 4, 7, 0, memstoreMib * MIB, 0,
        blockCacheMib * MIB, 0, 0, 0, 0, 0, 0, 0);
  }
}

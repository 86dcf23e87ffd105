package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import org.junit.jupiter.api.Test;

class TestSharedSpan {
  /**
   * A load that ran on alone after a faster one ended, at twice its speed with the host to itself, is taken over the
   * time both loaded only.
   */
  @Test
  void aPhaseIsTakenOverTheTimeEveryPhaseRanNotTheTimeItRanAlone() {
    // Begun together at 0: 100 a second for 10 s; the other 100 a second, then 200 a second once the first ended.
    PhaseResult first = phase(10, second -> 100L * second);
    PhaseResult alone = phase(15, second -> second <= 10 ? 100L * second : 1_000 + 200L * (second - 10));

    SharedSpan span = SharedSpan.of(List.of(first, alone));

    assertThat(span).isEqualTo(new SharedSpan(1_000_000, 1_010_000));
    assertThat(span.throughput(first)).isCloseTo(100, within(1e-9));
    assertThat(span.throughput(alone)).isCloseTo(100, within(1e-9));
    assertThat(alone.throughputOpsPerSecond()).as("over its own time").isCloseTo(133.3, within(0.1));
  }

  @Test
  void theSpanStartsAtTheLastStartAndCountsBetweenSamplesOnAStraightLine() {
    PhaseResult early = phase(10, second -> 100L * second);
    // Started 2.5 s later; its samples a second apart from its start.
    PhaseResult late = new PhaseResult("run", 1, 2_000, 10_000, 0, null, "", null, Map.of(), 1_002_500,
        samples(1_002_500, 10, second -> 200L * second), null, null);

    SharedSpan span = SharedSpan.of(List.of(early, late));

    assertThat(span).isEqualTo(new SharedSpan(1_002_500, 1_010_000));
    // 250 operations at 2.5 s (halfway from 200 to 300), 1,000 at 10 s: 750 in 7.5 s.
    assertThat(span.throughput(early)).isCloseTo(100, within(1e-9));
    assertThat(span.throughput(late)).isCloseTo(200, within(1e-9));
  }

  @Test
  void phasesThatSharedNoTimeKeepTheirOwnThroughput() {
    PhaseResult before = phase(10, second -> 100L * second);
    PhaseResult after = new PhaseResult("run", 1, 500, 5_000, 0, null, "", null, Map.of(), 1_020_000,
        samples(1_020_000, 5, second -> 100L * second), null, null);

    SharedSpan span = SharedSpan.of(List.of(before, after));

    assertThat(span.throughput(before)).isEqualTo(before.throughputOpsPerSecond());
    assertThat(span.throughput(after)).isEqualTo(after.throughputOpsPerSecond());
  }

  /** A phase begun at epoch ms 1,000,000 that ran {@code seconds}, with {@code done} operations after each second. */
  private static PhaseResult phase(int seconds, LongUnaryOperator done) {
    long start = 1_000_000;
    return new PhaseResult("run", 1, done.applyAsLong(seconds), seconds * 1000L, 0, null, "", null, Map.of(), start,
        samples(start, seconds, done), null, null);
  }

  private static List<PhaseResult.Sample> samples(long start, int seconds,
      LongUnaryOperator done) {
    List<PhaseResult.Sample> samples = new ArrayList<>();
    for (int second = 1; second <= seconds; second++) {
      samples.add(new PhaseResult.Sample(start + second * 1000L, done.applyAsLong(second)));
    }
    return samples;
  }
}

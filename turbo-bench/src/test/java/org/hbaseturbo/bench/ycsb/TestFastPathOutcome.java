package org.hbaseturbo.bench.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import org.hbaseturbo.client.fastpath.ReplyWaits;
import org.junit.jupiter.api.Test;

/** A measured run's outcome is its connection's counters less what they were when the run began. */
class TestFastPathOutcome {
  @Test
  void whatAConnectionDidBeforeItsMeasuredRunIsLeftOut() {
    FastPathOutcome warmUp = new FastPathOutcome(1_000, 2, new ReplyWaits.Snapshot(1_000, 100, 2_000, 1_000, 3, 1,
        900, 90_000_000, 90, 1_800_000));
    FastPathOutcome measured = new FastPathOutcome(5_000, 1, new ReplyWaits.Snapshot(5_000, 50, 10_000, 5_000, 0, 2,
        5_000, 1_000_000_000, 50, 2_000_000));

    FastPathOutcome run = warmUp.plus(measured).minus(warmUp);

    assertThat(run).isEqualTo(measured);
    assertThat(run.waits().replyToCallerUs()).isEqualTo(200.0);
    assertThat(run.waits().replyToPollerUs()).isEqualTo(40.0);
  }
}

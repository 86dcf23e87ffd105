package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.hbaseturbo.client.stats.ProcessUsage;
import org.hbaseturbo.client.stats.ServerCounters;
import org.hbaseturbo.cluster.ProcessHBaseCluster.ConfinedUse;
import org.junit.jupiter.api.Test;

class TestNodeSample {
  private static final String FIRST = "host-a,16020,1700000000000";
  private static final String SECOND = "host-b,16020,1700000000001";
  private static final String STARTED_SINCE = "host-c,16020,1700000000002";

  @Test
  void aPhasesActivityIsEachCounterGrownAndTheMemoryAtBothEnds() {
    List<NodeSample> start = List.of(
        new NodeSample(FIRST, 2, 1_000, 100, 1L << 20, 0, Optional.of(new ConfinedUse(1L << 30, 0, 10L << 20, 500,
            300L << 20, 700L << 20))),
        new NodeSample(SECOND, 2, 50, 5, 0, 5L << 20, Optional.empty()));
    List<NodeSample> end = List.of(
        new NodeSample(FIRST, 3, 10_000, 1_100, 129L << 20, 256L << 20, Optional.of(new ConfinedUse(1L << 30, 2,
            74L << 20, 1_500, 250L << 20, 900L << 20))),
        new NodeSample(SECOND, 1, 80, 5, 0, 5L << 20, Optional.empty()),
        new NodeSample(STARTED_SINCE, 0, 7, 7, 0, 0, Optional.empty()));
    // FIRST's JVM runs it alone; SECOND shares its JVM, whose CPU is not its own.
    ServerCounters cost = new ServerCounters(60_000_000_000L, 0, 0, 0, List.of(
        new ProcessUsage("a/1", List.of(FIRST), 41_250_000_000L, null, 0, 1L << 30, null),
        new ProcessUsage("b/2", List.of(SECOND, STARTED_SINCE), 18_750_000_000L, null, 0, 1L << 30, null)));

    List<AdaptivityResult.NodeActivity> activity = NodeSample.between(start, end, cost);

    assertThat(activity).containsExactly(
        new AdaptivityResult.NodeActivity(FIRST, 3, 9_000, 1_000, 128L << 20, 256L << 20, 41.25,
            new AdaptivityResult.NodeUse(1_000, 64L << 20, 300L << 20, 250L << 20, 700L << 20, 900L << 20)),
        new AdaptivityResult.NodeActivity(SECOND, 1, 30, 0, 0, 0, null, null));
    assertThat(activity.get(0).describe()).isEqualTo("host-a:16020: 3 regions, block cache 90.0% hits of 10,000"
        + " lookups, CPU 41.3 s, flushed 128 MiB, compacted 256 MiB, disk 1,000 reads, 64 MiB, page cache 300 -> 250"
        + " MiB, JVM 700 -> 900 MiB");
    assertThat(activity.get(1).describe()).isEqualTo("host-b:16020: 1 region, block cache 100.0% hits of 30"
        + " lookups, flushed 0 MiB, compacted 0 MiB");
  }

  @Test
  void withoutThePhasesCostNoServerHasCpu() {
    List<NodeSample> sample = List.of(new NodeSample(FIRST, 1, 0, 0, 0, 0, Optional.empty()));

    assertThat(NodeSample.between(sample, sample, null)).extracting(AdaptivityResult.NodeActivity::cpuSeconds)
        .containsExactly((Double) null);
  }

  @Test
  void aServerWithoutLookupsSaysSo() {
    assertThat(new AdaptivityResult.NodeActivity(FIRST, 0, 0, 0, 0, 0, null, null).describe())
        .isEqualTo("host-a:16020: 0 regions, no block cache lookups, flushed 0 MiB, compacted 0 MiB");
  }
}

package org.hbaseturbo.tune.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.hbaseturbo.tune.HeapTuner;
import org.hbaseturbo.tune.WorkloadClass;
import org.junit.jupiter.api.Test;

class TestHeapHeadroom {
  private static final long GIB = 1L << 30;

  @Test
  void theFractionsLeaveTheRestOfTheServerAndTheGuardsMarginWhateverTheHeap() {
    assertThat(HeapHeadroom.limit(GIB)).isCloseTo(0.75 - 0.125, within(1e-9));
    assertThat(HeapHeadroom.limit(6 * GIB)).isCloseTo(0.75 - 0.125 / 6, within(1e-9));
    assertThat(HeapHeadroom.limit(128L << 20)).as("never below the two floors").isCloseTo(0.2, within(1e-9));
    assertThat(HeapHeadroom.limit(1024 * GIB)).isLessThan(HeapTuner.HOLD_ABOVE);
  }

  @Test
  void fractionsThatFitStayAsTheyAre() {
    assertThat(HeapHeadroom.fit(0.4, 0.2, GIB)).isEmpty();
    assertThat(HeapHeadroom.fit(0.1, 0.6, 6 * GIB)).isEmpty();
  }

  @Test
  void fractionsOverTheLimitShrinkTogetherAndNeitherBelowTheFloor() {
    HeapHeadroom.Fitted mixR = HeapHeadroom.fit(0.3, 0.5, GIB).orElseThrow();
    assertThat(mixR.memstore() + mixR.blockCache()).isLessThanOrEqualTo(HeapHeadroom.limit(GIB));
    assertThat(mixR.memstore() / mixR.blockCache()).as("in the policy's proportion").isCloseTo(0.6, within(0.01));

    // The paper's read-only policy: its memstore is at the floor already, so the cache gives what is needed.
    HeapHeadroom.Fitted readOnly = HeapHeadroom.fit(0.1, 0.6, GIB).orElseThrow();
    assertThat(readOnly.memstore()).isEqualTo(0.1);
    assertThat(readOnly.blockCache()).isEqualTo(0.525);

    // A fraction below the floor to begin with is left there.
    HeapHeadroom.Fitted tiny = HeapHeadroom.fit(0.05, 0.7, GIB).orElseThrow();
    assertThat(tiny.memstore()).isEqualTo(0.05);
    assertThat(tiny.blockCache()).isEqualTo(0.575);
  }

  @Test
  void aPolicyEvaluatedForASmallHeapSaysWhatItFittedAndWhy() {
    Map<WorkloadClass, Policy> policies = PolicyLoader.shipped();
    // One RegionServer on a node of 2 GiB: the paper's X is 1 GiB.
    PolicyEnvironment node = new PolicyEnvironment(2, 2, 1, 1e9, 8);
    Policy.Evaluated readOnly = policies.get(WorkloadClass.RO_READ).evaluate(node);
    assertThat(readOnly.heapBytes()).isEqualTo(GIB);
    assertThat(readOnly.values()).containsEntry(PolicySetting.MEMSTORE, "0.1")
        .containsEntry(PolicySetting.BLOCK_CACHE, "0.525");
    assertThat(readOnly.notes()).singleElement().asString().startsWith("memstore 0.1 -> 0.1 and block cache 0.6 ->"
        + " 0.525: together at most 0.63 of a 1 GiB heap, which leaves 128 MiB for the rest of a RegionServer");
    // The lower mark is a ratio of the memstore's limit, and stays the policy's.
    assertThat(readOnly.values()).containsEntry(PolicySetting.MEMSTORE_LOWER_LIMIT, "0.8");

    // On this host's 6 GiB heaps only the policies that ask for the whole 0.8 are trimmed.
    PolicyEnvironment here = new PolicyEnvironment(24, 2, 2, 1e9, 8);
    assertThat(policies.get(WorkloadClass.RO_READ).evaluate(here).notes()).isEmpty();
    Policy.Evaluated mixR = policies.get(WorkloadClass.MIX_R).evaluate(here);
    assertThat(mixR.values()).containsEntry(PolicySetting.MEMSTORE, "0.273")
        .containsEntry(PolicySetting.BLOCK_CACHE, "0.455");
  }

  @Test
  void fractionsTheServersRunAlreadyAreNotFittedSinceNothingMoves() {
    // The paper's MixRW keeps HBase's 0.4 and 0.4: 0.8 together, over what a 1 GiB heap leaves the tuner's guard.
    Policy mixRw = PolicyLoader.shipped().get(WorkloadClass.MIX_RW);
    PolicyEnvironment node = new PolicyEnvironment(2, 2, 1, 1e9, 8);
    Map<PolicySetting, Double> hbases = Map.of(PolicySetting.MEMSTORE, 0.4, PolicySetting.BLOCK_CACHE, 0.4);

    Policy.Evaluated onHBases = mixRw.evaluate(node, hbases);
    assertThat(onHBases.values()).containsEntry(PolicySetting.MEMSTORE, "0.4")
        .containsEntry(PolicySetting.BLOCK_CACHE, "0.4");
    assertThat(onHBases.notes()).singleElement().asString().isEqualTo("memstore 0.4 and block cache 0.4 are what"
        + " the servers run: left as they are, not fitted to the heap tuner's headroom, as neither moves");

    // Where the servers run other fractions, or differ on one, reaching the policy's moves them: fitted.
    for (Map<PolicySetting, Double> elsewhere : List.of(
        Map.of(PolicySetting.MEMSTORE, 0.1, PolicySetting.BLOCK_CACHE, 0.6), Map.of(PolicySetting.MEMSTORE, 0.4),
        Map.<PolicySetting, Double>of())) {
      Policy.Evaluated moved = mixRw.evaluate(node, elsewhere);
      assertThat(moved.values()).as("in force: %s", elsewhere).containsEntry(PolicySetting.MEMSTORE, "0.312")
          .containsEntry(PolicySetting.BLOCK_CACHE, "0.312");
      assertThat(moved.notes()).singleElement().asString().startsWith("memstore 0.4 -> 0.312");
    }

    // Fractions that fit need no word, whatever the servers run.
    PolicyEnvironment here = new PolicyEnvironment(24, 2, 2, 1e9, 8);
    Policy roScan = PolicyLoader.shipped().get(WorkloadClass.RO_SCAN);
    assertThat(roScan.evaluate(here, Map.of(PolicySetting.MEMSTORE, 0.1, PolicySetting.BLOCK_CACHE, 0.6)).notes())
        .isEmpty();
  }
}

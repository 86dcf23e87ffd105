package org.hbaseturbo.verify.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;

class TestChaosPolicy {
  @Test
  void slowDeterministicTakesItsActionsInTurnAmongThoseAvailable() {
    List<ChaosAction> available = List.of(ChaosAction.FLUSH_TABLE, ChaosAction.SPLIT_REGION,
        ChaosAction.MERGE_REGIONS);
    List<ChaosAction> taken = new ArrayList<>();
    for (long step = 0; step < 7; step++) {
      taken.add(ChaosPolicy.SLOW_DETERMINISTIC.pick(step, available, new SplittableRandom(step)));
    }
    assertThat(taken).containsExactly(ChaosAction.FLUSH_TABLE, ChaosAction.SPLIT_REGION, ChaosAction.MERGE_REGIONS,
        ChaosAction.FLUSH_TABLE, ChaosAction.SPLIT_REGION, ChaosAction.MERGE_REGIONS, ChaosAction.FLUSH_TABLE);
  }

  @Test
  void serverKillingPicksAtRandomFromTheSeedAndRepeatsWithIt() {
    List<ChaosAction> available = ChaosPolicy.SERVER_KILLING.actions();
    List<ChaosAction> first = picks(available, 9);
    assertThat(first).isEqualTo(picks(available, 9)).isNotEqualTo(picks(available, 10));
    assertThat(first).containsAll(available);
  }

  @Test
  void everyPolicyIsKnownByItsCommandLineName() {
    assertThat(ChaosPolicy.labels()).isEqualTo("calm, server-killing, slow-deterministic, pauses, partitions");
    for (ChaosPolicy policy : ChaosPolicy.values()) {
      assertThat(ChaosPolicy.of(policy.label())).isSameAs(policy);
    }
    assertThatThrownBy(() -> ChaosPolicy.of("chaos")).isInstanceOf(InvalidInputException.class)
        .hasMessage("--chaos 'chaos' is not one of calm, server-killing, slow-deterministic, pauses, partitions");
    assertThat(ChaosPolicy.CALM.actions()).isEmpty();
    // Every one of HBase's kinds of action; the pause, the partitions and the lossy link, which HBase's ChaosMonkey
    // does not take, have policies of their own.
    List<ChaosAction> isolations = List.of(ChaosAction.PAUSE_REGION_SERVER, ChaosAction.PARTITION_REGION_SERVER,
        ChaosAction.CUT_CLIENT_FROM_REGION_SERVER, ChaosAction.LOSSY_LINK);
    assertThat(ChaosPolicy.SLOW_DETERMINISTIC.actions()).containsExactlyInAnyOrder(Arrays.stream(ChaosAction.values())
        .filter(action -> !isolations.contains(action)).toArray(ChaosAction[]::new));
    assertThat(ChaosPolicy.PAUSES.actions()).containsExactly(ChaosAction.PAUSE_REGION_SERVER);
    // A partition first: a run that has time for one isolation gets the one pauses does not take; the client's cut
    // and the lossy link, on hosts only, each after an isolation.
    assertThat(ChaosPolicy.PARTITIONS.actions()).containsExactly(ChaosAction.PARTITION_REGION_SERVER,
        ChaosAction.CUT_CLIENT_FROM_REGION_SERVER, ChaosAction.PAUSE_REGION_SERVER, ChaosAction.LOSSY_LINK);
    assertThat(ChaosPolicy.values()).extracting(ChaosPolicy::requires).containsExactly(ChaosPolicy.Requires.ANY,
        ChaosPolicy.Requires.PROCESSES, ChaosPolicy.Requires.ANY, ChaosPolicy.Requires.HDFS,
        ChaosPolicy.Requires.PARTITIONS);
  }

  private static List<ChaosAction> picks(List<ChaosAction> available, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<ChaosAction> picks = new ArrayList<>();
    for (long step = 0; step < 40; step++) {
      picks.add(ChaosPolicy.SERVER_KILLING.pick(step, available, random));
    }
    return picks;
  }
}

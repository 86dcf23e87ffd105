package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicyEnvironment;
import org.hbaseturbo.tune.policy.PolicyLoader;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.junit.jupiter.api.Test;

/** What a calibration tries for a class: the paper's table-level values together, then each alone. */
class TestCalibrationCandidate {
  private static final PolicyEnvironment CLUSTER = new PolicyEnvironment(24, 2, 2, 1e9, 4);
  private static final Map<WorkloadClass, Policy> PAPER = PolicyLoader.shipped();

  @Test
  void aReadOnlyClassTriesOnlyTheBlockSize() {
    var candidates = CalibrationCandidate.of(PcmWorkload.RO_READ,
        PAPER.get(WorkloadClass.RO_READ).evaluate(CLUSTER));
    assertThat(candidates).containsExactly(new CalibrationCandidate(CalibrationCandidate.PAPER,
        Map.of(PolicySetting.BLOCKSIZE, "32768")));
  }

  @Test
  void aClassThatWritesTriesThePapersValuesTogetherThenEachAlone() {
    Policy.Evaluated paper = PAPER.get(WorkloadClass.MIX_W).evaluate(CLUSTER);
    var candidates = CalibrationCandidate.of(PcmWorkload.MIX_W, paper);
    CalibrationCandidate together = candidates.get(0);
    assertThat(together.name()).isEqualTo(CalibrationCandidate.PAPER);
    assertThat(together.values()).isNotEmpty().allSatisfy((setting, value) -> {
      assertThat(CalibrationCandidate.searched(PcmWorkload.MIX_W)).contains(setting);
      assertThat(value).isEqualTo(paper.values().get(setting)).isNotEqualTo(setting.hbaseDefault());
    });
    assertThat(candidates).hasSize(together.values().size() == 1 ? 1 : 1 + together.values().size());
    assertThat(candidates.subList(1, candidates.size())).allSatisfy(alone -> assertThat(alone.values()).hasSize(1));
  }

  @Test
  void nothingIsTriedWhereThePapersValuesAreHBasesDefaults() {
    Policy.Evaluated paper = PAPER.get(WorkloadClass.RO_READ).evaluate(CLUSTER);
    Map<PolicySetting, String> defaults = new java.util.LinkedHashMap<>(paper.values());
    defaults.put(PolicySetting.BLOCKSIZE, PolicySetting.BLOCKSIZE.hbaseDefault());
    assertThat(CalibrationCandidate.of(PcmWorkload.RO_READ, new Policy.Evaluated(paper.policy(), paper.heapBytes(),
        paper.presplitRegions(), defaults, List.of()))).isEmpty();
  }
}

package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicyEnvironment;
import org.hbaseturbo.tune.policy.PolicyLoader;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.junit.jupiter.api.Test;

/**
 * What a calibration tries for a class: the paper's table-level values together, then each alone, then a row index
 * for a class whose Gets are most of its operations where an arm's copy and the pacer's fit in the block caches, or
 * smaller files for a class that reads more than it writes where one copy outgrows them; for a bulk load, the
 * paper's policy, its table settings without its pre-split, and pre-splits around the paper's.
 */
class TestCalibrationCandidate {
  private static final PolicyEnvironment CLUSTER = new PolicyEnvironment(24, 2, 2, 1e9, 4);
  private static final Map<WorkloadClass, Policy> PAPER = PolicyLoader.shipped();

  @Test
  void aReadOnlyClassTriesTheBlockSizeThenARowIndexInTheCachesOrSmallerFilesBelowThem() {
    Policy.Evaluated paper = PAPER.get(WorkloadClass.RO_READ).evaluate(CLUSTER);
    CalibrationCandidate blockSize = new CalibrationCandidate(CalibrationCandidate.PAPER,
        Map.of(PolicySetting.BLOCKSIZE, "32768"));
    assertThat(CalibrationCandidate.of(PcmWorkload.RO_READ, paper, CacheFit.NONE)).containsExactly(blockSize,
        CalibrationCandidate.SMALLER_FILES);
    assertThat(CalibrationCandidate.of(PcmWorkload.RO_READ, paper, CacheFit.ARM_AND_PACER))
        .as("the rounds' reads in the block caches").containsExactly(blockSize, CalibrationCandidate.ROW_INDEX);
    assertThat(CalibrationCandidate.of(PcmWorkload.RO_READ, paper, CacheFit.ONE_COPY))
        .as("one copy in the caches, not an arm's and the pacer's").containsExactly(blockSize);
    for (CalibrationCandidate storage : List.of(CalibrationCandidate.SMALLER_FILES, CalibrationCandidate.ROW_INDEX)) {
      assertThat(storage.values()).as(storage.name()).isNotEmpty().allSatisfy((setting, value) -> {
        assertThat(CalibrationCandidate.STORAGE).contains(setting);
        assertThat(setting.names()).contains(value, setting.hbaseDefault());
        assertThat(value).isNotEqualTo(setting.hbaseDefault());
      });
    }
  }

  @Test
  void onlyAClassWhoseGetsAreMostOfItsOperationsTriesARowIndexWhereTheRoundsReadsStayInTheCaches() {
    for (PcmWorkload workload : PcmWorkload.values()) {
      if (workload.isLoad()) {
        continue;
      }
      boolean gets = List.of(PcmWorkload.RO_READ, PcmWorkload.MIX_R).contains(workload);
      for (CacheFit fit : CacheFit.values()) {
        List<CalibrationCandidate> arms = papersArms(workload, fit);
        assertThat(arms.contains(CalibrationCandidate.ROW_INDEX)).as(workload.label() + " " + fit)
            .isEqualTo(gets && fit == CacheFit.ARM_AND_PACER);
        boolean encodingTried = switch (fit) {
          case ARM_AND_PACER -> gets;
          case ONE_COPY -> false;
          case NONE -> workload.readsMoreThanItWrites();
        };
        assertThat(CalibrationCandidate.searched(workload, values(arms))).as(workload.label() + " " + fit)
            .satisfies(searched -> assertThat(searched.contains(PolicySetting.DATA_BLOCK_ENCODING))
                .isEqualTo(encodingTried))
            .doesNotHaveDuplicates();
      }
    }
  }

  @Test
  void aCandidateWhoseFilesDifferHasItsCopyWrittenAnew() {
    assertThat(CalibrationCandidate.SMALLER_FILES.rewritesFiles()).isTrue();
    assertThat(CalibrationCandidate.ROW_INDEX.rewritesFiles()).isTrue();
    assertThat(new CalibrationCandidate(CalibrationCandidate.PAPER, Map.of(PolicySetting.BLOCKSIZE, "32768"))
        .rewritesFiles()).isTrue();
    assertThat(new CalibrationCandidate(CalibrationCandidate.PAPER, Map.of(PolicySetting.FLUSH_SIZE, "268435456"))
        .rewritesFiles()).as("a table setting: read as the regions reopen, no file rewritten").isFalse();
    assertThat(CalibrationCandidate.defaults().rewritesFiles()).isFalse();
  }

  @Test
  void aCopyOfValuesWrittenForAnEarlierClassIsNotCountedAsWrittenAgain() {
    Set<Map<PolicySetting, String>> writtenBefore = new HashSet<>();
    CalibrationCandidate blockSize = new CalibrationCandidate(CalibrationCandidate.PAPER,
        Map.of(PolicySetting.BLOCKSIZE, "32768"));
    CalibrationCandidate flushSize = new CalibrationCandidate(CalibrationCandidate.PAPER,
        Map.of(PolicySetting.FLUSH_SIZE, "268435456"));
    assertThat(CalibrationCandidate.writtenAnew(List.of(blockSize, flushSize, CalibrationCandidate.SMALLER_FILES),
        writtenBefore)).as("RO-read: its block size and the smaller files").isEqualTo(2);
    assertThat(CalibrationCandidate.writtenAnew(List.of(CalibrationCandidate.SMALLER_FILES,
        new CalibrationCandidate(CalibrationCandidate.PAPER, Map.of(PolicySetting.BLOCKSIZE, "131072"))),
        writtenBefore)).as("RO-scan: the smaller files shared, its own block size written").isEqualTo(1);
    assertThat(CalibrationCandidate.writtenAnew(List.of(blockSize), writtenBefore)).as("shared").isZero();
  }

  @Test
  void onlyAClassThatReadsMoreThanItWritesTriesSmallerFiles() {
    for (PcmWorkload workload : PcmWorkload.values()) {
      if (workload.isLoad()) {
        continue;
      }
      boolean reads = List.of(PcmWorkload.RO_READ, PcmWorkload.RO_SCAN, PcmWorkload.MIX_R).contains(workload);
      for (CacheFit fit : CacheFit.values()) {
        List<CalibrationCandidate> arms = papersArms(workload, fit);
        assertThat(arms.contains(CalibrationCandidate.SMALLER_FILES)).as(workload.label() + " " + fit)
            .isEqualTo(reads && fit == CacheFit.NONE);
        assertThat(CalibrationCandidate.searched(workload, values(arms))).as(workload.label() + " " + fit)
            .satisfies(searched -> assertThat(searched.contains(PolicySetting.COMPRESSION))
                .isEqualTo(reads && fit == CacheFit.NONE));
      }
    }
  }

  @Test
  void aClassThatWritesTriesThePapersValuesTogetherThenEachAlone() {
    Policy.Evaluated paper = PAPER.get(WorkloadClass.MIX_W).evaluate(CLUSTER);
    var candidates = CalibrationCandidate.of(PcmWorkload.MIX_W, paper, CacheFit.NONE);
    CalibrationCandidate together = candidates.get(0);
    assertThat(together.name()).isEqualTo(CalibrationCandidate.PAPER);
    assertThat(together.values()).isNotEmpty().allSatisfy((setting, value) -> {
      assertThat(CalibrationCandidate.papersSearched(PcmWorkload.MIX_W)).contains(setting);
      assertThat(value).isEqualTo(paper.values().get(setting)).isNotEqualTo(setting.hbaseDefault());
    });
    assertThat(candidates).hasSize(together.values().size() == 1 ? 1 : 1 + together.values().size());
    assertThat(candidates.subList(1, candidates.size())).allSatisfy(alone -> assertThat(alone.values()).hasSize(1));
  }

  @Test
  void onlyHowFilesAreStoredIsTriedWhereThePapersValuesAreHBasesDefaults() {
    assertThat(CalibrationCandidate.of(PcmWorkload.RO_READ, searchedAtHBasesDefaults(PcmWorkload.RO_READ),
        CacheFit.NONE))
        .containsExactly(CalibrationCandidate.SMALLER_FILES);
    assertThat(CalibrationCandidate.of(PcmWorkload.RO_READ, searchedAtHBasesDefaults(PcmWorkload.RO_READ),
        CacheFit.ARM_AND_PACER))
        .containsExactly(CalibrationCandidate.ROW_INDEX);
  }

  @Test
  void nothingIsTriedForAWritingClassWhereThePapersValuesAreHBasesDefaults() {
    assertThat(CalibrationCandidate.of(PcmWorkload.MIX_W, searchedAtHBasesDefaults(PcmWorkload.MIX_W),
        CacheFit.NONE))
        .isEmpty();
  }

  @Test
  void aBulkLoadTriesThePapersPolicyItsTableSettingsAloneAndPreSplitsAroundThePapers() {
    Policy.Evaluated paper = PAPER.get(WorkloadClass.BL).evaluate(CLUSTER);
    assertThat(paper.presplitRegions()).as("the paper's 4 a server on 2 servers").isEqualTo(8);
    var candidates = CalibrationCandidate.ofLoad(PcmWorkload.BL, paper, 4);
    assertThat(candidates).extracting(CalibrationCandidate::name).containsExactly(CalibrationCandidate.PAPER,
        "paper table settings alone", "pre-split 2 a server", "pre-split 4 a server", "pre-split 8 a server");
    assertThat(candidates).extracting(CalibrationCandidate::presplitRegionsPerServer).containsExactly(4, 0, 2, 4, 8);
    assertThat(candidates.get(0).values()).isNotEmpty().isEqualTo(candidates.get(1).values())
        .allSatisfy((setting, value) -> assertThat(value).isNotEqualTo(setting.hbaseDefault()));
    assertThat(candidates.subList(2, candidates.size())).allSatisfy(split -> assertThat(split.values()).isEmpty());
  }

  @Test
  void aLoadPolicyWithoutAPreSplitStillHasOneSearched() {
    Policy.Evaluated paper = PAPER.get(WorkloadClass.BL).evaluate(CLUSTER);
    assertThat(CalibrationCandidate.ofLoad(PcmWorkload.BL, paper, 0))
        .extracting(CalibrationCandidate::presplitRegionsPerServer).containsExactly(0, 1, 2, 4);
  }

  @Test
  void whereThePapersTableSettingsAreHBasesItsPreSplitIsThePapersArm() {
    var candidates = CalibrationCandidate.ofLoad(PcmWorkload.BL, searchedAtHBasesDefaults(PcmWorkload.BL), 4);
    assertThat(candidates).extracting(CalibrationCandidate::name).containsExactly(CalibrationCandidate.PAPER,
        "pre-split 2 a server", "pre-split 8 a server");
    assertThat(candidates).allSatisfy(candidate -> assertThat(candidate.values()).isEmpty());
  }

  @Test
  void aLoadAndAClassOnLoadedRecordsAreNotMistakenForEachOther() {
    Policy.Evaluated paper = PAPER.get(WorkloadClass.BL).evaluate(CLUSTER);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CalibrationCandidate.of(PcmWorkload.BL, paper, CacheFit.NONE));
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CalibrationCandidate.ofLoad(PcmWorkload.MIX_W, paper, 4));
  }

  /** The paper's policy for {@code workload}, evaluated, with HBase's defaults for every setting of its searched. */
  /** What a calibration tries for {@code workload} from the paper's policy on {@link #CLUSTER}. */
  private static List<CalibrationCandidate> papersArms(PcmWorkload workload, CacheFit fit) {
    return CalibrationCandidate.of(workload, PAPER.get(workload.workloadClass()).evaluate(CLUSTER), fit);
  }

  private static List<Map<PolicySetting, String>> values(List<CalibrationCandidate> arms) {
    return arms.stream().map(CalibrationCandidate::values).toList();
  }

  private static Policy.Evaluated searchedAtHBasesDefaults(PcmWorkload workload) {
    Policy.Evaluated paper = PAPER.get(workload.workloadClass()).evaluate(CLUSTER);
    Map<PolicySetting, String> defaults = new LinkedHashMap<>(paper.values());
    CalibrationCandidate.papersSearched(workload).forEach(setting -> defaults.put(setting, setting.hbaseDefault()));
    return new Policy.Evaluated(paper.policy(), paper.heapBytes(), paper.presplitRegions(), defaults, List.of());
  }
}

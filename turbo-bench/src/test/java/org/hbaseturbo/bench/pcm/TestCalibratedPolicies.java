package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicyEnvironment;
import org.hbaseturbo.tune.policy.PolicyLoader;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A calibration's policy file loads as a policy: the searched settings as measured (HBase's defaults where they
 * won), the rest HBase's, the heap the paper's, with the evidence in comments.
 */
class TestCalibratedPolicies {
  private static final PolicyEnvironment CLUSTER = new PolicyEnvironment(24, 2, 2, 1e9, 4);

  @Test
  void theChosenValuesReplaceThePapersAndTheRestIsHBases(@TempDir Path dir) throws Exception {
    Policy paper = PolicyLoader.shipped().get(WorkloadClass.MIX_W);
    Calibration.ClassResult result = result("paper hbase.hregion.memstore.flush.size alone",
        Map.of(PolicySetting.FLUSH_SIZE, "268435456"));
    Path file = CalibratedPolicies.write(dir, PcmWorkload.MIX_W, paper, result, "a test cluster", "2026-11-29");

    Policy calibrated = PolicyLoader.withOverrides(dir).get(WorkloadClass.MIX_W);
    Map<PolicySetting, String> values = calibrated.evaluate(CLUSTER).values();
    Map<PolicySetting, String> papers = paper.evaluate(CLUSTER).values();
    assertThat(values.get(PolicySetting.FLUSH_SIZE)).isEqualTo("268435456");
    assertThat(values.get(PolicySetting.BLOCK_MULTIPLIER)).as("searched, the defaults kept")
        .isEqualTo(PolicySetting.BLOCK_MULTIPLIER.hbaseDefault());
    String hbaseMemstore = hbaseFractions(paper).get(PolicySetting.MEMSTORE);
    assertThat(papers.get(PolicySetting.MEMSTORE)).as("the paper's MixW memstore is not HBase's")
        .isNotEqualTo(hbaseMemstore);
    assertThat(values.get(PolicySetting.MEMSTORE)).as("not searched: HBase's, fitted to the heap as every policy's")
        .isEqualTo(hbaseMemstore);
    assertThat(papers.get(PolicySetting.SPLIT_POLICY)).isNotEqualTo(PolicySetting.SPLIT_POLICY.hbaseDefault());
    assertThat(values.get(PolicySetting.SPLIT_POLICY)).as("never searched: HBase's")
        .isEqualTo(PolicySetting.SPLIT_POLICY.hbaseDefault());
    assertThat(calibrated.evaluate(CLUSTER).heapBytes()).as("the paper's heap")
        .isEqualTo(paper.evaluate(CLUSTER).heapBytes());
    assertThat(calibrated.source()).startsWith("calibrated on a test cluster, 2026-11-29, from PCM paper");
    assertThat(Files.readString(file)).contains("# Chosen: paper hbase.hregion.memstore.flush.size alone.",
        "median 1.100 (1.050-1.150) over 3 rounds", "hbase.regionserver.region.split.policy: "
        + PolicySetting.SPLIT_POLICY.hbaseDefault() + "  # HBase's: not measured (the paper's: "
        + paper.settings().get(PolicySetting.SPLIT_POLICY) + ")");
  }

  @Test
  void whereTheDefaultsWonEverySearchedSettingIsHBases(@TempDir Path dir) throws Exception {
    Policy paper = PolicyLoader.shipped().get(WorkloadClass.RO_READ);
    CalibratedPolicies.write(dir, PcmWorkload.RO_READ, paper, result(CalibrationCandidate.DEFAULTS, Map.of()),
        "a test cluster", "2026-11-29");

    Map<PolicySetting, String> values = PolicyLoader.withOverrides(dir).get(WorkloadClass.RO_READ).evaluate(CLUSTER)
        .values();
    assertThat(values.get(PolicySetting.BLOCKSIZE)).isEqualTo(PolicySetting.BLOCKSIZE.hbaseDefault());
    assertThat(values.get(PolicySetting.BLOCK_CACHE)).as("not searched here: HBase's, not the paper's 0.6")
        .isEqualTo(hbaseFractions(paper).get(PolicySetting.BLOCK_CACHE));
  }

  @Test
  void smallerFilesAreSetOnlyWhereChosenAndOtherwiseTheTableKeepsItsOwn(@TempDir Path dir) throws Exception {
    Policy paper = PolicyLoader.shipped().get(WorkloadClass.RO_READ);
    Path file = CalibratedPolicies.write(dir, PcmWorkload.RO_READ, paper, result(CalibrationCandidate.DEFAULTS,
        Map.of()), "a test cluster", "2026-12-04");
    assertThat(Files.readString(file)).as("not tried").contains("# Searched: BLOCKSIZE. ")
        .doesNotContain("COMPRESSION");

    Calibration.CandidateResult lost = new Calibration.CandidateResult(CalibrationCandidate.SMALLER_FILES.values(),
        List.of(0.7, 0.72), List.of(1.0, 1.0), 0.71, 0.7, 0.72, List.of(700.0, 720.0), 0L, 0L);
    Calibration.ClassResult defaultsWon = new Calibration.ClassResult("RO-read", CalibrationCandidate.DEFAULTS,
        Map.of(), null, Map.of(CalibrationCandidate.SMALLER_FILES.name(), lost), 0.01, 0.02, 5, 60, "a reason",
        HeapFractionRounds.Result.notSearched(Map.of(), "not measured here"));
    file = CalibratedPolicies.write(dir, PcmWorkload.RO_READ, paper, defaultsWon, "a test cluster", "2026-12-04");
    assertThat(PolicyLoader.withOverrides(dir).get(WorkloadClass.RO_READ).evaluate(CLUSTER).values())
        .as("not chosen: not set, so that a table's own codec stays").doesNotContainKeys(PolicySetting.COMPRESSION,
            PolicySetting.DATA_BLOCK_ENCODING);
    assertThat(Files.readString(file)).contains("# Searched: BLOCKSIZE, DATA_BLOCK_ENCODING, COMPRESSION",
        "  # COMPRESSION: measured, nothing chosen: the table keeps its own");

    CalibratedPolicies.write(dir, PcmWorkload.RO_READ, paper, result(CalibrationCandidate.SMALLER_FILES.name(),
        CalibrationCandidate.SMALLER_FILES.values()), "a test cluster", "2026-12-04");
    Map<PolicySetting, String> values = PolicyLoader.withOverrides(dir).get(WorkloadClass.RO_READ).evaluate(CLUSTER)
        .values();
    assertThat(values).containsEntry(PolicySetting.COMPRESSION, "GZ")
        .containsEntry(PolicySetting.DATA_BLOCK_ENCODING, "FAST_DIFF")
        .containsEntry(PolicySetting.BLOCKSIZE, PolicySetting.BLOCKSIZE.hbaseDefault());
  }

  @Test
  void judgedHeapFractionsAreTheWinnersAndUnjudgedOrUnsearchedOnesHBases(@TempDir Path dir)
      throws Exception {
    Policy paper = PolicyLoader.shipped().get(WorkloadClass.RO_READ);
    Map<PolicySetting, String> papers = paper.evaluate(CLUSTER).values();
    Map<PolicySetting, String> hbase = paper.withHBaseDefaults(PolicySetting.HEAP_FRACTIONS).evaluate(CLUSTER)
        .values();
    Map<PolicySetting, String> candidate = HeapFractionRounds.candidate(papers, hbase);
    assertThat(candidate).as("RO-read's paper fractions differ from HBase's").isNotEmpty();

    Path file = writeWithHeap(dir, paper, new HeapFractionRounds.Result(candidate, hbase, List.of(0.97, 0.98),
        List.of(1.0, 1.0), List.of(0.96, 0.98, 0.97, 0.99), 0.975, 0.01, HeapFractionRounds.Verdict.HBASE,
        "median 0.975"));
    assertFractions(dir, candidate, hbase, "HBase's won, as measured");
    assertThat(Files.readString(file)).contains("# Heap fractions hbase.regionserver.global.memstore.size 0.1,"
        + " hfile.block.cache.size 0.6: median 0.975, rounds [0.970, 0.980].",
        "hfile.block.cache.size: 0.4  # measured", "hbase.regionserver.global.memstore.size.lower.limit: "
        + PolicySetting.MEMSTORE_LOWER_LIMIT.hbaseDefault() + "  # HBase's: not measured (the paper's: "
        + paper.settings().get(PolicySetting.MEMSTORE_LOWER_LIMIT) + ")",
        "HBase's, not measured: the pre-split, hbase.regionserver.global.memstore.size.lower.limit",
        "The paper's: the heap");

    writeWithHeap(dir, paper, new HeapFractionRounds.Result(candidate, hbase, List.of(1.05, 1.06),
        List.of(1.0, 1.0), List.of(1.05, 1.05, 1.06, 1.06), 1.055, 0.01, HeapFractionRounds.Verdict.POLICY,
        "median 1.055"));
    assertFractions(dir, candidate, papers, "the paper's won");

    file = writeWithHeap(dir, paper, HeapFractionRounds.Result.unjudged(candidate, "the servers fell short"));
    assertFractions(dir, candidate, hbase, "searched, not judged: HBase's, as a table setting with too few rounds");
    assertThat(Files.readString(file)).contains("# Heap fractions: the servers fell short; HBase's,",
        "hfile.block.cache.size: 0.4  # HBase's: not judged").doesNotContain("0.4  # measured");

    file = writeWithHeap(dir, paper, HeapFractionRounds.Result.notSearched(candidate, "measured only on a process"
        + " cluster"));
    assertFractions(dir, candidate, hbase, "not searched here: HBase's, as every setting not measured");
    assertThat(Files.readString(file)).contains("# Heap fractions: measured only on a process cluster; HBase's, as"
        + " every setting not measured.", "HBase's, not measured: the heap fractions, the pre-split,",
        "hfile.block.cache.size: 0.4  # HBase's: not measured (the paper's: 0.6)");
  }

  @Test
  void aRowIndexIsSetWhereChosenAndSearchedOnlyWhereItsArmRan(@TempDir Path dir) throws Exception {
    Policy paper = PolicyLoader.shipped().get(WorkloadClass.MIX_R);
    Calibration.CandidateResult lost = new Calibration.CandidateResult(CalibrationCandidate.ROW_INDEX.values(),
        List.of(0.99, 1.0), List.of(1.0, 1.0), 0.995, 0.99, 1.0, List.of(990.0, 1000.0), 0L, 0L);
    Path file = CalibratedPolicies.write(dir, PcmWorkload.MIX_R, paper, new Calibration.ClassResult("MixR",
        CalibrationCandidate.DEFAULTS, Map.of(), null, Map.of(CalibrationCandidate.ROW_INDEX.name(), lost), 0.01,
        0.02, 5, 60, "a reason", HeapFractionRounds.Result.notSearched(Map.of(), "not measured here")),
        "a test cluster", "2026-12-06");
    assertThat(PolicyLoader.withOverrides(dir).get(WorkloadClass.MIX_R).evaluate(CLUSTER).values())
        .as("not chosen: the table keeps its own encoding").doesNotContainKey(PolicySetting.DATA_BLOCK_ENCODING);
    assertThat(Files.readString(file)).contains("DATA_BLOCK_ENCODING. HBase's, not measured",
        "  # DATA_BLOCK_ENCODING: measured, nothing chosen: the table keeps its own").doesNotContain("COMPRESSION");

    CalibratedPolicies.write(dir, PcmWorkload.MIX_R, paper, result(CalibrationCandidate.ROW_INDEX.name(),
        CalibrationCandidate.ROW_INDEX.values()), "a test cluster", "2026-12-06");
    assertThat(PolicyLoader.withOverrides(dir).get(WorkloadClass.MIX_R).evaluate(CLUSTER).values())
        .containsEntry(PolicySetting.DATA_BLOCK_ENCODING, "ROW_INDEX_V1").doesNotContainKey(PolicySetting.COMPRESSION);
  }

  @Test
  void theChoiceNamesThePolicysHeapFractionsOnlyWhereTheyWon() {
    Map<PolicySetting, String> candidate = Map.of(PolicySetting.MEMSTORE, "0.3");
    Map<PolicySetting, String> hbase = Map.of(PolicySetting.MEMSTORE, "0.4");
    assertThat(result(CalibrationCandidate.DEFAULTS, Map.of(), null, new HeapFractionRounds.Result(candidate, hbase,
        List.of(1.05), List.of(1.0), List.of(1.05, 1.05), 1.05, 0.01, HeapFractionRounds.Verdict.POLICY, "won"))
        .choice()).isEqualTo("defaults + the policy's heap fractions");
    assertThat(result("paper", Map.of(), null, new HeapFractionRounds.Result(candidate, hbase, List.of(0.95),
        List.of(1.0), List.of(0.95, 0.95), 0.95, 0.01, HeapFractionRounds.Verdict.HBASE, "lost")).choice())
        .isEqualTo("paper");
    assertThat(result(CalibrationCandidate.DEFAULTS, Map.of()).choice()).as("not searched").isEqualTo("defaults");
  }

  /** The fractions of {@code candidate} in the RO-read policy {@code dir} has are {@code expected}'s. */
  private static void assertFractions(Path dir, Map<PolicySetting, String> candidate,
      Map<PolicySetting, String> expected, String why) throws Exception {
    Map<PolicySetting, String> values = PolicyLoader.withOverrides(dir).get(WorkloadClass.RO_READ).evaluate(CLUSTER)
        .values();
    candidate.keySet().forEach(setting -> assertThat(values.get(setting)).as(setting + ", " + why)
        .isEqualTo(expected.get(setting)));
  }

  private static Path writeWithHeap(Path dir, Policy paper, HeapFractionRounds.Result heap) throws Exception {
    return CalibratedPolicies.write(dir, PcmWorkload.RO_READ, paper, result(CalibrationCandidate.DEFAULTS, Map.of(),
        null, heap), "a test cluster", "2026-12-02");
  }

  @Test
  void aBulkLoadsPreSplitIsTheMeasuredOne(@TempDir Path dir) throws Exception {
    Policy paper = PolicyLoader.shipped().get(WorkloadClass.BL);
    CalibratedPolicies.write(dir, PcmWorkload.BL, paper, result("pre-split 8 a server", Map.of(), 8), "a test cluster",
        "2026-12-01");
    assertThat(PolicyLoader.withOverrides(dir).get(WorkloadClass.BL).evaluate(CLUSTER).presplitRegions())
        .as("8 a server on 2 servers").isEqualTo(16);

    Path file = CalibratedPolicies.write(dir, PcmWorkload.BL, paper, result(CalibrationCandidate.DEFAULTS, Map.of(),
        0), "a test cluster", "2026-12-01");
    Policy calibrated = PolicyLoader.withOverrides(dir).get(WorkloadClass.BL);
    assertThat(calibrated.evaluate(CLUSTER).presplitRegions()).as("HBase's one region").isZero();
    assertThat(calibrated.evaluate(CLUSTER).values().get(PolicySetting.FLUSH_SIZE)).as("searched, the defaults kept")
        .isEqualTo(PolicySetting.FLUSH_SIZE.hbaseDefault());
    assertThat(calibrated.evaluate(CLUSTER).values()).as("a load's fractions and split policy, not measured: HBase's")
        .containsEntry(PolicySetting.MEMSTORE, hbaseFractions(paper).get(PolicySetting.MEMSTORE))
        .containsEntry(PolicySetting.BLOCK_CACHE, hbaseFractions(paper).get(PolicySetting.BLOCK_CACHE))
        .containsEntry(PolicySetting.SPLIT_POLICY, PolicySetting.SPLIT_POLICY.hbaseDefault())
        .containsEntry(PolicySetting.MAX_FILESIZE, PolicySetting.MAX_FILESIZE.hbaseDefault());
    assertThat(Files.readString(file)).contains("# Searched: ", "presplit_regions_per_server. HBase's, not"
        + " measured: the heap fractions, hbase.regionserver.global.memstore.size.lower.limit,"
        + " hbase.regionserver.region.split.policy, hbase.hregion.max.filesize. The paper's: the heap");
  }

  /** HBase's heap fractions as {@code paper} would give them on the test's cluster: fitted to its heap. */
  private static Map<PolicySetting, String> hbaseFractions(Policy paper) {
    return paper.withHBaseDefaults(PolicySetting.HEAP_FRACTIONS).evaluate(CLUSTER).values();
  }

  private static Calibration.ClassResult result(String chosen, Map<PolicySetting, String> values) {
    return result(chosen, values, null);
  }

  private static Calibration.ClassResult result(String chosen, Map<PolicySetting, String> values, Integer presplit) {
    return result(chosen, values, presplit, HeapFractionRounds.Result.notSearched(Map.of(), "not measured here"));
  }

  private static Calibration.ClassResult result(String chosen, Map<PolicySetting, String> values, Integer presplit,
      HeapFractionRounds.Result heap) {
    Calibration.CandidateResult measured = new Calibration.CandidateResult(values, List.of(1.05, 1.1, 1.15),
        List.of(1.0, 1.0, 1.0), 1.1, 1.05, 1.15, List.of(1000.0, 1100.0, 1150.0), 0L, 0L);
    return new Calibration.ClassResult("MixW", chosen, values, presplit, Map.of(chosen, measured), 0.01, 0.02, 3, 60,
        "a reason", heap);
  }
}

package org.hbaseturbo.bench.pcm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicySetting;

/**
 * Table-level settings a calibration tries for a class on a table of its own: HBase's defaults (no values), the
 * paper's policy, one of the paper's settings alone, or a way to store the files that no policy of the paper's sets
 * ({@link #ROW_INDEX}, {@link #SMALLER_FILES}); for a bulk load, also the regions its empty table is pre-split into.
 *
 * @param name how the report names it
 * @param values each setting's value as HBase takes it; empty for HBase's defaults
 * @param presplitRegionsPerServer for a bulk load, the regions per RegionServer its empty table is split into; 0 for
 *     none (one region, as HBase creates a table), and for every class that runs on loaded records
 */
record CalibrationCandidate(String name, Map<PolicySetting, String> values, int presplitRegionsPerServer) {
  static final String DEFAULTS = "defaults";
  static final String PAPER = "paper";
  /** The pre-split searched around where a load policy asks for none: 1, 2 and 4 regions a RegionServer. */
  static final int PRESPLIT_WITHOUT_PAPER = 2;

  /** Settings that act only while a class writes: flushes, the memstore's bound, compactions. */
  static final List<PolicySetting> WRITE_PATH = List.of(PolicySetting.FLUSH_SIZE, PolicySetting.BLOCK_MULTIPLIER,
      PolicySetting.BLOCKING_STORE_FILES, PolicySetting.COMPACTION_MIN, PolicySetting.COMPACTION_MAX);
  /** Settings that act on reads: the block size of the files (which a major compaction rewrites). */
  static final List<PolicySetting> READ_PATH = List.of(PolicySetting.BLOCKSIZE);
  /**
   * Smaller files, which no policy of the paper's sets: FAST_DIFF's row keys written once a block and GZ's entropy
   * coding of the values (YCSB's random characters carry under 6 bits a byte). Fewer bytes a read brings from the
   * disk, and more of the records in the page cache. GZ rather than a faster codec: it is HBase's own, and works on
   * every cluster without a native library or Turbo's codecs in its hbase-site.xml.
   */
  static final CalibrationCandidate SMALLER_FILES = new CalibrationCandidate("FAST_DIFF + GZ", Map.of(
      PolicySetting.DATA_BLOCK_ENCODING, "FAST_DIFF", PolicySetting.COMPRESSION, "GZ"));
  /** How files are stored: what {@link #SMALLER_FILES} changes. */
  static final List<PolicySetting> STORAGE = List.of(PolicySetting.DATA_BLOCK_ENCODING, PolicySetting.COMPRESSION);
  /**
   * An index of the rows in every data block, which no policy of the paper's sets: with HBase's ROW_INDEX_V1
   * encoding a Get finds its row in a block by binary search over the rows' offsets, where in a block of HBase's
   * default encoding (none) it reads every cell before it from the block's start (HBASE-16213). That walk through
   * cached 64 KiB blocks held 57% of the CPU samples of 1 KB Gets called in-process, and 24% of the RPC handlers'
   * serving YCSB's reads, on this host (results/pcm/row-index-2026-12-06). The files grow by the index; scans gain
   * nothing from it.
   */
  static final CalibrationCandidate ROW_INDEX = new CalibrationCandidate("ROW_INDEX_V1", Map.of(
      PolicySetting.DATA_BLOCK_ENCODING, "ROW_INDEX_V1"));

  CalibrationCandidate {
    values = Map.copyOf(values);
    if (presplitRegionsPerServer < 0) {
      throw new IllegalArgumentException("regions per server " + presplitRegionsPerServer + " < 0");
    }
  }

  CalibrationCandidate(String name, Map<PolicySetting, String> values) {
    this(name, values, 0);
  }

  /**
   * Whether a copy of the loaded records with this candidate's values is written anew before its rounds
   * ({@link CandidateTables#rewritten}).
   */
  boolean rewritesFiles() {
    return !CandidateTables.rewritten(values).isEmpty();
  }

  /**
   * How many of {@code candidates}' copies are written anew ({@link #rewritesFiles}), those of values in {@code
   * writtenBefore} aside, which share an earlier copy's files ({@link WrittenCopies}); adds the values of those
   * written to {@code writtenBefore}.
   */
  static long writtenAnew(List<CalibrationCandidate> candidates, Set<Map<PolicySetting, String>> writtenBefore) {
    return candidates.stream().filter(CalibrationCandidate::rewritesFiles)
        .filter(candidate -> writtenBefore.add(candidate.values())).count();
  }

  static CalibrationCandidate defaults() {
    return new CalibrationCandidate(DEFAULTS, Map.of());
  }

  /**
   * The paper's settings a class exercises: a read-only class writes no file, so what governs flushes and compactions
   * cannot act under it.
   */
  static List<PolicySetting> papersSearched(PcmWorkload workload) {
    List<PolicySetting> searched = new ArrayList<>(READ_PATH);
    if (!workload.workloadClass().readOnly()) {
      searched.addAll(WRITE_PATH);
    }
    return searched;
  }

  /**
   * What a calibration of {@code workload} searched: {@link #papersSearched}, and how files are stored where an arm it
   * ran set that ({@link #ROW_INDEX}, {@link #SMALLER_FILES}).
   *
   * @param armValues the values of each arm it ran
   */
  static List<PolicySetting> searched(PcmWorkload workload, Collection<Map<PolicySetting, String>> armValues) {
    List<PolicySetting> searched = papersSearched(workload);
    STORAGE.stream().filter(setting -> armValues.stream().anyMatch(values -> values.containsKey(setting)))
        .forEach(searched::add);
    return searched;
  }

  /**
   * Whether {@link #ROW_INDEX} is tried for {@code workload}: only for a class whose Gets are most of its operations,
   * and only where the rounds' reads stay in the RegionServers' block caches ({@link CacheFit#ARM_AND_PACER}), where a
   * Get's seek through a cached block is CPU the index saves. Where the caches held one copy but not an arm's and the
   * pacer's, the arm lost (results/pcm/calibrate-all-rowindex-2026-12-06). Where one copy outgrows them, a Get waits
   * on the disk, which the index does not spare, and {@link #SMALLER_FILES} is tried instead; there, rewriting one more
   * copy of the records also takes minutes of a budget that already holds less than every class needs
   * (results/pcm/calibrate-disk-wrapup-2026-12-06).
   */
  static boolean triesRowIndex(PcmWorkload workload, CacheFit fit) {
    return fit == CacheFit.ARM_AND_PACER && workload.getsMostly();
  }

  /**
   * Whether {@link #SMALLER_FILES} is tried for {@code workload}: only where one copy of the records outgrows the
   * RegionServers' block caches ({@link CacheFit#NONE}), so that a user's reads go below them too, which is where
   * smaller files can save what they cost to decode, and only for a class that reads more than it writes. Every write
   * pays for the compression again when it is flushed and compacted, on the cores the class's reads need, and each arm
   * costs every round a run. Measured on this host, the arm lost in both regimes
   * (results/pcm/smaller-files-disk-2026-12-04).
   */
  static boolean triesSmallerFiles(PcmWorkload workload, CacheFit fit) {
    return fit == CacheFit.NONE && workload.readsMoreThanItWrites();
  }

  /**
   * The candidates for {@code workload} besides HBase's defaults: the paper's policy's values of the searched
   * settings together, then each alone, so that the report tells which of them helped (none where the paper's
   * values are HBase's defaults); then {@link #ROW_INDEX} where {@link #triesRowIndex}, or {@link #SMALLER_FILES} where
   * {@link #triesSmallerFiles}. Values are the paper's for this cluster ({@code paper}).
   */
  static List<CalibrationCandidate> of(PcmWorkload workload, Policy.Evaluated paper, CacheFit fit) {
    if (workload.isLoad()) {
      throw new IllegalArgumentException(workload.label() + " is a load: its candidates are ofLoad's");
    }
    Map<PolicySetting, String> changed = changed(workload, paper);
    List<CalibrationCandidate> candidates = new ArrayList<>();
    if (!changed.isEmpty()) {
      candidates.add(new CalibrationCandidate(PAPER, changed));
    }
    if (changed.size() > 1) {
      changed.forEach((setting, value) -> candidates.add(new CalibrationCandidate(
          PAPER + " " + setting.key() + " alone", Map.of(setting, value))));
    }
    if (triesRowIndex(workload, fit)) {
      candidates.add(ROW_INDEX);
    }
    if (triesSmallerFiles(workload, fit)) {
      candidates.add(SMALLER_FILES);
    }
    return candidates;
  }

  /**
   * The candidates for a bulk load besides HBase's defaults, each on an empty table: the paper's policy (its
   * table-level settings and its pre-split), its table-level settings without the pre-split, and the pre-split alone
   * at the paper's count of regions a RegionServer, half and twice it (1, 2 and 4 where the policy asks for none;
   * the paper's own count not twice where its table settings are HBase's, as on a heap of 1 GiB).
   * The table-level settings go together: one by one they would double the arms of a class whose rounds each begin
   * by emptying every arm's table, and what a load's calibration asks first is how far to split.
   *
   * @param presplitPerServer the paper's regions a RegionServer; 0 for none
   */
  static List<CalibrationCandidate> ofLoad(PcmWorkload workload, Policy.Evaluated paper, int presplitPerServer) {
    if (!workload.isLoad()) {
      throw new IllegalArgumentException(workload.label() + " runs on loaded records: its candidates are of's");
    }
    Map<PolicySetting, String> changed = changed(workload, paper);
    List<CalibrationCandidate> candidates = new ArrayList<>();
    if (!changed.isEmpty() || presplitPerServer > 0) {
      candidates.add(new CalibrationCandidate(PAPER, changed, presplitPerServer));
    }
    if (!changed.isEmpty() && presplitPerServer > 0) {
      candidates.add(new CalibrationCandidate(PAPER + " table settings alone", changed, 0));
    }
    int base = presplitPerServer > 0 ? presplitPerServer : PRESPLIT_WITHOUT_PAPER;
    for (int perServer : new TreeSet<>(List.of(Math.max(1, base / 2), base, base * 2))) {
      // Where the paper's table settings are HBase's, its own pre-split alone is the paper's arm.
      if (perServer != presplitPerServer || !changed.isEmpty()) {
        candidates.add(new CalibrationCandidate(presplitName(perServer), Map.of(), perServer));
      }
    }
    return candidates;
  }

  static String presplitName(int perServer) {
    return "pre-split " + perServer + " a server";
  }

  /** The paper's values of the settings {@code workload} exercises, where they are not HBase's defaults. */
  private static Map<PolicySetting, String> changed(PcmWorkload workload, Policy.Evaluated paper) {
    Map<PolicySetting, String> changed = new LinkedHashMap<>();
    for (PolicySetting setting : papersSearched(workload)) {
      String value = paper.values().get(setting);
      if (value != null && !value.equals(setting.hbaseDefault())) {
        changed.put(setting, value);
      }
    }
    return changed;
  }
}

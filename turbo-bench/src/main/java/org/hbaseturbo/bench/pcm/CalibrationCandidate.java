package org.hbaseturbo.bench.pcm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicySetting;

/**
 * Table-level settings a calibration tries for a class on a table of its own: HBase's defaults (no values), the
 * paper's policy, or one of the paper's settings alone; for a bulk load, also the regions its empty table is
 * pre-split into.
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
   * The settings a class exercises: a read-only class writes no file, so what governs flushes and compactions
   * cannot act under it; how files are stored, where {@link #SMALLER_FILES} is tried ({@link #triesSmallerFiles}).
   */
  static List<PolicySetting> searched(PcmWorkload workload, boolean readsBelowTheCache) {
    List<PolicySetting> searched = new ArrayList<>(READ_PATH);
    if (!workload.workloadClass().readOnly()) {
      searched.addAll(WRITE_PATH);
    }
    if (triesSmallerFiles(workload, readsBelowTheCache)) {
      searched.addAll(STORAGE);
    }
    return searched;
  }

  /**
   * Whether {@link #SMALLER_FILES} is tried for {@code workload}: only where its reads go below the RegionServers'
   * block caches (the records outgrow them), which is where smaller files can save what they cost to decode, and only
   * for a class that reads more than it writes. Every write pays for the compression again when it is flushed and
   * compacted, on the cores the class's reads need, and each arm costs every round a run. Measured on this host, the
   * arm lost in both regimes (results/pcm/smaller-files-disk-2026-12-04).
   */
  static boolean triesSmallerFiles(PcmWorkload workload, boolean readsBelowTheCache) {
    return readsBelowTheCache && workload.readsMoreThanItWrites();
  }

  /**
   * The candidates for {@code workload} besides HBase's defaults: the paper's policy's values of the searched
   * settings together, then each alone, so that the report tells which of them helped (none where the paper's
   * values are HBase's defaults); then {@link #SMALLER_FILES} where {@link #triesSmallerFiles}. Values are the
   * paper's for this cluster ({@code paper}).
   */
  static List<CalibrationCandidate> of(PcmWorkload workload, Policy.Evaluated paper, boolean readsBelowTheCache) {
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
    if (triesSmallerFiles(workload, readsBelowTheCache)) {
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
    // The paper's policies set no encoding or codec: only its own settings can differ from HBase's here.
    for (PolicySetting setting : searched(workload, false)) {
      String value = paper.values().get(setting);
      if (value != null && !value.equals(setting.hbaseDefault())) {
        changed.put(setting, value);
      }
    }
    return changed;
  }
}

package org.hbaseturbo.bench.pcm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicySetting;

/**
 * Table-level settings a calibration tries for a class on a table of its own: HBase's defaults (no values), the
 * paper's policy, or one of the paper's settings alone.
 *
 * @param name how the report names it
 * @param values each setting's value as HBase takes it; empty for HBase's defaults
 */
record CalibrationCandidate(String name, Map<PolicySetting, String> values) {
  static final String DEFAULTS = "defaults";
  static final String PAPER = "paper";

  /** Settings that act only while a class writes: flushes, the memstore's bound, compactions. */
  static final List<PolicySetting> WRITE_PATH = List.of(PolicySetting.FLUSH_SIZE, PolicySetting.BLOCK_MULTIPLIER,
      PolicySetting.BLOCKING_STORE_FILES, PolicySetting.COMPACTION_MIN, PolicySetting.COMPACTION_MAX);
  /** Settings that act on reads: the block size of the files (which a major compaction rewrites). */
  static final List<PolicySetting> READ_PATH = List.of(PolicySetting.BLOCKSIZE);

  CalibrationCandidate {
    values = Map.copyOf(values);
  }

  static CalibrationCandidate defaults() {
    return new CalibrationCandidate(DEFAULTS, Map.of());
  }

  /**
   * The settings a class exercises: a read-only class writes no file, so what governs flushes and compactions
   * cannot act under it.
   */
  static List<PolicySetting> searched(PcmWorkload workload) {
    List<PolicySetting> searched = new ArrayList<>(READ_PATH);
    if (!workload.workloadClass().readOnly()) {
      searched.addAll(WRITE_PATH);
    }
    return searched;
  }

  /**
   * The candidates for {@code workload} besides HBase's defaults: the paper's policy's values of the searched
   * settings together, then each alone, so that the report tells which of them helped; none where the paper's
   * values are HBase's defaults. Values are the paper's for this cluster ({@code paper}).
   */
  static List<CalibrationCandidate> of(PcmWorkload workload, Policy.Evaluated paper) {
    Map<PolicySetting, String> changed = new LinkedHashMap<>();
    for (PolicySetting setting : searched(workload)) {
      String value = paper.values().get(setting);
      if (value != null && !value.equals(setting.hbaseDefault())) {
        changed.put(setting, value);
      }
    }
    List<CalibrationCandidate> candidates = new ArrayList<>();
    if (changed.isEmpty()) {
      return candidates;
    }
    candidates.add(new CalibrationCandidate(PAPER, changed));
    if (changed.size() > 1) {
      changed.forEach((setting, value) -> candidates.add(new CalibrationCandidate(
          PAPER + " " + setting.key() + " alone", Map.of(setting, value))));
    }
    return candidates;
  }
}

package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicySetting;

/**
 * Writes a calibration's choices as policy files that {@code tune watch}, {@code apply} and {@code recommend} take
 * with {@code --policy DIR}: each setting of the paper's policy of each class as measured best on this cluster
 * (HBase's defaults where no candidate beat them), HBase's own where the calibration did not measure it, the paper's
 * heap, with the evidence in comments above. A value not shown to help on this cluster is not taken on the paper's
 * word: with the paper's split policies and a load's fractions, which it does not measure, the calibrated watch lost
 * every phase of the adaptivity run, 0.76x-0.90x the dry run, as its three reopens and a block cache of 0.1 cost it
 * (results/pcm/adaptivity-fixed-load-2026-12-05).
 */
final class CalibratedPolicies {
  private CalibratedPolicies() {
  }

  /** Writes {@code dir/<class>.yaml} for one class's result; returns the file. */
  static Path write(Path dir, PcmWorkload workload, Policy paper, Calibration.ClassResult result, String cluster,
      String when) throws IOException {
    Files.createDirectories(dir);
    List<String> lines = new ArrayList<>();
    lines.add("# " + workload.label() + ", calibrated by 'turbo tune calibrate' on " + cluster + ", " + when + ".");
    lines.add("# Chosen: " + result.chosen() + ". " + result.reason() + ".");
    result.arms().forEach((arm, measured) -> lines.add(String.format("#   %s %s: throughput over the defaults'"
        + " median %.3f (%.3f-%.3f) over %d rounds", arm, measured.values().isEmpty() ? "" : measured.values(),
        measured.median(), measured.min(), measured.max(), measured.ratios().size())));
    List<PolicySetting> searched = CalibrationCandidate.searched(workload,
        result.arms().values().stream().map(Calibration.CandidateResult::values).toList());
    List<String> searchedNames = new ArrayList<>(searched.stream().map(PolicySetting::key).toList());
    if (workload.isLoad()) {
      searchedNames.add("presplit_regions_per_server");
    }
    HeapFractionRounds.Result heap = result.heapFractions();
    boolean heapSearched = heap.searched();
    if (heap.judged()) {
      lines.add(String.format("# Heap fractions %s: %s, rounds %s.", heap.describeCandidate(), heap.reason(),
          heap.ratios().stream().map(ratio -> String.format("%.3f", ratio)).toList()));
    } else if (heapSearched) {
      lines.add("# Heap fractions: " + heap.reason() + "; HBase's, as where no candidate was shown to beat them.");
    } else {
      lines.add("# Heap fractions: " + heap.reason() + "; HBase's, as every setting not measured.");
    }
    if (heapSearched) {
      heap.candidate().keySet().forEach(setting -> searchedNames.add(setting.key()));
    }
    List<String> unmeasured = new ArrayList<>();
    if (!heapSearched) {
      unmeasured.add("the heap fractions");
    }
    if (!workload.isLoad()) {
      unmeasured.add("the pre-split");
    }
    paper.settings().keySet().stream()
        .filter(key -> !searched.contains(key) && !PolicySetting.HEAP_FRACTIONS.contains(key))
        .forEach(key -> unmeasured.add(key.key()));
    lines.add("# Searched: " + String.join(", ", searchedNames) + ". HBase's, not measured: "
        + String.join(", ", unmeasured) + ". The paper's: the heap, which 'tune watch' never changes.");
    lines.add("class: " + paper.workloadClass().label());
    lines.add("source: " + yamlString("calibrated on " + cluster + ", " + when + ", from " + paper.source()));
    lines.add("heap_gb: " + paper.heapGb());
    if (result.presplitRegionsPerServer() == null) {
      paper.presplitRegionsPerServer().ifPresent(regions -> lines.add("# presplit_regions_per_server: not measured"
          + " (the paper's " + regions + "): none, as HBase creates a table"));
    } else if (result.presplitRegionsPerServer() > 0) {
      lines.add("presplit_regions_per_server: " + result.presplitRegionsPerServer() + "  # measured");
    } else {
      lines.add("# presplit_regions_per_server: none, measured: an empty table of one region, as HBase creates it");
    }
    lines.add("settings:");
    paper.settings().forEach((key, papersValue) -> lines.add(settingLine(key, papersValue, searched, result)));
    for (PolicySetting key : searched.stream().filter(key -> !paper.settings().containsKey(key)).toList()) {
      String chosen = result.values().get(key);
      if (chosen == null && CalibrationCandidate.STORAGE.contains(key)) {
        // How a user's files are stored is theirs (a codec chosen for the disk's sake): a policy that found nothing
        // better does not set it back to HBase's.
        lines.add("  # " + key.key() + ": measured, nothing chosen: the table keeps its own");
      } else {
        lines.add("  " + key.key() + ": " + (chosen == null ? key.hbaseDefault() : chosen) + "  # measured");
      }
    }
    Path file = dir.resolve(workload.workloadClass().label() + ".yaml");
    Files.write(file, lines, StandardCharsets.UTF_8);
    return file;
  }

  /** A setting of the paper's policy as calibration leaves it, marked by how its value was come to. */
  private static String settingLine(PolicySetting key, Object papersValue, List<PolicySetting> searched,
      Calibration.ClassResult result) {
    HeapFractionRounds.Result heap = result.heapFractions();
    boolean heapSetting = heap.candidate().containsKey(key);
    String value;
    if (searched.contains(key)) {
      value = result.values().getOrDefault(key, key.hbaseDefault());
    } else if (heapSetting && heap.policyWon()) {
      value = papersValue.toString();
    } else {
      value = key.hbaseDefault();
    }
    String mark;
    if (searched.contains(key) || heapSetting && heap.judged()) {
      mark = "measured";
    } else if (heapSetting && heap.searched()) {
      mark = "HBase's: not judged";
    } else {
      mark = "HBase's: not measured (the paper's: " + papersValue + ")";
    }
    return "  " + key.key() + ": " + value + "  # " + mark;
  }

  private static String yamlString(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}

package org.hbaseturbo.bench.pcm;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The PCM benchmark's results with what is needed to repeat and judge them.
 *
 * @param adaptivity the shifting-mix run; null when it was not run
 */
public record PcmReport(String benchmark, Map<String, Object> machine, Map<String, String> versions,
    Map<String, Object> parameters, List<ClassResult> results, AdaptivityResult adaptivity) {

  /** The classes that ran, in the order they first did. */
  public List<String> classes() {
    return List.copyOf(new LinkedHashSet<>(results.stream().map(ClassResult::workloadClass).toList()));
  }

  /** The result of {@code workloadClass} under {@code variant}, if both ran. */
  public Optional<ClassResult> result(String workloadClass, PcmVariant variant) {
    return results.stream().filter(r -> r.workloadClass().equals(workloadClass)
        && r.variant().equals(variant.label())).findFirst();
  }

  /** The median throughput of {@code workloadClass} under {@code variant}, if both ran. */
  public Optional<Double> throughput(String workloadClass, PcmVariant variant) {
    return result(workloadClass, variant).map(r -> r.ycsb().throughputOpsS());
  }
}

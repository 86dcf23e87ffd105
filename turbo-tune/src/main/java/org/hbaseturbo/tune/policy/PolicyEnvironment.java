package org.hbaseturbo.tune.policy;

import java.util.Map;
import java.util.Set;

/**
 * The cluster a policy is evaluated for: the variables its formulas may use.
 *
 * @param ramGb a RegionServer host's physical memory, GiB
 * @param regionServers live RegionServers
 * @param regionServersPerHost the most RegionServers on one host: the paper's heap is per host, shared by them
 * @param datasetBytes the table's stored bytes (store files)
 * @param regions the table's regions
 */
public record PolicyEnvironment(double ramGb, int regionServers, int regionServersPerHost, double datasetBytes,
    int regions) {
  /** What {@code heap_gb} (the paper's X) may use. */
  static final Set<String> HEAP_VARIABLES = Set.of("ram_gb", "regionservers", "regionservers_per_host",
      "dataset_bytes", "regions");
  /** What the settings' formulas may use. */
  static final Set<String> SETTING_VARIABLES = Set.of("ram_gb", "regionservers", "regionservers_per_host",
      "dataset_bytes", "regions", "heap_gb");

  Map<String, Double> variables(double heapGb) {
    return Map.of("ram_gb", ramGb, "regionservers", (double) regionServers, "regionservers_per_host",
        (double) regionServersPerHost, "dataset_bytes", datasetBytes, "regions", (double) Math.max(1, regions),
        "heap_gb", heapGb);
  }
}

package org.hbaseturbo.client.stats;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Each table's operation counts, summed over the cluster's RegionServers, and each RegionServer's state, at one
 * instant.
 *
 * @param nanoTime when it was read, on this JVM's {@link System#nanoTime()} clock
 * @param counted who kept the counts: each RegionServer by its name (host, port and start code), or each JVM by its
 *     process id for a server jar that counts per JVM; counts since another set are meaningless
 */
public record WorkloadReading(long nanoTime, List<String> counted, Map<String, TableOperationCounts> tables,
    List<RegionServerState> servers) {

  /**
   * What each table was asked between {@code earlier} and this reading: a table that appeared in between counts
   * from zero.
   *
   * @throws IllegalStateException when the RegionServers changed in between (a restart resets the counts)
   */
  public Map<String, TableOperationCounts> tablesSince(WorkloadReading earlier) {
    if (!new java.util.HashSet<>(counted).equals(new java.util.HashSet<>(earlier.counted))) {
      throw new IllegalStateException("the RegionServers changed in between (one restarted, crashed or stopped), so"
          + " the operation counts restarted; read again");
    }
    Map<String, TableOperationCounts> since = new TreeMap<>();
    tables.forEach((table, counts) ->
        since.put(table, counts.minus(earlier.tables.getOrDefault(table, TableOperationCounts.NONE))));
    return since;
  }
}

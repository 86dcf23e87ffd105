package org.hbaseturbo.client.stats;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Each table's operation counts, summed over the cluster's RegionServer JVMs, and each RegionServer's state, at one
 * instant.
 *
 * @param nanoTime when it was read, on this JVM's {@link System#nanoTime()} clock
 * @param processes the RegionServer JVMs the counts came from; counts since another set of JVMs are meaningless
 */
public record WorkloadReading(long nanoTime, List<String> processes, Map<String, TableOperationCounts> tables,
    List<RegionServerState> servers) {

  /**
   * What each table was asked between {@code earlier} and this reading: a table that appeared in between counts
   * from zero.
   *
   * @throws IllegalStateException when the RegionServer JVMs changed in between (a restart resets the counts)
   */
  public Map<String, TableOperationCounts> tablesSince(WorkloadReading earlier) {
    if (!new java.util.HashSet<>(processes).equals(new java.util.HashSet<>(earlier.processes))) {
      throw new IllegalStateException("the RegionServer processes changed in between (a RegionServer restarted or"
          + " crashed), so the operation counts restarted; read again");
    }
    Map<String, TableOperationCounts> since = new TreeMap<>();
    tables.forEach((table, counts) ->
        since.put(table, counts.minus(earlier.tables.getOrDefault(table, TableOperationCounts.NONE))));
    return since;
  }
}

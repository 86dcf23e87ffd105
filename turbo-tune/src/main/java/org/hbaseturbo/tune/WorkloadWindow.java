package org.hbaseturbo.tune;

import java.util.List;
import java.util.Map;
import org.hbaseturbo.client.stats.OperationLatencies;
import org.hbaseturbo.client.stats.RegionServerState;

/**
 * What clients asked of the cluster over one window, classified, and the servers' state at its end.
 *
 * @param seconds the window's length as measured
 * @param cluster the user tables together (system tables left out: clients read meta to find regions)
 * @param tables each user table that was asked anything, or held no data at the start
 * @param servers each RegionServer's state at the end of the window
 */
public record WorkloadWindow(double seconds, TableWorkload cluster, Map<String, TableWorkload> tables,
    List<RegionServerState> servers) {

  /**
   * One table's (or the cluster's) window.
   *
   * @param operationsPerSecond reads and writes per second over the window
   * @param latencies how long those that came over RPC took
   */
  public record TableWorkload(Classification classification, double operationsPerSecond,
      OperationLatencies latencies) {
  }
}

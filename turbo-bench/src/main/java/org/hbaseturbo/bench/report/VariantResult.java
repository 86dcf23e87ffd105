package org.hbaseturbo.bench.report;

import java.util.List;
import java.util.Map;

/**
 * One variant at one client count, medians over {@code runs} repeated runs: the result shape every Turbo
 * benchmark shares (ARCHITECTURE.md).
 *
 * @param latencyUs latency of {@code latencyOperation}, the phase's most frequent operation type
 * @param bytesPerOp bytes the RegionServers received and sent per operation, over RPC and the fast path; null
 *     when the servers do not run the stats endpoint
 * @param linkBytesPerOp bytes on the emulated link (both directions, with IP/TCP headers) per operation;
 *     null on loopback
 * @param serverCpuUsPerOp null when the servers do not run the stats endpoint
 * @param operations medians per operation type
 * @param failures operations that returned an error, summed over all runs (must be 0 for a valid result)
 * @param serverProcesses each RegionServer JVM's CPU and memory; null when the servers do not run the stats
 *     endpoint
 * @param perRun each run's own figures, in run order, so that two variants run in turn can be compared run by
 *     run; empty when a report was not made from runs
 */
public record VariantResult(String variant, int clients, double throughputOpsS, Latency latencyUs,
    String latencyOperation, Double bytesPerOp, Double linkBytesPerOp, double clientCpuUsPerOp,
    Double serverCpuUsPerOp, int runs, long operationsPerRun, long failures,
    Map<String, OperationResult> operations, List<ServerProcessResult> serverProcesses, List<RunFigures> perRun) {

  public VariantResult {
    perRun = perRun == null ? List.of() : List.copyOf(perRun);
  }

  /** The medians in the shape of one run's figures, so that one ratio serves runs and medians alike. */
  public RunFigures medians() {
    return new RunFigures(throughputOpsS, clientCpuUsPerOp, serverCpuUsPerOp, latencyUs.p50());
  }

  /**
   * One run's throughput, CPU and latency.
   *
   * @param serverCpuUsPerOp null when the servers do not run the stats endpoint
   * @param p50Us median latency of the result's {@code latencyOperation}; null in reports written before it was kept
   */
  public record RunFigures(double throughputOpsS, double clientCpuUsPerOp, Double serverCpuUsPerOp, Double p50Us) {
  }

  /** Medians of one operation type over the runs. */
  public record OperationResult(long count, double averageUs, Latency latencyUs) {
  }
}

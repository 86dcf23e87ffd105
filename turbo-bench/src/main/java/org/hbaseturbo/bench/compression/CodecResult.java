package org.hbaseturbo.bench.compression;

import java.util.Map;
import org.hbaseturbo.advisor.CodecSpeed;
import org.hbaseturbo.bench.report.Latency;

/**
 * One codec of the compression benchmark: the shared result fields (ARCHITECTURE.md) for the inserts, and the
 * paper's other measures, each the median over {@code runs}.
 *
 * @param throughputOpsS insert requests per second (one row per request)
 * @param latencyUs latency of one insert request
 * @param bytesPerOp RegionServer RPC bytes per insert; null without the stats endpoint
 * @param storageBytes the table's store files after the inserts and a flush; null when the cluster's file system
 *     is not readable from the client
 * @param storageReportedMb the same as the RegionServers report it (whole megabytes per region)
 * @param storageVsNone storage relative to the codec NONE of the same run (0.1 = ten times smaller)
 * @param selectSeconds time of the full-table select of each share of the rows ("25%" ...)
 * @param selectServerCpuSeconds RegionServer CPU time of each select; empty without the stats endpoint
 * @param blocks the codec alone on the same rows' cells, in 64 KiB blocks, in the benchmark's JVM
 */
public record CodecResult(String variant, int clients, double throughputOpsS, Latency latencyUs,
    String latencyOperation, Double bytesPerOp, double clientCpuUsPerOp, Double serverCpuUsPerOp, int runs,
    long rows, Long storageBytes, double storageReportedMb, Double storageVsNone, Map<String, Double> selectSeconds,
    Map<String, Double> selectServerCpuSeconds, CodecSpeed blocks) {
}

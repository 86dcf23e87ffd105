package org.hbaseturbo.bench.report;

import java.util.List;

/**
 * What one RegionServer JVM used over a variant's runs: with the process cluster, one per RegionServer; embedded,
 * one for all.
 *
 * @param regionServers the RegionServers this JVM ran
 * @param cpuUsPerOp its CPU time per operation, median over the runs it served
 * @param residentBytes its resident set after the last run; null where the OS does not tell
 * @param heapUsedBytes heap in use after the last run
 * @param heapMaxBytes its maximum heap
 */
public record ServerProcessResult(List<String> regionServers, double cpuUsPerOp, Long residentBytes,
    long heapUsedBytes, long heapMaxBytes) {
}

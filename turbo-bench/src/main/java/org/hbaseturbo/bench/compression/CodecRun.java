package org.hbaseturbo.bench.compression;

import java.util.List;
import org.hbaseturbo.advisor.FamilyStorage;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.client.stats.ServerCounters;

/**
 * One codec in one run of the compression benchmark, as its client JVM measured it.
 *
 * @param insertServer what the inserts cost the RegionServers; null without the stats endpoint
 * @param storage the table's store files after the inserts and a flush
 */
public record CodecRun(String codec, long rows, double insertSeconds, Latency insertLatencyUs,
    long insertClientCpuNanos, ServerCounters insertServer, FamilyStorage storage, List<Select> selects) {

  public double insertRequestsPerSecond() {
    return insertSeconds == 0 ? 0 : rows / insertSeconds;
  }

  /**
   * A full-table scan returning {@code percent} of the rows, with the block cache bypassed so that every run
   * reads (and decompresses) the store files.
   *
   * @param serverCpuNanos null without the stats endpoint
   */
  public record Select(int percent, long rows, double seconds, long clientCpuNanos, Long serverCpuNanos) {
  }
}

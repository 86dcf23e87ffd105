package org.hbaseturbo.server.workload;

import java.util.concurrent.atomic.LongAdder;
import org.hbaseturbo.common.LatencyBuckets;

/** Operations clients asked of one table's regions in this JVM since it started, by type, and their latencies. */
final class TableOperationCounters {
  final LongAdder gets = new LongAdder();
  final LongAdder scans = new LongAdder();
  final LongAdder scanRows = new LongAdder();
  final LongAdder puts = new LongAdder();
  final LongAdder deletes = new LongAdder();
  final LongAdder increments = new LongAdder();
  final LongAdder appends = new LongAdder();
  final LongAdder bulkLoadedFiles = new LongAdder();
  /** Operations by latency, one counter per {@link LatencyBuckets} bucket. */
  private final LongAdder[] latencies = new LongAdder[LatencyBuckets.COUNT];

  TableOperationCounters() {
    for (int i = 0; i < latencies.length; i++) {
      latencies[i] = new LongAdder();
    }
  }

  void latency(long millis) {
    latencies[LatencyBuckets.of(millis)].increment();
  }

  long[] latencies() {
    long[] counts = new long[latencies.length];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = latencies[i].sum();
    }
    return counts;
  }
}

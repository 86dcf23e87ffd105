package org.hbaseturbo.bench.ycsb;

import java.util.Map;

/**
 * YCSB's measurements of one operation type in one phase (latencies in microseconds, from YCSB's
 * HdrHistogram measurement).
 *
 * @param returns count per YCSB return code (OK, NOT_FOUND, ERROR, ...)
 */
public record OperationStats(long operations, double averageUs, double p50Us, double p95Us, double p99Us,
    double maxUs, Map<String, Long> returns) {

  /** Operations that did not succeed: any return other than OK, BATCHED_OK and NOT_FOUND. */
  public long failures() {
    return returns.entrySet().stream()
        .filter(e -> !e.getKey().equals("OK") && !e.getKey().equals("BATCHED_OK") && !e.getKey().equals("NOT_FOUND"))
        .mapToLong(Map.Entry::getValue).sum();
  }
}

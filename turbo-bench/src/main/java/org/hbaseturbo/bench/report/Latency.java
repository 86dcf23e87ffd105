package org.hbaseturbo.bench.report;

/** Latency percentiles in microseconds. */
public record Latency(double p50, double p95, double p99) {
}

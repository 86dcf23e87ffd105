package org.hbaseturbo.client.stats;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import org.hbaseturbo.common.LatencyBuckets;

/**
 * How many operations took each latency, as the server jar's WorkloadObserver counts them over RPC: from a call's
 * arrival at a RegionServer to the operation's end, in the buckets of {@link LatencyBuckets}. Immutable.
 */
public final class OperationLatencies {
  /** No operation counted: from a server jar that counts no latencies, or before any operation came. */
  public static final OperationLatencies NONE = new OperationLatencies(new long[LatencyBuckets.COUNT]);

  private final long[] counts;

  private OperationLatencies(long[] counts) {
    this.counts = counts;
  }

  /**
   * The counts a server sent, one per bucket. A server jar older than the field sends none, and one whose buckets
   * differ from this jar's sends another number of them: neither counts here.
   */
  public static OperationLatencies of(List<Long> buckets) {
    if (buckets.size() != LatencyBuckets.COUNT) {
      return NONE;
    }
    return new OperationLatencies(buckets.stream().mapToLong(Long::longValue).toArray());
  }

  /** Operations counted. */
  public long count() {
    return Arrays.stream(counts).sum();
  }

  /**
   * The latency {@code fraction} of the operations took at most, in milliseconds (the upper bound of its bucket),
   * or empty when none was counted.
   *
   * @param fraction 0.99 for the 99th percentile
   */
  public OptionalLong percentileMillis(double fraction) {
    if (!(fraction > 0 && fraction <= 1)) {
      throw new IllegalArgumentException("a percentile is a fraction in (0, 1], not " + fraction);
    }
    long total = count();
    if (total == 0) {
      return OptionalLong.empty();
    }
    long rank = (long) Math.ceil(fraction * total);
    long seen = 0;
    for (int bucket = 0; bucket < counts.length; bucket++) {
      seen += counts[bucket];
      if (seen >= rank) {
        return OptionalLong.of(LatencyBuckets.upperBound(bucket));
      }
    }
    throw new AssertionError("the buckets hold " + seen + " of " + total + " operations");
  }

  /** The 99th percentile, the one a policy's trial bounds and the tune commands show. */
  public OptionalLong p99Millis() {
    return percentileMillis(0.99);
  }

  /** The JSON form's {@code operations}: {@link #count()}. JSON writers see getters; this jar has no Jackson. */
  public long getOperations() {
    return count();
  }

  /** The JSON form's {@code p99_millis}: the 99th percentile, null when none was counted. */
  public Long getP99Millis() {
    OptionalLong p99 = p99Millis();
    return p99.isPresent() ? p99.getAsLong() : null;
  }

  public OperationLatencies plus(OperationLatencies other) {
    long[] sum = new long[counts.length];
    Arrays.setAll(sum, i -> counts[i] + other.counts[i]);
    return new OperationLatencies(sum);
  }

  /** What was counted since {@code earlier}, a reading of the same servers. */
  public OperationLatencies minus(OperationLatencies earlier) {
    long[] since = new long[counts.length];
    Arrays.setAll(since, i -> counts[i] - earlier.counts[i]);
    return new OperationLatencies(since);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof OperationLatencies latencies && Arrays.equals(counts, latencies.counts);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(counts);
  }

  @Override
  public String toString() {
    return count() + " operations, p99 " + p99Millis().stream().mapToObj(p99 -> p99 + " ms").findFirst()
        .orElse("none");
  }
}

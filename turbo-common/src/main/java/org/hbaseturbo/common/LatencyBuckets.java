package org.hbaseturbo.common;

/**
 * The buckets the servers count operation latencies in, and that readers take percentiles from: whole milliseconds,
 * the resolution of the clock HBase's RPC server stamps a call's arrival with. Exact below 16 ms; beyond, four
 * buckets to each power of two (each at most a quarter wider than its lower bound), to 2^20 ms (17 minutes), whose
 * bucket also takes anything longer. 80 counters per table cover every latency a server sees.
 */
public final class LatencyBuckets {
  /** Latencies below this many milliseconds have a bucket each. */
  private static final int EXACT = 16;
  private static final int EXACT_EXPONENT = 4;
  /** Buckets to each power of two beyond {@link #EXACT}: two bits after the leading one. */
  private static final int SUB_BITS = 2;
  private static final int SUB = 1 << SUB_BITS;
  private static final int MAX_EXPONENT = 20;

  /** How many buckets there are. */
  public static final int COUNT = EXACT + SUB * (MAX_EXPONENT - EXACT_EXPONENT);

  private LatencyBuckets() {
  }

  /** The bucket of a latency of {@code millis} (a negative one, from a clock set back, counts as 0). */
  public static int of(long millis) {
    if (millis < EXACT) {
      return (int) Math.max(0, millis);
    }
    int exponent = 63 - Long.numberOfLeadingZeros(millis);
    if (exponent >= MAX_EXPONENT) {
      return COUNT - 1;
    }
    int sub = (int) (millis >>> (exponent - SUB_BITS)) & (SUB - 1);
    return EXACT + SUB * (exponent - EXACT_EXPONENT) + sub;
  }

  /**
   * The longest latency bucket {@code bucket} holds, in milliseconds: a percentile read from the buckets is this
   * bound, never below the latency it stands for (the last bucket's bound is its own; it holds longer ones too).
   */
  public static long upperBound(int bucket) {
    if (bucket < 0 || bucket >= COUNT) {
      throw new IllegalArgumentException("latency bucket " + bucket + " is not one of 0.." + (COUNT - 1));
    }
    if (bucket < EXACT) {
      return bucket;
    }
    int exponent = EXACT_EXPONENT + (bucket - EXACT) / SUB;
    int sub = (bucket - EXACT) % SUB;
    long width = 1L << (exponent - SUB_BITS);
    return (1L << exponent) + (sub + 1) * width - 1;
  }
}

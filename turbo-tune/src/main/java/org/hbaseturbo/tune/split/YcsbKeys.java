package org.hbaseturbo.tune.split;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The keys YCSB's core workload inserts: record numbers {@code start} to {@code start + count - 1}, each written as
 * {@code "user"}, zeros up to {@code zeroPadding} digits, then the number itself ({@code insertorder=ordered}) or its
 * 64-bit FNV-1a hash ({@code insertorder=hashed}, YCSB's default), as {@code CoreWorkload.buildKeyName} makes them.
 * Hashed keys are not uniform over {@code user0..user9}: the split points in YCSB's HBase README leave the upper
 * regions nearly empty, which the quantiles of the real keys do not.
 *
 * <p>Rebuilt here, and not called in YCSB, because the tuner takes no benchmark code; turbo-bench's tests check it
 * against YCSB's own {@code Utils.hash}.
 */
public record YcsbKeys(long start, long count, boolean hashed, int zeroPadding) implements SplitKeys {
  /** Beyond this many records the quantiles come from an evenly spaced sample of the record numbers. */
  private static final int MAX_KEYS_SAMPLED = 200_000;
  /** FNV-1a, 64 bits, as YCSB's {@code Utils.fnvhash64} has it. */
  private static final long FNV_OFFSET_BASIS_64 = 0xCBF29CE484222325L;
  private static final long FNV_PRIME_64 = 1099511628211L;

  public YcsbKeys {
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1, was " + count);
    }
  }

  @Override
  public List<byte[]> splitPoints(int regions) {
    long step = Math.max(1, count / MAX_KEYS_SAMPLED);
    List<byte[]> sample = new ArrayList<>();
    for (long n = start; n < start + count; n += step) {
      sample.add(Bytes.toBytes(keyName(n, hashed, zeroPadding)));
    }
    return SplitPoints.quantiles(sample, regions);
  }

  @Override
  public String describe() {
    return String.format("YCSB's %s keys of %,d records", hashed ? "hashed" : "ordered", count);
  }

  /** YCSB's key for record {@code number}. */
  public static String keyName(long number, boolean hashed, int zeroPadding) {
    String digits = Long.toString(hashed ? hash(number) : number);
    return "user" + "0".repeat(Math.max(0, zeroPadding - digits.length())) + digits;
  }

  /** YCSB's {@code Utils.hash}: FNV-1a over the number's 8 bytes, low byte first, made non-negative. */
  static long hash(long number) {
    long hash = FNV_OFFSET_BASIS_64;
    long rest = number;
    for (int i = 0; i < 8; i++) {
      hash ^= rest & 0xFF;
      rest >>= 8;
      hash *= FNV_PRIME_64;
    }
    return Math.abs(hash);
  }
}

package org.hbaseturbo.tune.policy;

import java.util.Locale;
import java.util.Optional;
import org.hbaseturbo.tune.HeapTuner;

/**
 * How much of a RegionServer's heap a policy's memstore and block cache may take together, so that the heap tuner's
 * guard does not hold them back once they fill (issue 48, item 4).
 *
 * <p>HBase bounds the two fractions at 0.8 of the heap together. Turbo's heap tuner grows neither while
 * {@link HeapTuner#HOLD_ABOVE} of the heap is in use after a collection, and a RegionServer holds more than its
 * memstore and cache: {@link #OWN_BYTES}, whatever the heap's size. Both fractions do fill: the cache with reads,
 * and the memstore's share stays on the heap in MSLAB's chunk pool once writes have filled it. In a 1 GiB heap the
 * fractions may then take 0.62 together (the paper's read-only policy asks 0.7, its mixed ones 0.8), in 6 GiB 0.73.
 * They are scaled down together, each kept at {@link #FLOOR} or above (the least Turbo's clusters let the tuner
 * go). A pair the servers already run is left as it is ({@link Policy#evaluate(PolicyEnvironment, java.util.Map)}):
 * the guard holds a fraction back only while it grows.
 */
final class HeapHeadroom {
  /**
   * What else a RegionServer's heap holds, beside its memstore (and MSLAB's chunk pool, which keeps up to the
   * memstore's limit in chunks after flushes) and its block cache: 56 MiB after a full collection in a 1 GiB
   * RegionServer reading from disk (results/pcm/headroom-2026-12-01), doubled, since the LRU cache runs a little past
   * its size before it evicts and a collection leaves some garbage.
   */
  static final long OWN_BYTES = 128L << 20;
  /** The least either fraction is given: the tuner's range floor on Turbo's clusters. */
  static final double FLOOR = 0.1;

  private HeapHeadroom() {
  }

  /**
   * The most memstore and block cache may take together of {@code heapBytes}: always under HBase's own 0.8, which
   * the policy's values were checked against before they are fitted.
   */
  static double limit(long heapBytes) {
    return Math.max(2 * FLOOR, HeapTuner.HOLD_ABOVE - (double) OWN_BYTES / heapBytes);
  }

  /**
   * The two fractions, scaled down to {@link #limit} where they exceed it; empty where they fit as they are.
   *
   * @param memstore the policy's memstore fraction
   * @param blockCache the policy's block cache fraction
   */
  static Optional<Fitted> fit(double memstore, double blockCache, long heapBytes) {
    double limit = limit(heapBytes);
    if (memstore + blockCache <= limit) {
      return Optional.empty();
    }
    double scale = limit / (memstore + blockCache);
    double fittedMemstore = Math.max(Math.min(memstore, FLOOR), memstore * scale);
    double fittedCache = Math.max(Math.min(blockCache, FLOOR), blockCache * scale);
    // A fraction held at the floor leaves the other the rest of the limit.
    if (fittedMemstore + fittedCache > limit) {
      if (fittedMemstore <= FLOOR) {
        fittedCache = limit - fittedMemstore;
      } else {
        fittedMemstore = limit - fittedCache;
      }
    }
    return Optional.of(new Fitted(memstore, blockCache, round(fittedMemstore), round(fittedCache), limit,
        heapBytes));
  }

  /** HBase's tuner and this policy's values both work in thousandths at most. */
  private static double round(double fraction) {
    return Math.floor(fraction * 1000) / 1000;
  }

  /**
   * A policy's fractions fitted to a heap.
   *
   * @param limit the most they may take together
   */
  record Fitted(double policyMemstore, double policyBlockCache, double memstore, double blockCache, double limit,
      long heapBytes) {
    /** What changed and why, for the user who asked for the policy's values. */
    String describe() {
      return String.format(Locale.ROOT, "memstore %s -> %s and block cache %s -> %s: together at most %.2f of a"
          + " %s heap, which leaves %d MiB for the rest of a RegionServer and keeps the heap under the tuner's"
          + " guard (%.0f%% in use after a collection) once both are full", Policy.stripZeros(policyMemstore),
          Policy.stripZeros(memstore), Policy.stripZeros(policyBlockCache), Policy.stripZeros(blockCache), limit,
          size(heapBytes), OWN_BYTES >> 20, HeapTuner.HOLD_ABOVE * 100);
    }

    private static String size(long bytes) {
      return bytes % (1L << 30) == 0 ? (bytes >> 30) + " GiB" : (bytes >> 20) + " MiB";
    }
  }
}

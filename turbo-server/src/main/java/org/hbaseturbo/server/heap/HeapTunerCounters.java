package org.hbaseturbo.server.heap;

import java.util.concurrent.atomic.LongAdder;

/**
 * What {@link PolicyHeapMemoryTuner} did in this JVM, for the metrics ({@link HeapTunerMetrics}). HBase makes the
 * tuner and never stops it, so its figures live beside it, one set per JVM.
 */
final class HeapTunerCounters {
  /** Periods HBase asked the tuner for fractions. */
  static final LongAdder PERIODS = new LongAdder();
  /** Periods in which it moved a fraction. */
  static final LongAdder STEPS = new LongAdder();
  /** Periods whose targets differed from the period before's: a PCM switch or rollback that reached the server. */
  static final LongAdder TARGET_CHANGES = new LongAdder();
  /** As of the last period; NaN before the first, or where it had no target. */
  static volatile float memstoreTarget = Float.NaN;
  static volatile float blockCacheTarget = Float.NaN;
  static volatile float memstoreFraction = Float.NaN;
  static volatile float blockCacheFraction = Float.NaN;
  /** Whether a period has been seen, so that the first targets are not counted as a change. */
  private static boolean seen;

  private HeapTunerCounters() {
  }

  /** One period: the targets in force (NaN for none) and the fractions it leaves. */
  static synchronized void period(float memstoreTarget, float blockCacheTarget, float memstore, float blockCache,
      boolean stepped) {
    PERIODS.increment();
    if (stepped) {
      STEPS.increment();
    }
    if (seen && (!same(memstoreTarget, HeapTunerCounters.memstoreTarget)
        || !same(blockCacheTarget, HeapTunerCounters.blockCacheTarget))) {
      TARGET_CHANGES.increment();
    }
    seen = true;
    HeapTunerCounters.memstoreTarget = memstoreTarget;
    HeapTunerCounters.blockCacheTarget = blockCacheTarget;
    memstoreFraction = memstore;
    blockCacheFraction = blockCache;
  }

  private static boolean same(float a, float b) {
    return Float.isNaN(a) ? Float.isNaN(b) : a == b;
  }
}

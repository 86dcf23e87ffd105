package org.hbaseturbo.server.heap;

import com.sun.management.GcInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How full this JVM's heap was right after its latest garbage collection, as a fraction of the maximum heap: the
 * memory that stays in use, which a reading at any other moment overstates by the garbage not collected yet. HBase's
 * {@code HeapMemoryManager} takes the latter, and stops asking its tuner only above 95% of it.
 */
final class HeapAfterGc {
  private HeapAfterGc() {
  }

  /** The fraction, or 0 before the first collection (or where the JVM does not tell). */
  static double fraction() {
    long max = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax();
    Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(pool -> pool.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName)
        .collect(Collectors.toSet());
    GcInfo latest = null;
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof com.sun.management.GarbageCollectorMXBean withInfo) {
        GcInfo info = withInfo.getLastGcInfo();
        if (info != null && (latest == null || info.getEndTime() > latest.getEndTime())) {
          latest = info;
        }
      }
    }
    if (latest == null || max <= 0) {
      return 0;
    }
    long used = latest.getMemoryUsageAfterGc().entrySet().stream().filter(pool -> heapPools.contains(pool.getKey()))
        .mapToLong(pool -> pool.getValue().getUsed()).sum();
    return (double) used / max;
  }
}

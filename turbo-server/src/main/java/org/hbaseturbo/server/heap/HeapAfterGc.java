package org.hbaseturbo.server.heap;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * How full this JVM's heap stays after garbage collection, as a fraction of the maximum heap: the least any
 * collection since the previous reading left in use. A reading at any other moment overstates what stays in use by
 * the garbage not collected yet; HBase's {@code HeapMemoryManager} takes such a reading, and stops asking its tuner
 * only above 95% of it.
 *
 * <p>Why the least and not the latest: G1's young collections leave the old generation's garbage in place until a
 * mixed collection, and a block cache that evicts makes that garbage fast. In a 1 GiB RegionServer reading from disk
 * at HBase's defaults, the old generation between collections read 62-97% while a full collection kept 69-86%
 * (results/pcm/headroom-2026-12-01): the latest collection's figure alone held the tuner back on garbage. Every
 * collection leaves at least what is live, so the least of them still rises with the live heap, which is what the
 * tuner's guard is for.
 */
final class HeapAfterGc {
  private static final HeapAfterGc JVM = listening();

  private final Set<String> heapPools;
  /** The least heap in use after a collection since the last reading; {@link Long#MAX_VALUE} for none. */
  private final AtomicLong least = new AtomicLong(Long.MAX_VALUE);

  HeapAfterGc(Set<String> heapPools) {
    this.heapPools = Set.copyOf(heapPools);
  }

  /** This JVM's, which hears every collection from the first use of this class on. */
  static HeapAfterGc jvm() {
    return JVM;
  }

  /** The fraction for this JVM; before its first collection (or where the JVM does not tell), 0. */
  double fraction() {
    return read(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax(), this::latest);
  }

  /**
   * The least heap in use after the collections since the previous reading, as a fraction of {@code maxBytes}; with
   * no collection since, what the latest one left ({@code latest}, in bytes).
   */
  double read(long maxBytes, LongSupplier latest) {
    if (maxBytes <= 0) {
      return 0;
    }
    long used = least.getAndSet(Long.MAX_VALUE);
    return (double) (used == Long.MAX_VALUE ? latest.getAsLong() : used) / maxBytes;
  }

  /** A collection left these pools in use. */
  void collected(Map<String, MemoryUsage> afterGc) {
    least.accumulateAndGet(inUse(afterGc), Math::min);
  }

  private long inUse(Map<String, MemoryUsage> afterGc) {
    return afterGc.entrySet().stream().filter(pool -> heapPools.contains(pool.getKey()))
        .mapToLong(pool -> pool.getValue().getUsed()).sum();
  }

  private static HeapAfterGc listening() {
    HeapAfterGc heap = new HeapAfterGc(heapPools());
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener((notification, handback) -> {
          if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            heap.collected(GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData())
                .getGcInfo().getMemoryUsageAfterGc());
          }
        }, null, null);
      }
    }
    return heap;
  }

  private static Set<String> heapPools() {
    return ManagementFactory.getMemoryPoolMXBeans().stream().filter(pool -> pool.getType() == MemoryType.HEAP)
        .map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
  }

  /** What the latest collection of any collector left in use, in bytes; 0 before the first. */
  private long latest() {
    GcInfo latest = null;
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof com.sun.management.GarbageCollectorMXBean withInfo) {
        GcInfo info = withInfo.getLastGcInfo();
        if (info != null && (latest == null || info.getEndTime() > latest.getEndTime())) {
          latest = info;
        }
      }
    }
    return latest == null ? 0 : inUse(latest.getMemoryUsageAfterGc());
  }
}

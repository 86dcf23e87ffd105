package org.hbaseturbo.server.scan;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.hbaseturbo.wire.scan.PreparedScanError;

/**
 * What Prepared Scan's endpoints did in this JVM since it started, all routes and regions together, for the metrics
 * ({@link PreparedScanMetrics}). One per JVM, as {@code WorkloadCounters}: a RegionServer's regions come and go, and
 * the figures must not go with them.
 */
final class PreparedScanCounters {
  static final LongAdder PREPARES = new LongAdder();
  static final LongAdder EXECUTES = new LongAdder();
  private static final Map<PreparedScanError, LongAdder> REFUSED = new EnumMap<>(PreparedScanError.class);

  static {
    for (PreparedScanError error : PreparedScanError.values()) {
      REFUSED.put(error, new LongAdder());
    }
  }

  private PreparedScanCounters() {
  }

  static void refused(PreparedScanError error) {
    REFUSED.get(error).increment();
  }

  static long refusedFor(PreparedScanError error) {
    return REFUSED.get(error).sum();
  }
}

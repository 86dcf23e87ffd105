package org.hbaseturbo.server.scan;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One daemon thread per RegionServer JVM that expires the prepared scans and cursors of every region that
 * has the endpoint. A thread per region would be thousands of threads; HBase's ChoreService is not reachable
 * from a region coprocessor.
 */
final class LeaseReaper {
  private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(task -> {
    Thread thread = new Thread(task, "PreparedScanLeaseReaper");
    thread.setDaemon(true);
    return thread;
  });

  private LeaseReaper() {
  }

  /** Checks the region's leases every quarter lease, so that nothing outlives its lease by more than that. */
  static ScheduledFuture<?> watch(RegionPreparedScans scans, long leaseNanos) {
    long period = Math.max(TimeUnit.MILLISECONDS.toNanos(100), leaseNanos / 4);
    return TIMER.scheduleWithFixedDelay(() -> scans.expire(System.nanoTime()), period, period,
        TimeUnit.NANOSECONDS);
  }
}

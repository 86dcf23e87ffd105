package org.hbaseturbo.server.scan;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.hbaseturbo.wire.Settings;

/**
 * The endpoint's settings for one region, read from the region's configuration: the RegionServer's
 * {@code hbase-site.xml} overlaid with the table's values, so a table may set its own.
 *
 * @param lease how long a prepared scan or cursor lives without use
 * @param maxReplyBytes when a reply stops taking rows
 * @param maxScansPerRegion prepared scans all users together may keep in one region
 * @param maxBytesPerRegion their {@link PreparedState#chargedBytes() charged bytes} in one region
 * @param maxCursorsPerRegion cursors all users together may keep open in one region
 * @param timeLimit how long one execute reads before it replies with what it has
 */
record PreparedScanConfig(Duration lease, long maxReplyBytes, long maxScansPerRegion, long maxBytesPerRegion,
    long maxCursorsPerRegion, ExecuteTimeLimit timeLimit) {
  static final String LEASE_KEY = "turbo.prepared-scan.lease";
  static final String MAX_SCANS_PER_REGION_KEY = "turbo.prepared-scan.region.max-scans";
  static final String MAX_BYTES_PER_REGION_KEY = "turbo.prepared-scan.region.max-bytes";
  static final String MAX_CURSORS_PER_REGION_KEY = "turbo.prepared-scan.region.max-cursors";
  /**
   * A region serving 10,000 prepared scans is far beyond any client we know of (a YCSB client prepares one per
   * thread); the count bounds the map's entries, the bytes what they hold.
   */
  static final long DEFAULT_MAX_SCANS_PER_REGION = 10_000;
  /** 16 MiB: 10,000 typical prepared scans (~1 KiB charged each) fit; 16 scans carrying a 1 MB filter do. */
  static final long DEFAULT_MAX_BYTES_PER_REGION = 16L << 20;
  /**
   * As many as one user may keep on the RegionServer ({@link ServerLimits#DEFAULT_MAX_CURSORS_PER_USER}): a region
   * read by a thousand threads at once, and no more than a quarter of the server's, so that one hot region leaves
   * cursors for the others.
   */
  static final long DEFAULT_MAX_CURSORS_PER_REGION = 1_000;

  static PreparedScanConfig from(Configuration conf) {
    // A cursor is a native scanner by another name: unless told, it lives as long as HBase lets one idle.
    Duration lease = Settings.duration(conf, LEASE_KEY, Duration.ofMillis(conf.getLong(
        HConstants.HBASE_CLIENT_SCANNER_TIMEOUT_PERIOD, HConstants.DEFAULT_HBASE_CLIENT_SCANNER_TIMEOUT_PERIOD)),
        TimeUnit.MILLISECONDS, Duration.ofMillis(1));
    // The native scan's cap on one reply, so that a reply of wide rows stays as large as a native one.
    long maxReplyBytes = conf.getLong(HConstants.HBASE_CLIENT_SCANNER_MAX_RESULT_SIZE_KEY,
        HConstants.DEFAULT_HBASE_CLIENT_SCANNER_MAX_RESULT_SIZE);
    return new PreparedScanConfig(lease, maxReplyBytes,
        Settings.count(conf, MAX_SCANS_PER_REGION_KEY, DEFAULT_MAX_SCANS_PER_REGION, 1),
        Settings.bytes(conf, MAX_BYTES_PER_REGION_KEY, DEFAULT_MAX_BYTES_PER_REGION),
        Settings.count(conf, MAX_CURSORS_PER_REGION_KEY, DEFAULT_MAX_CURSORS_PER_REGION, 1),
        ExecuteTimeLimit.from(conf));
  }
}

package org.hbaseturbo.server.scan;

import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.server.Limits;

/**
 * Limits on the prepared state one RegionServer keeps, read from its own configuration ({@code hbase-site.xml});
 * a table's values do not change them.
 *
 * @param maxScansPerUser prepared scans one user may keep on the server, one per region they were prepared in
 * @param maxBytesPerUser their {@link PreparedState#chargedBytes() charged bytes}
 * @param maxBytesPerServer the charged bytes of all users together
 */
record ServerLimits(long maxScansPerUser, long maxBytesPerUser, long maxBytesPerServer) {
  static final String MAX_SCANS_PER_USER_KEY = "turbo.prepared-scan.user.max-scans";
  static final String MAX_BYTES_PER_USER_KEY = "turbo.prepared-scan.user.max-bytes";
  static final String MAX_BYTES_PER_SERVER_KEY = "turbo.prepared-scan.server.max-bytes";
  /** As many as one region allows: a user preparing once per thread across a few hundred regions stays below. */
  static final long DEFAULT_MAX_SCANS_PER_USER = 10_000;
  /** 16 MiB, as per region: one user cannot take more than a region may hold in all. */
  static final long DEFAULT_MAX_BYTES_PER_USER = 16L << 20;
  /**
   * 64 MiB: 6% of a 1 GB RegionServer heap, under 1% of a production one, and room for four users at their
   * limit. This is what bounds the heap when callers are many (with SIMPLE authentication a client names its
   * own user).
   */
  static final long DEFAULT_MAX_BYTES_PER_SERVER = 64L << 20;

  static ServerLimits from(Configuration conf) {
    return new ServerLimits(
        Limits.positive(conf, MAX_SCANS_PER_USER_KEY, DEFAULT_MAX_SCANS_PER_USER, false),
        Limits.positive(conf, MAX_BYTES_PER_USER_KEY, DEFAULT_MAX_BYTES_PER_USER, true),
        Limits.positive(conf, MAX_BYTES_PER_SERVER_KEY, DEFAULT_MAX_BYTES_PER_SERVER, true));
  }
}

package org.hbaseturbo.server.scan;

import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.wire.Settings;

/**
 * Limits on the prepared state and the open cursors one RegionServer keeps, read from its own configuration
 * ({@code hbase-site.xml}); a table's values do not change them.
 *
 * @param maxScansPerUser prepared scans one user may keep on the server, one per region they were prepared in
 * @param maxBytesPerUser their {@link PreparedState#chargedBytes() charged bytes}
 * @param maxBytesPerServer the charged bytes of all users together
 * @param maxCursorsPerUser cursors one user may keep open on the server, in all its regions
 * @param maxCursorsPerServer cursors all users together may keep open on the server
 */
record ServerLimits(long maxScansPerUser, long maxBytesPerUser, long maxBytesPerServer, long maxCursorsPerUser,
    long maxCursorsPerServer) {
  static final String MAX_SCANS_PER_USER_KEY = "turbo.prepared-scan.user.max-scans";
  static final String MAX_BYTES_PER_USER_KEY = "turbo.prepared-scan.user.max-bytes";
  static final String MAX_BYTES_PER_SERVER_KEY = "turbo.prepared-scan.server.max-bytes";
  static final String MAX_CURSORS_PER_USER_KEY = "turbo.prepared-scan.user.max-cursors";
  static final String MAX_CURSORS_PER_SERVER_KEY = "turbo.prepared-scan.server.max-cursors";
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
  /**
   * A cursor is a native scanner by another name: HBase bounds those by their lease alone, but each pins its region's
   * store files (a compaction cannot delete them), holds back its MVCC read point and keeps the current block of each
   * store file (64 KB by default) reachable, also once the block cache evicted it. 4,000 cursors over one store file
   * each pin at most 250 MB of blocks, a quarter of a 1 GB RegionServer heap, and are several times the scanners
   * open at once on a RegionServer serving a few hundred client threads (one cursor each while they read).
   */
  static final long DEFAULT_MAX_CURSORS_PER_SERVER = 4_000;
  /** A quarter of the server's, as for bytes: room for four users at their limit, a thousand threads each. */
  static final long DEFAULT_MAX_CURSORS_PER_USER = 1_000;

  static ServerLimits from(Configuration conf) {
    return new ServerLimits(
        Settings.count(conf, MAX_SCANS_PER_USER_KEY, DEFAULT_MAX_SCANS_PER_USER, 1),
        Settings.bytes(conf, MAX_BYTES_PER_USER_KEY, DEFAULT_MAX_BYTES_PER_USER),
        Settings.bytes(conf, MAX_BYTES_PER_SERVER_KEY, DEFAULT_MAX_BYTES_PER_SERVER),
        Settings.count(conf, MAX_CURSORS_PER_USER_KEY, DEFAULT_MAX_CURSORS_PER_USER, 1),
        Settings.count(conf, MAX_CURSORS_PER_SERVER_KEY, DEFAULT_MAX_CURSORS_PER_SERVER, 1));
  }
}

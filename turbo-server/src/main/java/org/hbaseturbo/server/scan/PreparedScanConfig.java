package org.hbaseturbo.server.scan;

import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;

/** The endpoint's settings, read from the RegionServer's (or the table's) configuration. */
record PreparedScanConfig(Duration lease, long maxReplyBytes) {
  /** How long a prepared scan or cursor lives without use. */
  static final String LEASE_KEY = "turbo.prepared-scan.lease.ms";

  static PreparedScanConfig from(Configuration conf) {
    // A cursor is a native scanner by another name: unless told, it lives as long as HBase lets one idle.
    long leaseMs = conf.getLong(LEASE_KEY, conf.getLong(HConstants.HBASE_CLIENT_SCANNER_TIMEOUT_PERIOD,
        HConstants.DEFAULT_HBASE_CLIENT_SCANNER_TIMEOUT_PERIOD));
    if (leaseMs <= 0) {
      throw new IllegalArgumentException(LEASE_KEY + " is " + leaseMs + "; expected a positive number of ms");
    }
    // The native scan's cap on one reply, so that a reply of wide rows stays as large as a native one.
    long maxReplyBytes = conf.getLong(HConstants.HBASE_CLIENT_SCANNER_MAX_RESULT_SIZE_KEY,
        HConstants.DEFAULT_HBASE_CLIENT_SCANNER_MAX_RESULT_SIZE);
    return new PreparedScanConfig(Duration.ofMillis(leaseMs), maxReplyBytes);
  }
}

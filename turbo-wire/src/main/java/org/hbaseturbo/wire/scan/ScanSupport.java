package org.hbaseturbo.wire.scan;

import org.apache.hadoop.hbase.client.Consistency;
import org.apache.hadoop.hbase.client.Scan;

/**
 * Which {@link Scan}s a prepared scan answers exactly as the native scan does. Everything a region scanner
 * does by itself is supported (columns, families, versions, time ranges, filters, raw scans, per-family
 * limits); what the native client or RPC layer adds on top is refused rather than answered differently.
 * Checked by the client at prepare and again by the RegionServer.
 */
public final class ScanSupport {
  private ScanSupport() {
  }

  /** @throws PreparedScanException with {@link PreparedScanError#UNSUPPORTED_SCAN} naming the feature */
  public static void check(Scan scan) throws PreparedScanException {
    if (scan.isReversed()) {
      throw unsupported("reversed scans are not supported; use a native scan");
    }
    if (scan.getBatch() > 0) {
      throw unsupported("batch " + scan.getBatch() + " would split rows; prepared scans return whole rows");
    }
    if (scan.getAllowPartialResults()) {
      throw unsupported("partial results are not supported; prepared scans return whole rows");
    }
    if (scan.getLimit() > 0) {
      throw unsupported("a limit on the prepared Scan (" + scan.getLimit() + ") is not supported; pass it to"
          + " each execute");
    }
    if (scan.getStartRow().length > 0 || scan.getStopRow().length > 0) {
      throw unsupported("the prepared Scan has a row range; the range is given to each execute");
    }
    if (scan.getConsistency() != Consistency.STRONG) {
      throw unsupported("consistency " + scan.getConsistency() + " is not supported; prepared scans read the"
          + " primary region");
    }
    if (scan.isNeedCursorResult()) {
      throw unsupported("cursor results are not supported");
    }
  }

  private static PreparedScanException unsupported(String message) {
    return new PreparedScanException(PreparedScanError.UNSUPPORTED_SCAN, message);
  }
}

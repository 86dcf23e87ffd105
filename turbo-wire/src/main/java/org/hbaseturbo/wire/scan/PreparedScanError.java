package org.hbaseturbo.wire.scan;

/** Why a prepared scan refused a request; travels from the RegionServer by name. */
public enum PreparedScanError {
  /** A family the scan names is not in the table. */
  UNKNOWN_FAMILY,
  /** An execute asked for a column the prepare did not name. */
  COLUMN_NOT_PREPARED,
  /** An execute's range is empty or inverted. */
  INVALID_RANGE,
  /** A caching hint or limit out of range. */
  INVALID_ARGUMENT,
  /** The Scan uses a feature prepared scans do not support (reversed, batch, ...). */
  UNSUPPORTED_SCAN,
  /** The prepared scan was closed. */
  CLOSED,
  /** The RegionServer does not run the PreparedScanEndpoint. */
  NOT_DEPLOYED,
  /**
   * Storing the prepared scan would take the caller, the region or the RegionServer over a limit of prepared
   * state (count or bytes), or an execute would open a cursor over a limit of open cursors; nothing was stored or
   * opened. The message names the limit and its configuration key.
   */
  LIMIT_EXCEEDED,
  /** The RegionServer sent a reply the client cannot decode. */
  MALFORMED_REPLY
}

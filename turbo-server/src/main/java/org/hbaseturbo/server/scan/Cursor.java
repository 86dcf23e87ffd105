package org.hbaseturbo.server.scan;

import java.io.IOException;
import org.apache.hadoop.hbase.regionserver.RegionScanner;

/**
 * A region scanner an execute left open because its region had more rows than one reply carries. Held by
 * one request at a time: a request takes it out of the region's table and puts it back when done.
 */
final class Cursor {
  private final long id;
  private final PreparedState state;
  private final RegionScanner scanner;
  private volatile long lastUseNanos;

  Cursor(long id, PreparedState state, RegionScanner scanner, long nowNanos) {
    this.id = id;
    this.state = state;
    this.scanner = scanner;
    this.lastUseNanos = nowNanos;
  }

  long id() {
    return id;
  }

  PreparedState state() {
    return state;
  }

  RegionScanner scanner() {
    return scanner;
  }

  long lastUseNanos() {
    return lastUseNanos;
  }

  void touch(long nowNanos) {
    lastUseNanos = nowNanos;
  }

  /** Closing twice or a scanner the region already closed is harmless; nothing is left to free then. */
  void close() {
    try {
      scanner.close();
    } catch (IOException e) {
      // A failed close of a read-only scanner leaves nothing behind that a retry could free.
    }
  }
}

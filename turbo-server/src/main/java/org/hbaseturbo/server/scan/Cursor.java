package org.hbaseturbo.server.scan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.regionserver.RegionCoprocessorHost;
import org.apache.hadoop.hbase.regionserver.RegionScanner;

/**
 * A region scanner an execute left open because its region had more rows than one reply carries, or more than it
 * could read in its time. Held by one request at a time: a request takes it out of the region's table and puts it
 * back when done.
 */
final class Cursor {
  private final long id;
  private final PreparedState state;
  private final RegionScanner scanner;
  /** Null where the region has no coprocessor host (never on a RegionServer). */
  private final RegionCoprocessorHost hooks;
  /** Gives back the cursor's place under the limits of open cursors ({@link RegionPreparedScans#reserveCursor}). */
  private final Runnable release;
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile long lastUseNanos;
  /** What the scanner returned of a row that may go on, not yet sent ({@link CursorReader}); often empty. */
  private ArrayList<Cell> heldRow = new ArrayList<>();

  Cursor(long id, PreparedState state, RegionScanner scanner, RegionCoprocessorHost hooks, Runnable release,
      long nowNanos) {
    this.id = id;
    this.state = state;
    this.scanner = scanner;
    this.hooks = hooks;
    this.release = release;
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

  /** The row held for the next request, which now owns it; empty when none. */
  ArrayList<Cell> takeHeldRow() {
    ArrayList<Cell> row = heldRow;
    heldRow = new ArrayList<>();
    return row;
  }

  /**
   * Holds part of a row for the next request. Its cells outlive this request: those backed by off-heap blocks are
   * copied to the heap, so that the row does not depend on when the scanner lets its blocks go.
   */
  void holdRow(ArrayList<Cell> row) {
    CellUtil.cloneIfNecessary(row);
    heldRow = row;
  }

  /**
   * Closes the scanner with the region's scanner-close hooks around it, as HBase closes an expired native
   * scanner: the close happens whatever the hooks say, since nobody would be left to free the scanner. Then gives
   * back its place under the limits. Closing twice does nothing the second time; a scanner the region already
   * closed is harmless.
   */
  void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      if (hooks != null) {
        hooks.preScannerClose(scanner);
      }
    } catch (IOException e) {
      // An observer objecting to the close cannot keep a scanner that nobody will use again.
    } finally {
      try {
        scanner.close();
        if (hooks != null) {
          hooks.postScannerClose(scanner);
        }
      } catch (IOException e) {
        // A failed close of a read-only scanner leaves nothing behind that a retry could free.
      } finally {
        release.run();
      }
    }
  }
}

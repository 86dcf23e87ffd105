package org.hbaseturbo.server.scan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.regionserver.RegionCoprocessorHost;
import org.apache.hadoop.hbase.regionserver.RegionScanner;
import org.apache.hadoop.hbase.regionserver.Shipper;

/**
 * A region scanner an execute left open because its region had more rows than one reply carries, or more than it
 * could read in its time. Held by one request at a time: a request takes it out of the region's table and puts it
 * back when done.
 */
final class Cursor {
  private final long id;
  private final PreparedState state;
  private final RegionScanner scanner;
  /** The region's own scanner under any the hooks wrapped it in: it ships, as in {@code RSRpcServices}. */
  private final Shipper shipper;
  /** Null where the region has no coprocessor host (never on a RegionServer). */
  private final RegionCoprocessorHost hooks;
  /** Gives back the cursor's place under the limits of open cursors ({@link RegionPreparedScans#reserveCursor}). */
  private final Runnable release;
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile long lastUseNanos;
  /** What the scanner returned of a row that may go on, not yet sent ({@link CursorReader}); often empty. */
  private ArrayList<Cell> heldRow = new ArrayList<>();

  Cursor(long id, PreparedState state, RegionScanner scanner, Shipper shipper, RegionCoprocessorHost hooks,
      Runnable release, long nowNanos) {
    this.id = id;
    this.state = state;
    this.scanner = scanner;
    this.shipper = shipper;
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
   * Tells the scanner that the cells it returned are no longer read, as {@code RSRpcServices} does after each call
   * of a native scanner: the reply holds copies, and {@link #holdRow} copied the held row. Its store scanners then
   * let their blocks go and, once one has read {@code hbase.storescanner.pread.max.bytes} with positional reads,
   * switch to a stream read. Without it such a store scanner returns after every cell, waiting for that switch, and
   * an execute over a large region read only as many rows as its time limit allowed.
   */
  void shipped() throws IOException {
    shipper.shipped();
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

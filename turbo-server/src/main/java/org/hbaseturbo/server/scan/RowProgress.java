package org.hbaseturbo.server.scan;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.apache.hadoop.hbase.regionserver.ScannerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a region scanner's call stopped within a row, as HBase's own RPC layer learns it:
 * {@code ScannerContext.mayHaveMoreCellsInRow()}, package-private on HBase 2.5 and 2.6, so reached by reflection.
 * The clock alone cannot tell: a store scanner that has read {@code hbase.storescanner.pread.max.bytes} asks its
 * region scanner to return at once (HBASE-20457), which it does at any cell, the time limit far off; a row sent as
 * whole then was sent again, in two parts. Where the method is missing, each call counts as stopped within a row
 * unless the scanner has no more, with one WARN: rows then wait for the next call, never split.
 */
final class RowProgress {
  private static final Logger LOG = LoggerFactory.getLogger(RowProgress.class);
  private static final MethodHandle MAY_HAVE_MORE_CELLS_IN_ROW = find();

  private RowProgress() {
  }

  /** Whether the call that used {@code context} may have stopped before the end of its row. */
  static boolean mayHaveMoreCellsInRow(ScannerContext context) {
    if (MAY_HAVE_MORE_CELLS_IN_ROW == null) {
      return true;
    }
    try {
      return (boolean) MAY_HAVE_MORE_CELLS_IN_ROW.invokeExact(context);
    } catch (Throwable e) {
      throw new IllegalStateException("ScannerContext.mayHaveMoreCellsInRow failed", e);
    }
  }

  private static MethodHandle find() {
    try {
      var method = ScannerContext.class.getDeclaredMethod("mayHaveMoreCellsInRow");
      method.setAccessible(true);
      return MethodHandles.lookup().unreflect(method).asType(MethodType.methodType(boolean.class,
          ScannerContext.class));
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.warn("Prepared Scan cannot ask HBase whether a scanner stopped within a row (" + e + "): each execute"
          + " then holds its last row for the next one");
      return null;
    }
  }
}

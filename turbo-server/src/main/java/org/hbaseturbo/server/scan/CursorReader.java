package org.hbaseturbo.server.scan;

import java.io.IOException;
import java.util.ArrayList;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.quotas.OperationQuota;
import org.apache.hadoop.hbase.regionserver.Region;
import org.apache.hadoop.hbase.regionserver.RegionScanner;
import org.apache.hadoop.hbase.regionserver.ScannerContext;
import org.apache.hadoop.hbase.regionserver.ScannerContext.LimitScope;
import org.apache.hadoop.hbase.util.EnvironmentEdgeManager;
import org.hbaseturbo.wire.scan.PreparedRowsEncoder;

/**
 * Reads one execute's rows from its cursor as {@code RSRpcServices.scan} reads one call of a native scanner:
 * {@link RegionScanner#nextRaw(java.util.List, ScannerContext)} inside one region operation, with a
 * {@link ScannerContext} whose time limit ends the call (HBase's heartbeat). A time limit between cells, as HBase
 * sets for its clients: one between rows is not enforced while the region scanner skips filtered rows, which is when
 * it is needed.
 *
 * <p>So the scanner may stop in the middle of a row (between two families, or after
 * {@code hbase.cells.scanned.per.heartbeat.check} cells of one). Replies carry whole rows only: a row the scanner may
 * not have finished waits in the cursor, and the next execute adds the rest of it, or sends it as it is once the
 * scanner returns another row. Whether it may be unfinished is what HBase's RPC layer asks the context
 * ({@link RowProgress}); the clock alone misses a store scanner that returns at once to switch to stream reads.
 */
final class CursorReader {
  private CursorReader() {
  }

  /**
   * Adds the cursor's next whole rows to {@code rows}, and their cells to what {@code quota} counts as read, up to
   * {@code caching} rows, {@code maxBytes} (between rows) or the deadline, whichever comes first.
   *
   * @param deadline in {@link EnvironmentEdgeManager}'s milliseconds ({@link ExecuteTimeLimit#deadline})
   * @return whether the cursor has more: rows its scanner has not returned, or a row it holds
   */
  static boolean read(Region region, Cursor cursor, PreparedRowsEncoder rows, OperationQuota quota, int caching,
      long maxBytes, long deadline) throws IOException {
    RegionScanner scanner = cursor.scanner();
    ScannerContext context = ScannerContext.newBuilder().setTimeLimit(LimitScope.BETWEEN_CELLS, deadline).build();
    ArrayList<Cell> row = cursor.takeHeldRow();
    ArrayList<Cell> cells = new ArrayList<>();
    boolean more = true;
    boolean timeUp = false;
    region.startRegionOperation(Region.Operation.SCAN);
    try {
      synchronized (scanner) {
        while (more && !timeUp && rows.rowCount() < caching && rows.size() < maxBytes) {
          cells.clear();
          more = scanner.nextRaw(cells, context);
          timeUp = EnvironmentEdgeManager.currentTime() >= deadline;
          if (!cells.isEmpty()) {
            if (!row.isEmpty() && !CellUtil.matchingRows(row.get(0), cells.get(0))) {
              // The scanner went on to the next row: the one held was whole.
              send(row, rows, quota);
            }
            row.addAll(cells);
          }
          boolean whole = !more || !(timeUp || RowProgress.mayHaveMoreCellsInRow(context));
          if (whole && !row.isEmpty() && rows.rowCount() < caching) {
            send(row, rows, quota);
          }
        }
        cursor.holdRow(row);
        cursor.shipped();
      }
    } finally {
      region.closeRegionOperation(Region.Operation.SCAN);
    }
    return more || !row.isEmpty();
  }

  /** Adds the row to the reply and empties it for the next. */
  private static void send(ArrayList<Cell> row, PreparedRowsEncoder rows, OperationQuota quota) {
    rows.addRow(row);
    CompatScanQuotas.countRead(quota, row);
    row.clear();
  }
}

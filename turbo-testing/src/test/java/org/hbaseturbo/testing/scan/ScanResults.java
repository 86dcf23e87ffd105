package org.hbaseturbo.testing.scan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.util.Bytes;

/** Scan results as one line per cell, every field a client can see, so that a difference reads plainly. */
final class ScanResults {
  private ScanResults() {
  }

  static List<String> cells(ResultScanner scanner) throws IOException {
    try (scanner) {
      return firstRows(scanner, Integer.MAX_VALUE);
    }
  }

  /** Up to {@code rows} next rows, leaving the scanner open. */
  static List<String> firstRows(ResultScanner scanner, int rows) throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      Result row = scanner.next();
      if (row == null) {
        break;
      }
      lines.add("row " + Bytes.toStringBinary(row.getRow()) + " cells=" + row.rawCells().length);
      for (Cell cell : row.rawCells()) {
        lines.add("  " + Bytes.toStringBinary(CellUtil.cloneRow(cell)) + " "
            + Bytes.toStringBinary(CellUtil.cloneFamily(cell)) + ":"
            + Bytes.toStringBinary(CellUtil.cloneQualifier(cell)) + " @" + cell.getTimestamp() + " "
            + cell.getType() + " = " + Bytes.toStringBinary(CellUtil.cloneValue(cell)));
      }
    }
    return lines;
  }
}

package org.hbaseturbo.testing;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Results as one line per row and per cell, every field a client can see, so that a difference between two paths
 * reads plainly.
 */
public final class ResultLines {
  private ResultLines() {
  }

  public static List<String> cells(ResultScanner scanner) throws IOException {
    try (scanner) {
      return firstRows(scanner, Integer.MAX_VALUE);
    }
  }

  /** Up to {@code rows} next rows, leaving the scanner open. */
  public static List<String> firstRows(ResultScanner scanner, int rows) throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      Result row = scanner.next();
      if (row == null) {
        break;
      }
      add(lines, row);
    }
    return lines;
  }

  /** The lines of {@code results} in order; an empty result (a Get of a missing row) is a line too. */
  public static List<String> of(Result... results) {
    List<String> lines = new ArrayList<>();
    for (Result result : results) {
      add(lines, result);
    }
    return lines;
  }

  private static void add(List<String> lines, Result row) {
    lines.add("row " + Bytes.toStringBinary(row.getRow()) + " cells=" + row.rawCells().length);
    for (Cell cell : row.rawCells()) {
      lines.add("  " + Bytes.toStringBinary(CellUtil.cloneRow(cell)) + " "
          + Bytes.toStringBinary(CellUtil.cloneFamily(cell)) + ":"
          + Bytes.toStringBinary(CellUtil.cloneQualifier(cell)) + " @" + cell.getTimestamp() + " "
          + cell.getType() + " = " + Bytes.toStringBinary(CellUtil.cloneValue(cell)));
    }
  }
}

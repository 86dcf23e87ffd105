package org.hbaseturbo.client.scan;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.wire.scan.Column;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;

/**
 * What one execute of a prepared scan reads: a row range, a caching hint, optionally a limit and a subset of
 * the prepared columns. Defaults: the whole table, {@value #DEFAULT_CACHING} rows per reply, no limit, every
 * prepared column.
 */
public final class Execution {
  /** Rows per reply unless told: enough to fill a reply of ~100 KB rows without holding a region for long. */
  public static final int DEFAULT_CACHING = 100;

  private byte[] startRow = HConstants.EMPTY_START_ROW;
  private boolean startInclusive = true;
  private byte[] stopRow = HConstants.EMPTY_END_ROW;
  private boolean stopInclusive;
  private int caching = DEFAULT_CACHING;
  private long limit;
  private final List<Column> columns = new ArrayList<>();

  /** From {@code startRow} (inclusive) to {@code stopRow} (exclusive); an empty array is open-ended. */
  public static Execution range(byte[] startRow, byte[] stopRow) {
    return new Execution().withStartRow(startRow, true).withStopRow(stopRow, false);
  }

  public Execution withStartRow(byte[] row, boolean inclusive) {
    this.startRow = row == null ? HConstants.EMPTY_START_ROW : row.clone();
    this.startInclusive = inclusive;
    return this;
  }

  public Execution withStopRow(byte[] row, boolean inclusive) {
    this.stopRow = row == null ? HConstants.EMPTY_END_ROW : row.clone();
    this.stopInclusive = inclusive;
    return this;
  }

  /** Rows per reply (at least 1); a reply also stops at the cluster's max result size. */
  public Execution caching(int rows) {
    this.caching = rows;
    return this;
  }

  /** Rows in all, 0 for no limit. The region scanner closes with the reply that reaches it. */
  public Execution limit(long rows) {
    this.limit = rows;
    return this;
  }

  /** Read only this prepared column (call once per column); without any, every prepared column. */
  public Execution addColumn(byte[] family, byte[] qualifier) {
    columns.add(new Column(family.clone(), qualifier.clone()));
    return this;
  }

  byte[] startRow() {
    return startRow;
  }

  boolean startInclusive() {
    return startInclusive;
  }

  byte[] stopRow() {
    return stopRow;
  }

  boolean stopInclusive() {
    return stopInclusive;
  }

  int caching() {
    return caching;
  }

  long limit() {
    return limit;
  }

  List<Column> columns() {
    return columns;
  }

  /** @throws PreparedScanException when the range is empty or inverted, or caching or limit out of range */
  void validate() throws PreparedScanException {
    if (caching < 1) {
      throw new PreparedScanException(PreparedScanError.INVALID_ARGUMENT,
          "caching is " + caching + "; expected at least 1 row per reply");
    }
    if (limit < 0) {
      throw new PreparedScanException(PreparedScanError.INVALID_ARGUMENT,
          "limit is " + limit + "; expected 0 (none) or a number of rows");
    }
    if (stopRow.length == 0) {
      return;
    }
    int order = Bytes.compareTo(startRow, stopRow);
    if (order > 0 || (order == 0 && !(startInclusive && stopInclusive))) {
      throw new PreparedScanException(PreparedScanError.INVALID_RANGE, "row range "
          + (startInclusive ? "[" : "(") + Bytes.toStringBinary(startRow) + ", " + Bytes.toStringBinary(stopRow)
          + (stopInclusive ? "]" : ")") + " is " + (order > 0 ? "inverted" : "empty")
          + "; expected a start row before the stop row");
    }
  }
}

package org.hbaseturbo.wire.scan;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.hbaseturbo.wire.VarInts;

/**
 * Writes rows in {@link PreparedRowsFormat}. Used by the RegionServer endpoint; it lives with the decoder so
 * that the two halves of the format are read and tested together. One encoder per reply.
 */
public final class PreparedRowsEncoder {
  private final PreparedSchema schema;
  private final VarInts.Writer out;
  private final Map<ByteBuffer, Integer> extraPositions = new HashMap<>();
  private final List<Column> extraColumns = new ArrayList<>();
  private byte[] previousRow = new byte[0];
  private long previousTimestamp;
  private int previousLength = -1;
  private int rowCount;

  public PreparedRowsEncoder(PreparedSchema schema, int initialCapacity) {
    this.schema = schema;
    this.out = new VarInts.Writer(initialCapacity);
  }

  /** One row's cells, as a region scanner returns them (one row, in order); an empty list is skipped. */
  public void addRow(List<Cell> cells) {
    if (cells.isEmpty()) {
      return;
    }
    byte[] row = CellUtil.cloneRow(cells.get(0));
    int shared = sharedPrefix(previousRow, row);
    out.writeVarint(shared);
    out.writeVarint(row.length - shared);
    out.write(row, shared, row.length - shared);
    if (isDense(cells)) {
      writeDense(cells);
    } else {
      out.writeVarint((long) cells.size() << 1);
      int position = 0;
      for (Cell cell : cells) {
        position = positionOf(cell, position);
        writeCell(cell, position);
      }
    }
    previousRow = row;
    rowCount++;
  }

  /**
   * Every listed column in schema order, all Puts of one timestamp with values of one length. A region's rows of a
   * structured table are all dense, so this is the encoder's hot loop: one column comparison per cell, against the
   * column the cell must be.
   */
  private boolean isDense(List<Cell> cells) {
    if (cells.size() != schema.size()) {
      return false;
    }
    Cell first = cells.get(0);
    long timestamp = first.getTimestamp();
    int length = first.getValueLength();
    for (int i = 0; i < cells.size(); i++) {
      Cell cell = cells.get(i);
      if (cell.getType() != Cell.Type.Put || cell.getTimestamp() != timestamp || cell.getValueLength() != length
          || !schema.isAt(cell, i)) {
        return false;
      }
    }
    return true;
  }

  private void writeDense(List<Cell> cells) {
    out.writeVarint(((long) cells.size() << 1) | PreparedRowsFormat.DENSE);
    long timestamp = cells.get(0).getTimestamp();
    int length = cells.get(0).getValueLength();
    out.writeVarint(VarInts.zigzag(timestamp - previousTimestamp));
    out.writeVarint(length);
    previousTimestamp = timestamp;
    previousLength = length;
    for (Cell cell : cells) {
      int offset = out.reserve(length); // may grow the array: take the array after it
      CellUtil.copyValueTo(cell, out.array(), offset);
    }
  }

  private void writeCell(Cell cell, int position) {
    long timestamp = cell.getTimestamp();
    byte type = cell.getType().getCode();
    int length = cell.getValueLength();
    int header = position << PreparedRowsFormat.POSITION_SHIFT;
    if (timestamp != previousTimestamp) {
      header |= PreparedRowsFormat.NEW_TIMESTAMP;
    }
    if (type != Cell.Type.Put.getCode()) {
      header |= PreparedRowsFormat.NOT_PUT;
    }
    if (length != previousLength) {
      header |= PreparedRowsFormat.NEW_LENGTH;
    }
    out.writeVarint(header & 0xFFFFFFFFL);
    if (timestamp != previousTimestamp) {
      out.writeVarint(VarInts.zigzag(timestamp - previousTimestamp));
      previousTimestamp = timestamp;
    }
    if (type != Cell.Type.Put.getCode()) {
      out.writeByte(type);
    }
    if (length != previousLength) {
      out.writeVarint(length);
      previousLength = length;
    }
    int offset = out.reserve(length); // may grow the array: take the array after it
    CellUtil.copyValueTo(cell, out.array(), offset);
  }

  private int positionOf(Cell cell, int from) {
    int listed = schema.positionOf(cell, from);
    if (listed >= 0) {
      return listed;
    }
    byte[] family = CellUtil.cloneFamily(cell);
    byte[] qualifier = CellUtil.cloneQualifier(cell);
    ByteBuffer key = ByteBuffer.allocate(4 + family.length + qualifier.length)
        .putInt(family.length).put(family).put(qualifier).flip();
    return extraPositions.computeIfAbsent(key, unused -> {
      extraColumns.add(new Column(family, qualifier));
      return schema.size() + extraColumns.size() - 1;
    });
  }

  private static int sharedPrefix(byte[] a, byte[] b) {
    int shared = java.util.Arrays.mismatch(a, b);
    return shared < 0 ? a.length : shared;
  }

  public int rowCount() {
    return rowCount;
  }

  /** Bytes written so far. */
  public int size() {
    return out.length();
  }

  /** The block; valid up to {@link #size()}. */
  public byte[] array() {
    return out.array();
  }

  /** Columns beyond the schema, in position order. */
  public List<Column> extraColumns() {
    return extraColumns;
  }
}

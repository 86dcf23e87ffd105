package org.hbaseturbo.wire.scan;

import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Result;
import org.hbaseturbo.wire.VarInts;

/** Rebuilds ordinary {@link Result}s from a rows block in {@link PreparedRowsFormat}. */
public final class PreparedRowsDecoder {
  private PreparedRowsDecoder() {
  }

  /**
   * @param extras the reply's extra columns, positions {@code schema.size()} onwards
   * @throws IllegalArgumentException when the block is malformed (truncated, a position or type unknown,
   *     trailing bytes); a block is never half-decoded into wrong Results
   */
  public static Result[] decode(byte[] block, int offset, int length, int rowCount, PreparedSchema schema,
      List<Column> extras) {
    VarInts.Reader in = new VarInts.Reader(block, offset, length);
    Result[] rows = new Result[rowCount];
    byte[] previousRow = new byte[0];
    long timestamp = 0;
    int valueLength = -1;
    int columns = schema.size() + extras.size();
    for (int r = 0; r < rowCount; r++) {
      int shared = in.readSize(previousRow.length, "shared row key prefix");
      int suffix = in.readSize(in.remaining(), "row key suffix length");
      byte[] row = new byte[shared + suffix];
      System.arraycopy(previousRow, 0, row, 0, shared);
      System.arraycopy(block, in.skip(suffix), row, shared, suffix);
      long rowHeader = in.readVarint();
      boolean dense = (rowHeader & PreparedRowsFormat.DENSE) != 0;
      long count = rowHeader >>> 1;
      // Bounds a bogus count before anything is allocated: a dense row has the schema's cells, any other
      // cell takes at least its header byte.
      if (count == 0 || (dense ? count != schema.size() : count > in.remaining())) {
        throw new IllegalArgumentException((dense ? "dense " : "") + "row " + r + " claims " + count + " cells ("
            + schema.size() + " columns, " + in.remaining() + " bytes left)");
      }
      Cell[] cells = new Cell[(int) count];
      if (dense) {
        timestamp += VarInts.unzigzag(in.readVarint());
        valueLength = in.readSize(in.remaining(), "value length");
        for (int c = 0; c < cells.length; c++) {
          cells[c] = cell(row, schema.family(c), schema.qualifier(c), timestamp, KeyValue.Type.Put, block,
              in.skip(valueLength), valueLength);
        }
      } else {
        for (int c = 0; c < cells.length; c++) {
          long header = in.readVarint();
          long position = header >>> PreparedRowsFormat.POSITION_SHIFT;
          if (position >= columns) {
            throw new IllegalArgumentException("cell position " + position + " beyond the " + columns
                + " columns of this reply");
          }
          if ((header & PreparedRowsFormat.NEW_TIMESTAMP) != 0) {
            timestamp += VarInts.unzigzag(in.readVarint());
          }
          KeyValue.Type type = (header & PreparedRowsFormat.NOT_PUT) != 0 ? typeOf(in.readByte())
              : KeyValue.Type.Put;
          if ((header & PreparedRowsFormat.NEW_LENGTH) != 0) {
            valueLength = in.readSize(in.remaining(), "value length");
          } else if (valueLength < 0) {
            throw new IllegalArgumentException("first cell of a block without a value length");
          }
          int p = (int) position;
          Column column = p < schema.size() ? new Column(schema.family(p), schema.qualifier(p))
              : extras.get(p - schema.size());
          cells[c] = cell(row, column.family(), column.qualifier(), timestamp, type, block, in.skip(valueLength),
              valueLength);
        }
      }
      rows[r] = Result.create(cells);
      previousRow = row;
    }
    if (in.hasRemaining()) {
      throw new IllegalArgumentException(in.remaining() + " bytes after the last of " + rowCount + " rows");
    }
    return rows;
  }

  private static Cell cell(byte[] row, byte[] family, byte[] qualifier, long timestamp, KeyValue.Type type,
      byte[] block, int valueOffset, int valueLength) {
    return new KeyValue(row, 0, row.length, family, 0, family.length, qualifier, 0, qualifier.length, timestamp,
        type, block, valueOffset, valueLength);
  }

  private static KeyValue.Type typeOf(byte code) {
    for (KeyValue.Type type : KeyValue.Type.values()) {
      if (type.getCode() == code && type != KeyValue.Type.Minimum && type != KeyValue.Type.Maximum) {
        return type;
      }
    }
    throw new IllegalArgumentException("unknown cell type code " + code);
  }
}

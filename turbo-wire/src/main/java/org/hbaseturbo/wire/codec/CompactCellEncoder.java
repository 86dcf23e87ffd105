package org.hbaseturbo.wire.codec;

import static org.hbaseturbo.wire.codec.CompactCellFormat.COLUMN_ESCAPE;
import static org.hbaseturbo.wire.codec.CompactCellFormat.COLUMN_SHIFT;
import static org.hbaseturbo.wire.codec.CompactCellFormat.NEW_ROW;
import static org.hbaseturbo.wire.codec.CompactCellFormat.NEW_TS;
import static org.hbaseturbo.wire.codec.CompactCellFormat.NEW_VLEN;
import static org.hbaseturbo.wire.codec.CompactCellFormat.NOT_PUT;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.codec.CodecException;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.wire.VarInts;

/**
 * Writes one cellblock in {@link CompactCellFormat}, within the bound its decoder enforces: it counts what the decoder
 * will allocate as the decoder does, and sends a cell's row and column again in full where a reference to them
 * could take the count over the bound.
 */
final class CompactCellEncoder implements Codec.Encoder {
  /**
   * Small cells are assembled in a buffer, which goes to the stream whenever it holds this much: the stream below
   * may be a compressor or a list of pooled buffers, where each write has a cost of its own. Small, because one
   * encoder serves one cellblock (a get's reply is a kilobyte or two) and growing a buffer copies it.
   */
  private static final int FLUSH_BYTES = 2 * 1024;
  /** Values at least this long go to the stream directly, after what the buffer holds. */
  private static final int DIRECT_VALUE_BYTES = 512;
  private static final byte PUT = KeyValue.Type.Put.getCode();

  private final OutputStream out;
  /** Room for a flush's worth and one more small cell; it grows only for a cell with a long row or qualifier. */
  private final VarInts.Writer buffer = new VarInts.Writer(FLUSH_BYTES + DIRECT_VALUE_BYTES + 256);
  private final ColumnDictionary columns = new ColumnDictionary();
  private boolean started;
  private boolean flushed;
  private final SharedPrefix row = new SharedPrefix();
  private final SharedPrefix qualifier = new SharedPrefix();
  private long timestamp = CompactCellFormat.NO_TIMESTAMP;
  private int valueLength = -1;
  /** Bytes handed to the stream so far. */
  private long drained;
  /** What the decoder will count for the cells written so far, or a little more. */
  private long decodingCost;

  CompactCellEncoder(OutputStream out) {
    this.out = out;
  }

  @Override
  public void write(Cell cell) throws IOException {
    if (flushed) {
      throw new CodecException("cellblock already flushed; an encoder writes one cellblock");
    }
    if (!started) {
      buffer.writeByte(CompactCellFormat.MAGIC);
      started = true;
    }
    int cellValueLength = cell.getValueLength();
    int column = columns.indexOf(cell);
    long cost = costOf(cell, column < 0);
    // A cell that refers to what came before takes at least its head byte and value; one sent in full always keeps
    // within the bound (CompactCellFormat.MAX_EXPANSION says why).
    boolean inFull = decodingCost + cost > CompactCellFormat.decodingLimit(length() + 1 + cellValueLength);
    if (inFull) {
      column = -1;
      cost = costOf(cell, true);
    }
    decodingCost += cost;
    int headAt = buffer.reserve(1);
    int head = 0;
    if (inFull || !row.matchesRow(cell)) {
      head |= NEW_ROW;
      writeRow(cell, !inFull);
    }
    int nibble;
    if (column < 0) {
      nibble = COLUMN_ESCAPE;
      buffer.writeVarint(0);
      writeNewColumn(cell, !inFull);
    } else if (column < COLUMN_ESCAPE) {
      nibble = column;
    } else {
      nibble = COLUMN_ESCAPE;
      buffer.writeVarint(column - (COLUMN_ESCAPE - 1));
    }
    long cellTimestamp = cell.getTimestamp();
    if (cellTimestamp != timestamp) {
      head |= NEW_TS;
      buffer.writeVarint(VarInts.zigzag(cellTimestamp - CompactCellFormat.timestampBase(timestamp)));
      timestamp = cellTimestamp;
    }
    byte type = typeOf(cell);
    if (type != PUT) {
      head |= NOT_PUT;
      buffer.writeByte(type);
    }
    if (cellValueLength != valueLength) {
      head |= NEW_VLEN;
      buffer.writeVarint(cellValueLength);
      valueLength = cellValueLength;
    }
    buffer.array()[headAt] = (byte) (head | nibble << COLUMN_SHIFT);
    if (cellValueLength < DIRECT_VALUE_BYTES) {
      int at = buffer.reserve(cellValueLength); // may replace the array: take it after
      CellUtil.copyValueTo(cell, buffer.array(), at);
    } else {
      drain();
      PrivateCellUtil.writeValue(out, cell, cellValueLength);
      drained += cellValueLength;
    }
    if (buffer.length() >= FLUSH_BYTES) {
      drain();
    }
  }

  /** What the decoder will count for the cell; a new column as if it brought a new family entry too. */
  private static long costOf(Cell cell, boolean newColumn) {
    long cost = CompactCellFormat.cellCost(cell.getRowLength(), cell.getFamilyLength(), cell.getQualifierLength(),
        cell.getValueLength());
    if (newColumn) {
      cost += CompactCellFormat.entryCost(cell.getFamilyLength()) + CompactCellFormat.entryCost(
          cell.getQualifierLength());
    }
    return cost;
  }

  /** The cellblock's length so far. */
  private long length() {
    return drained + buffer.length();
  }

  /**
   * The raw type code, as {@code KeyValueCodec} writes it: {@code Cell.getType()} has no value for the Minimum and
   * Maximum codes, so the deprecated accessor is the only one that gives every cell's.
   */
  @SuppressWarnings("deprecation")
  private static byte typeOf(Cell cell) {
    return cell.getTypeByte();
  }

  private void writeRow(Cell cell, boolean shareWithPrevious) {
    int length = cell.getRowLength();
    CellUtil.copyRowTo(cell, row.next(length), 0);
    row.write(buffer, length, shareWithPrevious);
  }

  private void writeNewColumn(Cell cell, boolean shareWithPrevious) {
    int family = columns.add(cell, !shareWithPrevious);
    if (family < 0) {
      buffer.writeVarint(0);
      int length = cell.getFamilyLength();
      buffer.writeVarint(length);
      int at = buffer.reserve(length); // may replace the array: take it after
      CellUtil.copyFamilyTo(cell, buffer.array(), at);
    } else {
      buffer.writeVarint(family + 1);
    }
    int length = cell.getQualifierLength();
    CellUtil.copyQualifierTo(cell, qualifier.next(length), 0);
    qualifier.write(buffer, length, shareWithPrevious);
  }

  /** The last of a sequence of byte strings each sent as the prefix it shares with the one before, and the rest. */
  private static final class SharedPrefix {
    private byte[] current = new byte[64];
    private int length = -1;
    private byte[] next = new byte[64];

    /** The array to copy the next string into. */
    byte[] next(int nextLength) {
      if (next.length < nextLength) {
        next = new byte[Math.max(nextLength, next.length * 2)];
      }
      return next;
    }

    /** Writes the string copied into {@link #next}, sharing no prefix unless asked, and makes it the current one. */
    void write(VarInts.Writer buffer, int nextLength, boolean share) {
      int shared = !share || length < 0 ? 0 : Bytes.findCommonPrefix(current, next, length, nextLength, 0, 0);
      buffer.writeVarint(shared);
      buffer.writeVarint(nextLength - shared);
      buffer.write(next, shared, nextLength - shared);
      byte[] previous = current;
      current = next;
      next = previous;
      length = nextLength;
    }

    boolean matchesRow(Cell cell) {
      return length >= 0 && PrivateCellUtil.matchingRows(cell, current, 0, length);
    }
  }

  /** Hands what the buffer holds to the stream. */
  private void drain() throws IOException {
    if (buffer.length() > 0) {
      out.write(buffer.array(), 0, buffer.length());
      drained += buffer.length();
      buffer.reset();
    }
  }

  @Override
  public void flush() throws IOException {
    if (flushed) {
      return;
    }
    flushed = true;
    drain();
    out.flush();
    if (started) {
      CompactCellCounters.encoded(drained);
    }
  }
}

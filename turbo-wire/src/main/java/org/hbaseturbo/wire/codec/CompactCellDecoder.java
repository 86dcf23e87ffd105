package org.hbaseturbo.wire.codec;

import static org.hbaseturbo.wire.codec.CompactCellFormat.COLUMN_ESCAPE;
import static org.hbaseturbo.wire.codec.CompactCellFormat.COLUMN_SHIFT;
import static org.hbaseturbo.wire.codec.CompactCellFormat.NEW_ROW;
import static org.hbaseturbo.wire.codec.CompactCellFormat.NEW_TS;
import static org.hbaseturbo.wire.codec.CompactCellFormat.NEW_VLEN;
import static org.hbaseturbo.wire.codec.CompactCellFormat.NOT_PUT;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.NoTagsKeyValue;
import org.apache.hadoop.hbase.codec.Codec;
import org.hbaseturbo.wire.VarInts;

/**
 * Reads one cellblock in {@link CompactCellFormat} into {@link NoTagsKeyValue}s, as {@code KeyValueCodec}'s
 * decoders return them. Each cell gets an array of its own, so no cell keeps the cellblock (a pooled RPC buffer
 * on a server, the response on a client) alive.
 *
 * <p>Every length is checked against the bytes left before anything is allocated, and what one cellblock decodes
 * to is counted and bounded before it is allocated ({@link CompactCellFormat#decodingLimit}): a row or column sent
 * once may be referenced by many cells, so a small hostile cellblock could otherwise decode to any size.
 */
final class CompactCellDecoder implements Codec.Decoder {
  private InputStream source;
  private VarInts.Reader in;
  private int blockLength;
  /** What the cellblock may decode to, and what it has, counted as {@link CompactCellFormat} says. */
  private long limit;
  private long decoded;
  private Cell current;
  private MalformedCellBlockException refusal;

  private final List<byte[]> families = new ArrayList<>();
  private final List<Column> columns = new ArrayList<>();
  private byte[] row = new byte[64];
  private int rowLength = -1;
  private byte[] qualifier = new byte[32];
  private int qualifierLength;
  private long timestamp = CompactCellFormat.NO_TIMESTAMP;
  private int valueLength = -1;
  private int cells;

  private record Column(byte[] family, byte[] qualifier) {
  }

  /** Over a cellblock that is all of {@code source}, read when the first cell is asked for. */
  CompactCellDecoder(InputStream source) {
    this.source = source;
  }

  /** Over {@code length} bytes of {@code block} from {@code offset}, which the caller must not change. */
  CompactCellDecoder(byte[] block, int offset, int length) {
    open(block, offset, length);
  }

  @Override
  public boolean advance() throws IOException {
    if (refusal != null) {
      // A RegionServer reads on after a mutation's cells fail (RSRpcServices.skipCellsForMutation), then the next
      // region's: none may come from the middle of a refused cellblock.
      throw refusal;
    }
    try {
      return readNext();
    } catch (MalformedCellBlockException e) {
      refusal = e;
      current = null;
      throw e;
    }
  }

  private boolean readNext() throws IOException {
    if (in == null) {
      byte[] block = source.readAllBytes();
      source = null;
      open(block, 0, block.length);
    }
    if (!in.hasRemaining()) {
      current = null;
      return false;
    }
    if (cells == 0) {
      byte magic = in.readByte();
      if (magic != CompactCellFormat.MAGIC) {
        throw new MalformedCellBlockException(String.format("not a compact cellblock: it starts with 0x%02x,"
            + " expected 0x%02x; both ends of a connection must use %s", magic & 0xFF,
            CompactCellFormat.MAGIC & 0xFF, CompactCellCodec.class.getName()));
      }
    }
    try {
      current = readCell();
    } catch (IllegalArgumentException e) {
      throw malformed(e.getMessage());
    }
    cells++;
    return true;
  }

  @Override
  public Cell current() {
    return current;
  }

  private void open(byte[] block, int offset, int length) {
    in = new VarInts.Reader(block, offset, length);
    blockLength = length;
    limit = CompactCellFormat.decodingLimit(length);
    CompactCellCounters.decoded(length);
  }

  private Cell readCell() throws MalformedCellBlockException {
    int head = in.readByte() & 0xFF;
    if ((head & NEW_ROW) != 0) {
      readRow();
    } else if (rowLength < 0) {
      throw malformed("the first cell refers to a previous row");
    }
    Column column = columns.get(readColumnIndex(head >>> COLUMN_SHIFT));
    if ((head & NEW_TS) != 0) {
      timestamp = CompactCellFormat.timestampBase(timestamp) + VarInts.unzigzag(in.readVarint());
    }
    KeyValue.Type type = KeyValue.Type.Put;
    if ((head & NOT_PUT) != 0) {
      byte code = in.readByte();
      type = CompactCellFormat.type(code);
      if (type == null) {
        throw malformed("unknown cell type " + (code & 0xFF));
      }
    }
    if ((head & NEW_VLEN) != 0) {
      valueLength = in.readSize(Integer.MAX_VALUE, "value length");
    } else if (valueLength < 0) {
      throw malformed("the first cell refers to a previous value length");
    }
    int valueOffset = in.skip(valueLength);
    return keyValue(column, type, valueOffset);
  }

  private void readRow() {
    int shared = in.readSize(Math.max(rowLength, 0), "shared row prefix");
    int suffix = in.readSize(Short.MAX_VALUE - shared, "row suffix length");
    int length = shared + suffix;
    if (row.length < length) {
      row = java.util.Arrays.copyOf(row, Math.max(length, row.length * 2));
    }
    System.arraycopy(in.array(), in.skip(suffix), row, shared, suffix);
    rowLength = length;
  }

  private int readColumnIndex(int nibble) throws MalformedCellBlockException {
    long index = nibble;
    if (nibble == COLUMN_ESCAPE) {
      long next = in.readVarint();
      if (next == 0) {
        return readNewColumn();
      }
      index = next + COLUMN_ESCAPE - 1;
    }
    if (index < 0 || index >= columns.size()) {
      throw malformed("column entry " + index + " not sent yet (" + columns.size() + " sent)");
    }
    return (int) index;
  }

  private int readNewColumn() throws MalformedCellBlockException {
    int familyEntry = in.readSize(families.size(), "family entry");
    byte[] family;
    if (familyEntry == 0) {
      int length = in.readSize(Byte.MAX_VALUE, "family length");
      int offset = in.skip(length);
      count(CompactCellFormat.entryCost(length));
      family = java.util.Arrays.copyOfRange(in.array(), offset, offset + length);
      families.add(family);
    } else {
      family = families.get(familyEntry - 1);
    }
    int shared = in.readSize(qualifierLength, "shared qualifier prefix");
    int suffix = in.readSize(in.remaining(), "qualifier suffix length");
    int length = shared + suffix;
    count(CompactCellFormat.entryCost(length));
    byte[] next = new byte[length];
    System.arraycopy(qualifier, 0, next, 0, shared);
    System.arraycopy(in.array(), in.skip(suffix), next, shared, suffix);
    qualifier = next;
    qualifierLength = length;
    columns.add(new Column(family, next));
    return columns.size() - 1;
  }

  /** The cell as {@code KeyValueCodec} decodes it: a {@link NoTagsKeyValue} over an array of its own. */
  private Cell keyValue(Column column, KeyValue.Type type, int valueOffset) throws MalformedCellBlockException {
    long size = KeyValue.getKeyValueDataStructureSize(rowLength, column.family.length, column.qualifier.length,
        valueLength);
    if (size > Integer.MAX_VALUE) {
      throw malformed("cell of " + size + " bytes");
    }
    count(CompactCellFormat.cellCost(rowLength, column.family.length, column.qualifier.length, valueLength));
    byte[] kv = new byte[(int) size];
    KeyValue.writeByteArray(kv, 0, row, 0, rowLength, column.family, 0, column.family.length, column.qualifier, 0,
        column.qualifier.length, timestamp, type, in.array(), valueOffset, valueLength, null);
    return new NoTagsKeyValue(kv, 0, kv.length);
  }

  /** Counts what is about to be allocated, refusing first what would take the cellblock over its limit. */
  private void count(long cost) throws MalformedCellBlockException {
    decoded += cost;
    if (decoded > limit) {
      throw malformed("it would decode to " + decoded + " bytes or more, over the " + limit + " bytes ("
          + CompactCellFormat.MAX_EXPANSION + " times its " + blockLength + ") a compact cellblock may decode to");
    }
  }

  private MalformedCellBlockException malformed(String why) {
    return new MalformedCellBlockException("malformed compact cellblock (" + blockLength + " bytes) at cell "
        + cells + ": " + why);
  }
}

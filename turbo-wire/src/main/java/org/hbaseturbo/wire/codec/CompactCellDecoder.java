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
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.wire.VarInts;

/**
 * Reads one cellblock in {@link CompactCellFormat} into {@link NoTagsKeyValue}s, as {@code KeyValueCodec}'s
 * decoders return them. Each cell gets an array of its own, so no cell keeps the cellblock (a pooled RPC buffer
 * on a server, the response on a client) alive.
 *
 * <p>Every length is checked against the bytes left before anything is allocated, and the cells and dictionary
 * entries one cellblock decodes to are bounded ({@link #decodingLimit}): a row or column sent once may be
 * referenced by many cells, so a small hostile cellblock could otherwise decode to any size.
 */
final class CompactCellDecoder implements Codec.Decoder {
  /** The decoding limit is this many times the cellblock's own size ... */
  static final int EXPANSION_LIMIT = 64;
  /** ... but never below this, so that small cellblocks of wide rows decode ... */
  static final long MIN_DECODING_LIMIT = 64L << 20;
  /** ... and never above this, whatever the cellblock's size. */
  static final long MAX_DECODING_LIMIT = 1L << 30;

  private static final byte PUT = KeyValue.Type.Put.getCode();
  /** Row key, family length and the timestamp and type that end a KeyValue key. */
  private static final int KEY_FIXED_BYTES = Bytes.SIZEOF_SHORT + Bytes.SIZEOF_BYTE + Bytes.SIZEOF_LONG
      + Bytes.SIZEOF_BYTE;

  private InputStream source;
  private final long fixedLimit;
  private VarInts.Reader in;
  private int blockLength;
  private long budget;
  private Cell current;

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
  CompactCellDecoder(InputStream source, long fixedLimit) {
    this.source = source;
    this.fixedLimit = fixedLimit;
  }

  /** Over {@code length} bytes of {@code block} from {@code offset}, which the caller must not change. */
  CompactCellDecoder(byte[] block, int offset, int length, long fixedLimit) {
    this.fixedLimit = fixedLimit;
    open(block, offset, length);
  }

  /** The most bytes a cellblock of {@code length} bytes may decode to. */
  static long decodingLimit(int length) {
    return Math.min(MAX_DECODING_LIMIT, Math.max(MIN_DECODING_LIMIT, (long) EXPANSION_LIMIT * length));
  }

  @Override
  public boolean advance() throws IOException {
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
    budget = fixedLimit > 0 ? fixedLimit : decodingLimit(length);
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
    byte type = PUT;
    if ((head & NOT_PUT) != 0) {
      type = in.readByte();
      if (!CompactCellFormat.isKnownType(type)) {
        throw malformed("unknown cell type " + (type & 0xFF));
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
      family = java.util.Arrays.copyOfRange(in.array(), in.skip(length), in.position());
      charge(family.length);
      families.add(family);
    } else {
      family = families.get(familyEntry - 1);
    }
    int shared = in.readSize(qualifierLength, "shared qualifier prefix");
    int suffix = in.readSize(in.remaining(), "qualifier suffix length");
    int length = shared + suffix;
    charge(length);
    byte[] next = new byte[length];
    System.arraycopy(qualifier, 0, next, 0, shared);
    System.arraycopy(in.array(), in.skip(suffix), next, shared, suffix);
    qualifier = next;
    qualifierLength = length;
    columns.add(new Column(family, next));
    return columns.size() - 1;
  }

  private Cell keyValue(Column column, byte type, int valueOffset) throws MalformedCellBlockException {
    long keyLength = KEY_FIXED_BYTES + (long) rowLength + column.family.length + column.qualifier.length;
    long total = 2L * Bytes.SIZEOF_INT + keyLength + valueLength;
    if (total > Integer.MAX_VALUE) {
      throw malformed("cell of " + total + " bytes");
    }
    charge(total);
    byte[] kv = new byte[(int) total];
    int at = Bytes.putInt(kv, 0, (int) keyLength);
    at = Bytes.putInt(kv, at, valueLength);
    at = Bytes.putShort(kv, at, (short) rowLength);
    at = Bytes.putBytes(kv, at, row, 0, rowLength);
    at = Bytes.putByte(kv, at, (byte) column.family.length);
    at = Bytes.putBytes(kv, at, column.family, 0, column.family.length);
    at = Bytes.putBytes(kv, at, column.qualifier, 0, column.qualifier.length);
    at = Bytes.putLong(kv, at, timestamp);
    at = Bytes.putByte(kv, at, type);
    Bytes.putBytes(kv, at, in.array(), valueOffset, valueLength);
    return new NoTagsKeyValue(kv, 0, kv.length);
  }

  private void charge(long bytes) throws MalformedCellBlockException {
    budget -= bytes;
    if (budget < 0) {
      throw malformed("it decodes to more than " + (fixedLimit > 0 ? fixedLimit : decodingLimit(blockLength))
          + " bytes, the limit for a cellblock of its size");
    }
  }

  private MalformedCellBlockException malformed(String why) {
    return new MalformedCellBlockException("malformed compact cellblock (" + blockLength + " bytes) at cell "
        + cells + ": " + why);
  }
}

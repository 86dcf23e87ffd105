package org.hbaseturbo.wire.codec;

import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;

/**
 * The compact cellblock, as {@link CompactCellCodec} writes it. One cellblock is one encoder's output, so every
 * "previous" below is the previous cell of the same cellblock, and the dictionaries start empty in each.
 *
 * <pre>
 * cellblock   := MAGIC cell*                       (no cells: no bytes at all, as with KeyValueCodec)
 * cell        := head [row] [column] [timestamp] [type] [valueLength] value
 * head        := 1 byte: bits 0-3 flags, bits 4-7 the column nibble
 *   NEW_ROW     (0x01) row follows; else the previous cell's row
 *   NEW_TS      (0x02) timestamp follows; else the previous cell's
 *   NOT_PUT     (0x04) type follows; else KeyValue.Type.Put
 *   NEW_VLEN    (0x08) valueLength follows; else the previous cell's value length
 * row         := varint shared, varint suffixLength, suffix bytes
 *                (the row is the previous row's first {@code shared} bytes, then the suffix)
 * column      := nibble 0..14: entry 0..14 of the column dictionary, nothing follows;
 *                nibble 15: varint n follows: n > 0 is entry 14 + n; n = 0 is a new entry, added next:
 *                varint family (0: a new family follows as varint length + bytes and is added to the
 *                family dictionary; f > 0: family entry f - 1), then the qualifier as
 *                varint shared, varint suffixLength, suffix bytes, sharing with the previous new qualifier
 * timestamp   := zigzag varint of (timestamp - base), base the previous cell's timestamp, or 0 when that is
 *                LATEST_TIMESTAMP or there is none (a client's Put without a timestamp costs no bytes)
 * type        := 1 byte, a KeyValue.Type code
 * valueLength := varint
 * </pre>
 *
 * The first cell's "previous" values are: no row, timestamp {@code LATEST_TIMESTAMP}, value length -1 (never
 * equal). Tags are not carried, as {@code KeyValueCodec} does not carry them over RPC; neither are sequence ids.
 */
final class CompactCellFormat {
  /** Version 1 of the format; a cellblock from any other codec starts with some other byte. */
  static final byte MAGIC = (byte) 0xC1;

  static final int NEW_ROW = 0x01;
  static final int NEW_TS = 0x02;
  static final int NOT_PUT = 0x04;
  static final int NEW_VLEN = 0x08;
  static final int COLUMN_SHIFT = 4;
  /** The column nibble that says a varint follows. */
  static final int COLUMN_ESCAPE = 15;

  static final long NO_TIMESTAMP = HConstants.LATEST_TIMESTAMP;

  private static final KeyValue.Type[] TYPES = new KeyValue.Type[256];

  static {
    for (KeyValue.Type type : KeyValue.Type.values()) {
      TYPES[type.getCode() & 0xFF] = type;
    }
  }

  private CompactCellFormat() {
  }

  /** What a timestamp is written relative to, after a cell with {@code previous}. */
  static long timestampBase(long previous) {
    return previous == NO_TIMESTAMP ? 0 : previous;
  }

  /** The type of a code, or null for a code that is none. */
  static KeyValue.Type type(byte code) {
    return TYPES[code & 0xFF];
  }
}

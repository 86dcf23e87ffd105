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
 *
 * <p>A cellblock decodes within a bound. A decoder counts what it allocates, {@link #cellCost} for each cell and
 * {@link #entryCost} for each dictionary entry, and refuses the cellblock where the count would pass
 * {@link #decodingLimit} of the cellblock's length, before allocating. An encoder writes so that no prefix of its
 * cellblock ending at a cell passes it: where referring to a cell's row and column could, even at one byte and the
 * value, it sends them again in full (the row sharing no prefix, the column as a new entry with a new family entry
 * and a qualifier sharing no prefix).
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

  /**
   * A cellblock may decode to at most this many times its length. HBase bounds requests by their bytes on the wire
   * ({@code hbase.ipc.max.request.size}, 256 MB, for one; {@code hbase.ipc.server.max.callqueue.size}, 1 GB, for
   * those queued and running), which is about what its own {@code KeyValueCodec} decodes them to: on a server its
   * cells view the request's buffer, on a client each has an array of its own, and its smallest cell, 24 bytes,
   * counts 84 here (3.5 times). A compact cell may take one byte, so the codec must expand more than that; 16 is the
   * least power of two that an encoder can always keep to, as a cell sent in full counts at most 14.5 times its
   * bytes (an empty one: 84 and two empty entries for 8 bytes). A RegionServer so holds about 16 times at most the
   * bytes HBase charged for the compact cellblocks it decodes, where a cellblock of references to one long row and
   * qualifier would take 1,000 times. Fixed rather than configured: every encoder must keep to what every decoder
   * accepts, and HBase builds a codec without a configuration ({@code ServerRpcConnection.setupCellBlockCodecs},
   * {@code AbstractRpcClient.getCodec}).
   */
  static final int MAX_EXPANSION = 16;
  /**
   * Counted per cell beyond its KeyValue's bytes. HBase estimates a KeyValue over an array of its own
   * ({@code KeyValue.heapSize}) at its bytes and at most 63 more on a 64-bit JVM: the object (32 bytes, 40 without
   * compressed references), the array's header (16) and up to 7 bytes of alignment.
   */
  static final int CELL_OVERHEAD = 64;
  /**
   * Counted per dictionary entry beyond its bytes: its array's header. The record and list slot that index it are
   * not counted; they come with a new column, which takes at least four bytes of the cellblock.
   */
  static final int ENTRY_OVERHEAD = 16;

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

  /** What a decoder counts for a cell: the KeyValue it builds, on an array of its own. */
  static long cellCost(int rowLength, int familyLength, int qualifierLength, int valueLength) {
    return KeyValue.getKeyValueDataStructureSize(rowLength, familyLength, qualifierLength, valueLength)
        + CELL_OVERHEAD;
  }

  /** What a decoder counts for a family or qualifier it adds to a dictionary. */
  static long entryCost(int length) {
    return length + ENTRY_OVERHEAD;
  }

  /** The most a cellblock of {@code length} bytes may decode to, counted as above. */
  static long decodingLimit(long length) {
    return MAX_EXPANSION * length;
  }

  /** The type of a code, or null for a code that is none. */
  static KeyValue.Type type(byte code) {
    return TYPES[code & 0xFF];
  }
}

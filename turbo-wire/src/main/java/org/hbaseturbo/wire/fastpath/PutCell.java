package org.hbaseturbo.wire.fastpath;

import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Checks one cell of a request's cell block before it becomes a {@code KeyValue} ({@link CellBlockBody#putCells}).
 * A KeyValue without tags is laid out as
 *
 * <pre>
 * key length (4) | value length (4) | row length (2) | row | family length (1) | family | qualifier
 *   | timestamp (8) | type (1) | value
 * </pre>
 *
 * where the qualifier's length is what the key leaves. HBase reads each of these lengths wherever it handles the
 * cell, without checking them against each other: every one must be, here.
 */
final class PutCell {
  private static final int LENGTH_BYTES = Integer.BYTES;
  /** Key length and value length. */
  private static final int LENGTHS_BYTES = 2 * Integer.BYTES;
  /** What a key holds besides its row, family and qualifier: their two lengths, the timestamp and the type. */
  private static final int KEY_FIXED_BYTES = Short.BYTES + 1 + Long.BYTES + 1;

  private PutCell() {
  }

  /** The length of cell {@code index}, which begins at {@code at}: one that fits in the rest of the block. */
  static int length(byte[] body, int at, int index) throws MalformedBodyException {
    if (body.length - at < LENGTH_BYTES) {
      throw malformed(index, "its length is cut short: " + (body.length - at) + " bytes left");
    }
    int length = Bytes.toInt(body, at);
    int left = body.length - at - LENGTH_BYTES;
    if (length < LENGTHS_BYTES + KEY_FIXED_BYTES || length > left) {
      throw malformed(index, "its length " + length + " is not between " + (LENGTHS_BYTES + KEY_FIXED_BYTES)
          + " and the " + left + " bytes left");
    }
    return length;
  }

  /** Cell {@code index}, the {@code length} bytes at {@code offset}, as a Put's KeyValue once it is checked. */
  static KeyValue checked(byte[] body, int offset, int length, int index) throws MalformedBodyException {
    int keyLength = Bytes.toInt(body, offset);
    int valueLength = Bytes.toInt(body, offset + Integer.BYTES);
    if (keyLength < KEY_FIXED_BYTES || valueLength < 0 || (long) LENGTHS_BYTES + keyLength + valueLength != length) {
      throw malformed(index, "its key of " + keyLength + " bytes and value of " + valueLength
          + " bytes do not make its " + length + " bytes (a cell block carries no tags)");
    }
    int key = offset + LENGTHS_BYTES;
    short rowLength = Bytes.toShort(body, key);
    // The family's length stands after the row: the row must leave room in the key for it and the fixed fields.
    if (rowLength <= 0 || rowLength > keyLength - KEY_FIXED_BYTES) {
      throw malformed(index, "its row length " + rowLength + " is not between 1 and the "
          + (keyLength - KEY_FIXED_BYTES) + " its key leaves");
    }
    byte familyLength = body[key + Short.BYTES + rowLength];
    int qualifierLength = keyLength - KEY_FIXED_BYTES - rowLength - familyLength;
    if (familyLength <= 0 || qualifierLength < 0) {
      throw malformed(index, "its family length " + familyLength + " is not between 1 and the "
          + (keyLength - KEY_FIXED_BYTES - rowLength) + " bytes its key leaves");
    }
    byte type = body[key + keyLength - 1];
    if (type != KeyValue.Type.Put.getCode()) {
      throw malformed(index, "its type " + type + " is not a Put's (" + KeyValue.Type.Put.getCode() + ")");
    }
    try {
      // HBase's own check of a KeyValue's bytes goes further (a timestamp below 0, for one).
      return new KeyValue(body, offset, length);
    } catch (IllegalArgumentException e) {
      throw malformed(index, e.getMessage());
    }
  }

  private static MalformedBodyException malformed(int index, String why) {
    return new MalformedBodyException("cell " + index + " of the request's cell block is not a Put: " + why);
  }
}

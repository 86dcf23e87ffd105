package org.hbaseturbo.wire;

/**
 * Unsigned LEB128 varints (7 bits per byte, low group first, as protobuf's) and zigzag for signed values,
 * over a growable write buffer and a bounded read cursor.
 */
public final class VarInts {
  private VarInts() {
  }

  public static long zigzag(long value) {
    return (value << 1) ^ (value >> 63);
  }

  public static long unzigzag(long value) {
    return (value >>> 1) ^ -(value & 1);
  }

  /** A byte array that grows as it is written. */
  public static final class Writer {
    private byte[] bytes;
    private int length;

    public Writer(int initialCapacity) {
      bytes = new byte[Math.max(16, initialCapacity)];
    }

    public int length() {
      return length;
    }

    public byte[] array() {
      return bytes;
    }

    public void writeVarint(long value) {
      ensure(10);
      long rest = value;
      while ((rest & ~0x7FL) != 0) {
        bytes[length++] = (byte) ((rest & 0x7F) | 0x80);
        rest >>>= 7;
      }
      bytes[length++] = (byte) rest;
    }

    public void writeByte(int value) {
      ensure(1);
      bytes[length++] = (byte) value;
    }

    /** Room for {@code count} more bytes; returns the offset they go at, and counts them as written. */
    public int reserve(int count) {
      ensure(count);
      int offset = length;
      length += count;
      return offset;
    }

    public void write(byte[] source, int offset, int count) {
      int at = reserve(count); // may replace the array: read the field after it
      System.arraycopy(source, offset, bytes, at, count);
    }

    /** Forgets what was written, keeping the array. */
    public void reset() {
      length = 0;
    }

    private void ensure(int more) {
      if (length + more > bytes.length) {
        bytes = java.util.Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
      }
    }
  }

  /** Reads a byte range; running past its end is an {@link IllegalArgumentException}, never a wrong value. */
  public static final class Reader {
    private final byte[] bytes;
    private final int end;
    private int position;

    public Reader(byte[] bytes, int offset, int length) {
      this.bytes = bytes;
      this.position = offset;
      this.end = offset + length;
    }

    public boolean hasRemaining() {
      return position < end;
    }

    public long readVarint() {
      long value = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        byte b = readByte();
        value |= (long) (b & 0x7F) << shift;
        if (b >= 0) {
          return value;
        }
      }
      throw new IllegalArgumentException("varint longer than 10 bytes at offset " + position);
    }

    /** A varint that must be a length or count in [0, max]. */
    public int readSize(int max, String what) {
      long value = readVarint();
      if (value < 0 || value > max) {
        throw new IllegalArgumentException(what + " " + value + " out of range [0, " + max + "]");
      }
      return (int) value;
    }

    public byte readByte() {
      if (position >= end) {
        throw new IllegalArgumentException("block truncated at offset " + position);
      }
      return bytes[position++];
    }

    /** Skips {@code count} bytes and returns the offset where they start. */
    public int skip(int count) {
      if (count < 0 || count > end - position) {
        throw new IllegalArgumentException("block truncated: " + count + " bytes needed at offset "
            + position + ", " + (end - position) + " left");
      }
      int start = position;
      position += count;
      return start;
    }

    /** The array read from: the offsets {@link #skip} returns index it. */
    public byte[] array() {
      return bytes;
    }

    public int position() {
      return position;
    }

    public int remaining() {
      return end - position;
    }
  }
}

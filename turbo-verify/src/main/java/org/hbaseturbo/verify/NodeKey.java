package org.hbaseturbo.verify;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.SplittableRandom;

/**
 * A node's row key: 16 random bytes, as IntegrationTestBigLinkedList's, so that the nodes of every batch spread
 * over every region. Held as two longs, so that millions of them sort and compare in arrays.
 */
record NodeKey(long high, long low) implements Comparable<NodeKey> {
  static final int BYTES = 16;

  static NodeKey random(SplittableRandom random) {
    return new NodeKey(random.nextLong(), random.nextLong());
  }

  static NodeKey of(byte[] bytes) {
    if (bytes.length != BYTES) {
      throw new IllegalArgumentException("a node key has " + BYTES + " bytes, this one " + bytes.length);
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    return new NodeKey(buffer.getLong(), buffer.getLong());
  }

  byte[] bytes() {
    return ByteBuffer.allocate(BYTES).putLong(high).putLong(low).array();
  }

  /** In the order HBase sorts the keys' bytes: unsigned. */
  @Override
  public int compareTo(NodeKey other) {
    int high = Long.compareUnsigned(this.high, other.high);
    return high != 0 ? high : Long.compareUnsigned(low, other.low);
  }

  @Override
  public String toString() {
    return HexFormat.of().formatHex(bytes());
  }
}

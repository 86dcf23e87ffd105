package org.hbaseturbo.verify;

import java.util.Arrays;

/**
 * Node keys as two growing arrays of longs, sorted once when all are in: millions of keys take 16 bytes each, not
 * the hundred a set of objects would.
 */
final class NodeSet {
  private long[] high = new long[1024];
  private long[] low = new long[1024];
  private int size;
  private boolean sorted;

  void add(NodeKey key) {
    if (size == high.length) {
      high = Arrays.copyOf(high, size * 2);
      low = Arrays.copyOf(low, size * 2);
    }
    high[size] = key.high();
    low[size] = key.low();
    size++;
    sorted = false;
  }

  int size() {
    return size;
  }

  NodeKey get(int index) {
    return new NodeKey(high[index], low[index]);
  }

  /** Sorts the keys in {@link NodeKey}'s order, through objects for the sort's time (about 40 bytes a key). */
  void sort() {
    if (sorted) {
      return;
    }
    NodeKey[] keys = new NodeKey[size];
    for (int i = 0; i < size; i++) {
      keys[i] = get(i);
    }
    Arrays.parallelSort(keys);
    for (int i = 0; i < size; i++) {
      high[i] = keys[i].high();
      low[i] = keys[i].low();
    }
    sorted = true;
  }
}

package org.hbaseturbo.verify;

import java.util.ArrayList;
import java.util.List;

/**
 * Counts the nodes of one read: each node read is defined, and the node it refers to referenced; once every node is
 * in, sorted merges of the two tell which are referenced, unreferenced and undefined.
 */
final class ListCounter {
  /** Examples of each kind of loss a report lists. */
  static final int EXAMPLES = 10;
  private final NodeSet defined = new NodeSet();
  private final NodeSet referenced = new NodeSet();
  private long digest;

  /** @param previous the node {@code node} refers to; null for a first batch whose loop was never closed */
  void add(NodeKey node, NodeKey previous) {
    defined.add(node);
    long hash = mix(node.high() ^ mix(node.low()));
    if (previous != null) {
      referenced.add(previous);
      hash = mix(hash ^ previous.high()) ^ previous.low();
    }
    // Order-free: two reads of the same nodes in any order agree.
    digest += mix(hash);
  }

  ListCounts counts() {
    defined.sort();
    referenced.sort();
    long referencedNodes = 0;
    long unreferenced = 0;
    long undefined = 0;
    List<String> unreferencedExamples = new ArrayList<>();
    List<String> undefinedExamples = new ArrayList<>();
    int d = 0;
    int r = 0;
    while (d < defined.size() || r < referenced.size()) {
      int order = d == defined.size() ? 1 : r == referenced.size() ? -1 : defined.get(d).compareTo(referenced.get(r));
      if (order < 0) {
        unreferenced++;
        example(unreferencedExamples, defined.get(d));
        d++;
      } else if (order > 0) {
        NodeKey missing = referenced.get(r);
        undefined++;
        example(undefinedExamples, missing);
        while (r < referenced.size() && referenced.get(r).equals(missing)) {
          r++;
        }
      } else {
        referencedNodes++;
        NodeKey node = defined.get(d);
        d++;
        while (r < referenced.size() && referenced.get(r).equals(node)) {
          r++;
        }
      }
    }
    return new ListCounts(defined.size(), referencedNodes, unreferenced, undefined, digest,
        List.copyOf(unreferencedExamples), List.copyOf(undefinedExamples));
  }

  private static void example(List<String> examples, NodeKey key) {
    if (examples.size() < EXAMPLES) {
      examples.add(key.toString());
    }
  }

  /** SplitMix64's finalizer: every bit of the input moves every bit of the output. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}

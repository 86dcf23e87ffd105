package org.hbaseturbo.verify;

import java.util.List;

/**
 * What a read of every node found, as IntegrationTestBigLinkedList counts it.
 *
 * @param rows nodes read
 * @param referenced nodes read that another node refers to: all of them, where nothing was lost
 * @param unreferenced nodes read that no node refers to: the node that referred to one was lost (or its write never
 *     acknowledged while this one's was, which the writer never lets happen)
 * @param undefined nodes referred to that were not read: lost
 * @param digest a hash of every node and its reference, for two reads to compare beyond their counts
 * @param unreferencedExamples up to {@link ListCounter#EXAMPLES} of them, as hex keys
 * @param undefinedExamples likewise
 */
public record ListCounts(long rows, long referenced, long unreferenced, long undefined, long digest,
    List<String> unreferencedExamples, List<String> undefinedExamples) {
  /** Whether the read found every node, each referred to: nothing lost. */
  public boolean whole() {
    return unreferenced == 0 && undefined == 0;
  }
}

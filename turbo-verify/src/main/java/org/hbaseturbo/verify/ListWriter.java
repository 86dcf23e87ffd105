package org.hbaseturbo.verify;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Writes linked lists as IntegrationTestBigLinkedList's generator does: a loop is written in batches of
 * {@code width} random nodes; each node of a batch refers to the node at the same place in the batch before it,
 * which was written and acknowledged first; once the last batch is acknowledged, the first batch's nodes are
 * rewritten to refer to the last's (shifted by one), which closes the loop into one cycle. So a node is never
 * written before the node it refers to was acknowledged, and in a closed loop every node is referred to exactly
 * once: a lost acknowledged write shows as an undefined node, a lost reference as an unreferenced one.
 */
final class ListWriter {
  static final byte[] FAMILY = Bytes.toBytes("f");
  /** The node this one refers to. */
  static final byte[] PREVIOUS = Bytes.toBytes("prev");
  /** The node's place in its loop, for a person reading an example. */
  static final byte[] COUNT = Bytes.toBytes("count");

  /**
   * Times a batch is written before the run gives up: HBase's client retries each operation for about two minutes
   * itself, which a crash's recovery can outlast under chaos, and rewriting a batch writes the same cells again, as
   * MapReduce runs a failed task of IntegrationTestBigLinkedList's generator again.
   */
  static final int BATCH_ATTEMPTS = 4;

  private final Table table;
  private final SplittableRandom random;
  private final Consumer<String> progress;

  /** @param progress told of a batch written again */
  ListWriter(Table table, SplittableRandom random, Consumer<String> progress) {
    this.table = table;
    this.random = random;
    this.progress = progress;
  }

  /**
   * Writes one closed loop of {@code nodes} nodes.
   *
   * @param nodes a multiple of {@code width}, at least two batches
   * @param written told the nodes written so far in this loop, after each batch
   */
  void writeLoop(long nodes, int width, LongConsumer written) throws IOException {
    long batches = nodes / width;
    NodeKey[] first = batch(width);
    write(first, null, 0);
    NodeKey[] previous = first;
    for (long b = 1; b < batches; b++) {
      NodeKey[] current = batch(width);
      write(current, previous, b * width);
      previous = current;
      written.accept((b + 1) * width);
    }
    NodeKey[] last = previous;
    List<Put> closing = new ArrayList<>(width);
    for (int i = 0; i < width; i++) {
      closing.add(new Put(first[i].bytes()).addColumn(FAMILY, PREVIOUS, last[(i + 1) % width].bytes()));
    }
    put(closing);
  }

  private NodeKey[] batch(int width) {
    NodeKey[] batch = new NodeKey[width];
    for (int i = 0; i < width; i++) {
      batch[i] = NodeKey.random(random);
    }
    return batch;
  }

  /** Returns once every node is acknowledged. */
  private void write(NodeKey[] batch, NodeKey[] previous, long firstCount) throws IOException {
    List<Put> puts = new ArrayList<>(batch.length);
    for (int i = 0; i < batch.length; i++) {
      Put put = new Put(batch[i].bytes()).addColumn(FAMILY, COUNT, Bytes.toBytes(firstCount + i));
      if (previous != null) {
        put.addColumn(FAMILY, PREVIOUS, previous[i].bytes());
      }
      puts.add(put);
    }
    put(puts);
  }

  /** {@link Table#put(List)} returns once every cell is acknowledged, or throws; then the batch is written again. */
  private void put(List<Put> puts) throws IOException {
    for (int attempt = 1;; attempt++) {
      try {
        table.put(puts);
        return;
      } catch (IOException e) {
        if (attempt == BATCH_ATTEMPTS) {
          throw e;
        }
        progress.accept("a batch of " + puts.size() + " nodes failed (" + String.valueOf(e.getMessage()).lines()
            .findFirst().orElse("") + "); writing it again, attempt " + (attempt + 1) + " of " + BATCH_ATTEMPTS);
      }
    }
  }
}

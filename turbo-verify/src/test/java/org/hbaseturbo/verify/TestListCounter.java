package org.hbaseturbo.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TestListCounter {
  private static final int NODES = 1_000;

  @Test
  void aClosedLoopIsWholeAndItsCountIsTheSameInAnyOrder() {
    List<NodeKey> loop = loop(NODES);
    ListCounts inOrder = count(loop, -1);
    assertThat(inOrder.rows()).isEqualTo(NODES);
    assertThat(inOrder.referenced()).isEqualTo(NODES);
    assertThat(inOrder.whole()).isTrue();

    List<Integer> shuffled = new ArrayList<>();
    for (int i = 0; i < NODES; i++) {
      shuffled.add(i);
    }
    Collections.shuffle(shuffled, new Random(7));
    ListCounter counter = new ListCounter();
    for (int i : shuffled) {
      counter.add(loop.get(i), loop.get((i + NODES - 1) % NODES));
    }
    assertThat(counter.counts()).isEqualTo(inOrder);
  }

  @Test
  void aLostNodeIsUndefinedAndTheNodeItReferredToUnreferenced() {
    List<NodeKey> loop = loop(NODES);
    ListCounts counts = count(loop, 500);
    assertThat(counts.rows()).isEqualTo(NODES - 1);
    assertThat(counts.undefined()).isEqualTo(1);
    assertThat(counts.undefinedExamples()).containsExactly(loop.get(500).toString());
    assertThat(counts.unreferenced()).isEqualTo(1);
    assertThat(counts.unreferencedExamples()).containsExactly(loop.get(499).toString());
    assertThat(counts.referenced()).isEqualTo(NODES - 2);
    assertThat(counts.whole()).isFalse();
  }

  @Test
  void aLostReferenceChangesTheDigestWhereTheCountsCannotTell() {
    List<NodeKey> loop = loop(NODES);
    ListCounter counter = new ListCounter();
    for (int i = 0; i < NODES; i++) {
      // Node 10 and 11 swap the nodes they refer to: every node still referred to once.
      int previous = i == 10 ? 10 : i == 11 ? 9 : (i + NODES - 1) % NODES;
      counter.add(loop.get(i), loop.get(previous));
    }
    ListCounts swapped = counter.counts();
    ListCounts whole = count(loop, -1);
    assertThat(swapped.referenced()).isEqualTo(whole.referenced());
    assertThat(swapped.digest()).isNotEqualTo(whole.digest());
  }

  /** Counts a loop in which node i refers to node i - 1, leaving out node {@code lost} (none where negative). */
  private static ListCounts count(List<NodeKey> loop, int lost) {
    ListCounter counter = new ListCounter();
    for (int i = 0; i < loop.size(); i++) {
      if (i != lost) {
        counter.add(loop.get(i), loop.get((i + loop.size() - 1) % loop.size()));
      }
    }
    return counter.counts();
  }

  private static List<NodeKey> loop(int nodes) {
    SplittableRandom random = new SplittableRandom(42);
    List<NodeKey> loop = new ArrayList<>();
    for (int i = 0; i < nodes; i++) {
      loop.add(NodeKey.random(random));
    }
    return loop;
  }
}

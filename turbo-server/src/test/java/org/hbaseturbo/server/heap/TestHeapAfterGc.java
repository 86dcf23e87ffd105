package org.hbaseturbo.server.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestHeapAfterGc {
  private static final long MIB = 1 << 20;

  @Test
  void aReadingIsTheLeastTheCollectionsSinceThePreviousOneLeftInTheHeapsPools() {
    HeapAfterGc heap = new HeapAfterGc(Set.of("G1 Old Gen", "G1 Eden Space"));
    // Young collections leave the old generation's garbage; a mixed one frees it.
    heap.collected(Map.of("G1 Old Gen", usage(900), "G1 Eden Space", usage(0), "Metaspace", usage(60)));
    heap.collected(Map.of("G1 Old Gen", usage(700), "G1 Eden Space", usage(10), "Metaspace", usage(60)));
    heap.collected(Map.of("G1 Old Gen", usage(950), "G1 Eden Space", usage(0), "Metaspace", usage(60)));
    assertThat(heap.read(1000 * MIB, () -> 0)).as("the mixed collection's 710 MiB, Metaspace not counted")
        .isCloseTo(0.71, within(1e-9));

    heap.collected(Map.of("G1 Old Gen", usage(920), "G1 Eden Space", usage(0)));
    assertThat(heap.read(1000 * MIB, () -> 0)).as("only the collections since the previous reading count")
        .isCloseTo(0.92, within(1e-9));
  }

  @Test
  void withNoCollectionSinceThePreviousReadingItIsWhatTheLatestLeft() {
    HeapAfterGc heap = new HeapAfterGc(Set.of("G1 Old Gen"));
    assertThat(heap.read(1000 * MIB, () -> 640 * MIB)).isCloseTo(0.64, within(1e-9));
    assertThat(heap.read(0, () -> 640 * MIB)).as("a JVM that does not tell its maximum").isZero();
  }

  @Test
  void thisJvmsCollectionsAreHeard() throws InterruptedException {
    HeapAfterGc jvm = HeapAfterGc.jvm();
    long max = Runtime.getRuntime().maxMemory();
    jvm.read(max, () -> 0);
    byte[][] garbage = new byte[64][];
    for (int i = 0; i < garbage.length; i++) {
      garbage[i] = new byte[1 << 20];
    }
    assertThat(garbage[63]).hasSize(1 << 20);
    garbage = null;
    System.gc();
    // The JVM tells its listeners after the collection, from a thread of its own; -1 is "none heard".
    double heard = -1;
    for (int i = 0; i < 500 && heard < 0; i++) {
      Thread.sleep(10);
      heard = jvm.read(max, () -> -max);
    }
    assertThat(heard).as("the collection's figure, heard").isGreaterThan(0).isLessThan(1);
    assertThat(jvm.fraction()).isGreaterThan(0).isLessThan(1);
  }

  private static MemoryUsage usage(long mib) {
    return new MemoryUsage(0, mib * MIB, mib * MIB, -1);
  }
}

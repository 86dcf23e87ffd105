package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.hbase.regionserver.HeapMemoryManager;
import org.hbaseturbo.server.heap.PolicyHeapMemoryTuner;
import org.junit.jupiter.api.Test;

/** The client addresses the server jar's tuner by name; the names must be the tuner's own. */
class TestHeapTuner {
  @Test
  void namesAreTheTunersOwn() {
    assertThat(HeapTuner.CLASS_NAME).isEqualTo(PolicyHeapMemoryTuner.class.getName());
    assertThat(HeapTuner.TUNER_CLASS_KEY).isEqualTo(HeapMemoryManager.HBASE_RS_HEAP_MEMORY_TUNER_CLASS);
    assertThat(HeapTuner.targetKey("hbase.regionserver.global.memstore.size"))
        .isEqualTo(PolicyHeapMemoryTuner.MEMSTORE_TARGET);
    assertThat(HeapTuner.targetKey("hfile.block.cache.size")).isEqualTo(PolicyHeapMemoryTuner.BLOCK_CACHE_TARGET);
  }
}

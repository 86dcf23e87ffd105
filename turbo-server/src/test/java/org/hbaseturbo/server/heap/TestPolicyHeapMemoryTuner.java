package org.hbaseturbo.server.heap;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager.TunerContext;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager.TunerResult;
import org.junit.jupiter.api.Test;

class TestPolicyHeapMemoryTuner {
  @Test
  void stepsTowardTheTargetsAndThenStays() {
    Configuration conf = new Configuration(false);
    PolicyHeapMemoryTuner tuner = new PolicyHeapMemoryTuner();
    tuner.setConf(conf);
    assertThat(tuner.tune(context(0.4f, 0.4f)).needsTuning()).as("no targets, no change").isFalse();

    // Targets read from the same Configuration object each time, as update_config leaves them.
    conf.setFloat(PolicyHeapMemoryTuner.MEMSTORE_TARGET, 0.1f);
    conf.setFloat(PolicyHeapMemoryTuner.BLOCK_CACHE_TARGET, 0.6f);
    float memstore = 0.4f;
    float blockCache = 0.4f;
    int periods = 0;
    while (true) {
      TunerResult result = tuner.tune(context(memstore, blockCache));
      if (!result.needsTuning()) {
        break;
      }
      assertThat(Math.abs(result.getMemStoreSize() - memstore)).isLessThanOrEqualTo(0.0501f);
      assertThat(Math.abs(result.getBlockCacheSize() - blockCache)).isLessThanOrEqualTo(0.0501f);
      assertThat(result.getMemStoreSize() + result.getBlockCacheSize()).as("never over the larger sum")
          .isLessThanOrEqualTo(0.8001f);
      memstore = result.getMemStoreSize();
      blockCache = result.getBlockCacheSize();
      periods++;
    }
    assertThat(memstore).isEqualTo(0.1f);
    assertThat(blockCache).isEqualTo(0.6f);
    assertThat(periods).isEqualTo(6);
  }

  private static TunerContext context(float memstore, float blockCache) {
    TunerContext context = new TunerContext();
    context.setCurMemStoreSize(memstore);
    context.setCurBlockCacheSize(blockCache);
    return context;
  }
}

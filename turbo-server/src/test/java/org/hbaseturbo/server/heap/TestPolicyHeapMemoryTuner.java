package org.hbaseturbo.server.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager.TunerContext;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager.TunerResult;
import org.junit.jupiter.api.Test;

class TestPolicyHeapMemoryTuner {
  @Test
  void stepsTowardTheTargetsAndThenStays() {
    Configuration conf = new Configuration(false);
    PolicyHeapMemoryTuner tuner = new PolicyHeapMemoryTuner(() -> 0.5);
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

  @Test
  void aWellUsedHeapHoldsBothFractionsWhereTheyAreButLetsThemShrink() {
    AtomicReference<Double> heap = new AtomicReference<>(0.8);
    PolicyHeapMemoryTuner tuner = tuner(heap, 0.1f, 0.6f);

    // From BL's fractions toward a read-only policy's: the memstore gives back, the block cache does not take.
    TunerResult held = tuner.tune(context(0.6f, 0.1f));
    assertThat(held.getMemStoreSize()).isCloseTo(0.5f, within(1e-6f));
    assertThat(held.getBlockCacheSize()).isCloseTo(0.1f, within(1e-6f));

    heap.set(0.5);
    TunerResult resumed = tuner.tune(context(0.5f, 0.1f));
    assertThat(resumed.getBlockCacheSize()).as("below the mark, it grows again").isCloseTo(0.2f, within(1e-6f));
  }

  @Test
  void aFullerHeapTakesTheBlockCacheBackAStepAPeriodDownToHBasesDefault() {
    AtomicReference<Double> heap = new AtomicReference<>(0.9);
    PolicyHeapMemoryTuner tuner = tuner(heap, 0.1f, 0.6f);
    float blockCache = 0.6f;
    List<Float> steps = new ArrayList<>();
    for (int period = 0; period < 5; period++) {
      TunerResult result = tuner.tune(context(0.1f, blockCache));
      if (!result.needsTuning()) {
        break;
      }
      assertThat(result.getMemStoreSize()).isCloseTo(0.1f, within(1e-6f));
      blockCache = result.getBlockCacheSize();
      steps.add(blockCache);
    }
    assertThat(steps).hasSize(2).satisfiesExactly(
        first -> assertThat(first).isCloseTo(0.5f, within(1e-6f)),
        second -> assertThat(second).isCloseTo(0.4f, within(1e-6f)));
    // A target below HBase's default is the floor instead.
    PolicyHeapMemoryTuner small = tuner(heap, 0.4f, 0.25f);
    assertThat(small.tune(context(0.4f, 0.3f)).getBlockCacheSize()).isCloseTo(0.25f, within(1e-6f));
    assertThat(small.tune(context(0.4f, 0.25f)).needsTuning()).isFalse();
  }

  private static PolicyHeapMemoryTuner tuner(AtomicReference<Double> heap, float memstoreTarget,
      float blockCacheTarget) {
    Configuration conf = new Configuration(false);
    conf.setFloat(PolicyHeapMemoryTuner.STEP_KEY, 0.1f);
    conf.setFloat(PolicyHeapMemoryTuner.MEMSTORE_TARGET, memstoreTarget);
    conf.setFloat(PolicyHeapMemoryTuner.BLOCK_CACHE_TARGET, blockCacheTarget);
    PolicyHeapMemoryTuner tuner = new PolicyHeapMemoryTuner(heap::get);
    tuner.setConf(conf);
    return tuner;
  }

  private static TunerContext context(float memstore, float blockCache) {
    TunerContext context = new TunerContext();
    context.setCurMemStoreSize(memstore);
    context.setCurBlockCacheSize(blockCache);
    return context;
  }
}

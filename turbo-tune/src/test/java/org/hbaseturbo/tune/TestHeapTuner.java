package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager.TunerContext;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager.TunerResult;
import org.apache.hadoop.hbase.regionserver.HeapMemoryTuner;
import org.apache.hadoop.util.ReflectionUtils;
import org.hbaseturbo.server.heap.PolicyHeapMemoryTuner;
import org.junit.jupiter.api.Test;

/**
 * The client names the server jar's heap tuner and its targets by strings of its own (it carries no server class):
 * a RegionServer configured with what the client writes runs that tuner, and the tuner moves the very fraction the
 * client targeted, and no other.
 */
class TestHeapTuner {
  private static final String MEMSTORE = "hbase.regionserver.global.memstore.size";
  private static final String BLOCK_CACHE = "hfile.block.cache.size";

  @Test
  void aRegionServerConfiguredByTheClientsNamesMovesTheFractionTheClientTargeted() {
    Configuration site = namingTheTuner();
    HeapMemoryTuner tuner = tunerOf(site);

    site.set(HeapTuner.targetKey(BLOCK_CACHE), "0.45");
    TunerResult result = tuner.tune(context(0.4f, 0.4f));
    assertThat(result.needsTuning()).as("a block cache target was set").isTrue();
    assertThat(result.getBlockCacheSize()).isEqualTo(0.45f);
    assertThat(result.getMemStoreSize()).as("the memstore has no target").isEqualTo(0.4f);

    site.set(HeapTuner.targetKey(MEMSTORE), "0.35");
    result = tuner.tune(context(0.4f, 0.45f));
    assertThat(result.needsTuning()).as("a memstore target was set").isTrue();
    assertThat(result.getMemStoreSize()).isEqualTo(0.35f);
    assertThat(result.getBlockCacheSize()).as("already at its target").isEqualTo(0.45f);

    assertThat(tuner.tune(context(0.35f, 0.45f)).needsTuning()).as("both at their targets").isFalse();
  }

  @Test
  void aStepTheClientSetsMovesAFractionAsFarInOnePeriod() {
    Configuration site = namingTheTuner();
    HeapMemoryTuner tuner = tunerOf(site);
    site.set(HeapTuner.targetKey(MEMSTORE), "0.6");
    site.set(HeapTuner.targetKey(BLOCK_CACHE), "0.2");
    assertThat(tuner.tune(context(0.4f, 0.4f)).getMemStoreSize()).as("the tuner's own step").isLessThan(0.6f);

    site.set(HeapTuner.STEP_KEY, "1");
    TunerResult result = tuner.tune(context(0.4f, 0.4f));
    assertThat(result.getMemStoreSize()).isEqualTo(0.6f);
    assertThat(result.getBlockCacheSize()).isEqualTo(0.2f);
  }

  @Test
  void theGuardThePoliciesLeaveRoomForIsTheTunersOwn() {
    assertThat(HeapTuner.HOLD_ABOVE).isEqualTo(PolicyHeapMemoryTuner.HOLD_ABOVE);
  }

  @Test
  void onlyTheHeapFractionsHaveTargets() {
    assertThatThrownBy(() -> HeapTuner.targetKey("hbase.hstore.compaction.min"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("hbase.hstore.compaction.min is not a heap fraction");
  }

  /**
   * A RegionServer's site as Recommender checks for it and 'tune apply' writes it: the tuner class named; the targets
   * follow (PolicyExecutor).
   */
  private static Configuration namingTheTuner() {
    Configuration site = new Configuration(false);
    site.set(HeapTuner.TUNER_CLASS_KEY, HeapTuner.CLASS_NAME);
    return site;
  }

  /**
   * The tuner HBase's HeapMemoryManager makes from {@code site}, as it makes it (its default when none is named,
   * HBase's DefaultHeapMemoryTuner, is not public: the site here names one).
   */
  private static HeapMemoryTuner tunerOf(Configuration site) {
    Class<? extends HeapMemoryTuner> type = site.getClass(HeapMemoryManager.HBASE_RS_HEAP_MEMORY_TUNER_CLASS, null,
        HeapMemoryTuner.class);
    return ReflectionUtils.newInstance(type, site);
  }

  private static TunerContext context(float memstore, float blockCache) {
    TunerContext context = new TunerContext();
    context.setCurMemStoreSize(memstore);
    context.setCurBlockCacheSize(blockCache);
    return context;
  }
}

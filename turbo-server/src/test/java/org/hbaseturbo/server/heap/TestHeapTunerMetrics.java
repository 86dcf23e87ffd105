package org.hbaseturbo.server.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager.TunerContext;
import org.hbaseturbo.server.metrics.MetricsRegistration;
import org.hbaseturbo.server.metrics.TestingMetrics;
import org.hbaseturbo.server.metrics.TestingMetrics.Figures;
import org.hbaseturbo.wire.PcmMarks;
import org.junit.jupiter.api.Test;

/** The heap tuner's source shows its periods, its steps, the targets in force and when they changed. */
class TestHeapTunerMetrics {
  private static final String SOURCE = HeapTunerMetrics.NAME;

  @Test
  void showsPeriodsStepsTargetsAndTheirChanges() {
    try (MetricsRegistration.Hold hold = MetricsRegistration.hold(SOURCE, HeapTunerMetrics::new)) {
      assertThat(hold.held()).isTrue();
      Configuration conf = new Configuration(false);
      PolicyHeapMemoryTuner tuner = new PolicyHeapMemoryTuner();
      tuner.setConf(conf);
      tuner.tune(context(0.4f, 0.4f)); // a period without targets: the first seen, no change counted
      Figures before = TestingMetrics.require(SOURCE);
      assertThat(before.fraction("memstoreTarget")).isEqualTo(-1.0);
      assertThat(before.fraction("memstoreFraction")).isCloseTo(0.4, within(1e-6));

      conf.setFloat(PolicyHeapMemoryTuner.BLOCK_CACHE_TARGET, 0.5f);
      conf.setFloat(PolicyHeapMemoryTuner.MEMSTORE_TARGET, 0.3f);
      tuner.tune(context(0.4f, 0.4f)); // a switch: one step of 0.05 each
      tuner.tune(context(0.35f, 0.45f)); // same targets: a step, no change
      tuner.tune(context(0.3f, 0.5f)); // there: no step
      conf.unset(PolicyHeapMemoryTuner.BLOCK_CACHE_TARGET); // a rollback of one target
      conf.unset(PolicyHeapMemoryTuner.MEMSTORE_TARGET);
      tuner.tune(context(0.3f, 0.5f));
      Figures after = TestingMetrics.require(SOURCE);
      assertThat(after.get("periods") - before.get("periods")).isEqualTo(4);
      assertThat(after.get("steps") - before.get("steps")).isEqualTo(2);
      assertThat(after.get("targetChanges") - before.get("targetChanges")).isEqualTo(2);
      assertThat(after.fraction("memstoreTarget")).isEqualTo(-1.0);
      assertThat(after.fraction("blockCacheFraction")).isCloseTo(0.5, within(1e-6));

      conf.setFloat(PolicyHeapMemoryTuner.BLOCK_CACHE_TARGET, 0.5f); // one target alone changes: a change too
      tuner.tune(context(0.3f, 0.5f));
      Figures target = TestingMetrics.require(SOURCE);
      assertThat(target.get("targetChanges") - before.get("targetChanges")).isEqualTo(3);
      assertThat(target.fraction("blockCacheTarget")).isCloseTo(0.5, within(1e-6));
      assertThat(target.fraction("memstoreTarget")).isEqualTo(-1.0);
    }
    assertThat(TestingMetrics.read(SOURCE)).isEmpty();
  }

  /** What PCM's executor writes beside a change's server settings: the class in force, each apply and rollback. */
  @Test
  void showsThePcmClassInForceAndCountsSwitchesAndReverts() {
    try (MetricsRegistration.Hold hold = MetricsRegistration.hold(SOURCE, HeapTunerMetrics::new)) {
      assertThat(hold.held()).isTrue();
      PcmChanges.started(PcmMarks.NONE);
      Figures before = TestingMetrics.require(SOURCE);
      assertThat(before.tags()).containsEntry("pcmClass", "");

      PcmMarks rm = PcmMarks.applied("RM", "c1");
      PcmChanges.changed(PcmMarks.NONE, rm);
      assertThat(TestingMetrics.require(SOURCE).tags()).containsEntry("pcmClass", "RM");
      PcmMarks ro = PcmMarks.applied("RO-read", "c2");
      PcmChanges.changed(rm, ro);
      PcmChanges.changed(ro, PcmMarks.rolledBack("RM", "c2"));
      PcmChanges.changed(PcmMarks.rolledBack("RM", "c2"), PcmMarks.rolledBack("RM", "c2")); // no change of marks
      Figures after = TestingMetrics.require(SOURCE);
      assertThat(after.tags()).containsEntry("pcmClass", "RM");
      assertThat(after.get("pcmSwitches") - before.get("pcmSwitches")).isEqualTo(2);
      assertThat(after.get("pcmReverts") - before.get("pcmReverts")).isEqualTo(1);
    }
  }

  private static TunerContext context(float memstore, float blockCache) {
    TunerContext context = new TunerContext();
    context.setCurMemStoreSize(memstore);
    context.setCurBlockCacheSize(blockCache);
    return context;
  }
}

package org.hbaseturbo.server.heap;

import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.hbaseturbo.server.metrics.TurboMetricsSource;

/**
 * The heap tuner's figures as the metrics source {@code RegionServer,sub=TurboHeapTuner}: how PCM's heap targets
 * reached this RegionServer ({@link HeapTunerCounters}), and PCM's class, switches and reverts as the server saw them
 * ({@link PcmChanges}). Fractions are of the heap; a target or fraction not known
 * yet (no tuner period so far, no target set) is -1 (docs/operating.md, Metrics, lists each with its unit).
 */
public final class HeapTunerMetrics extends TurboMetricsSource {
  public static final String NAME = "TurboHeapTuner";
  private static final MetricsInfo PERIODS = info("periods", "tuner periods: times HBase asked for fractions");
  private static final MetricsInfo STEPS = info("steps", "periods that moved the memstore or block cache fraction");
  private static final MetricsInfo TARGET_CHANGES = info("targetChanges",
      "periods whose targets differed from the last period's: PCM switches and rollbacks that reached the server");
  private static final MetricsInfo MEMSTORE_TARGET = info("memstoreTarget", "the memstore's target fraction");
  private static final MetricsInfo BLOCK_CACHE_TARGET = info("blockCacheTarget", "the block cache's target fraction");
  private static final MetricsInfo MEMSTORE_FRACTION = info("memstoreFraction",
      "the memstore's fraction after the last period");
  private static final MetricsInfo PCM_CLASS = info("pcmClass",
      "the workload class whose server settings PCM put in force here; empty for none");
  private static final MetricsInfo PCM_SWITCHES = info("pcmSwitches",
      "PCM applies that changed this server's settings while it ran");
  private static final MetricsInfo PCM_REVERTS = info("pcmReverts",
      "PCM rollbacks that changed this server's settings while it ran");
  private static final MetricsInfo BLOCK_CACHE_FRACTION = info("blockCacheFraction",
      "the block cache's fraction after the last period");

  public HeapTunerMetrics() {
    super(NAME, "HBase Turbo heap tuner");
  }

  @Override
  protected void snapshot(MetricsRecordBuilder record) {
    record.tag(PCM_CLASS, tagValue(PcmChanges.classInForce))
        .addCounter(PCM_SWITCHES, PcmChanges.SWITCHES.sum())
        .addCounter(PCM_REVERTS, PcmChanges.REVERTS.sum())
        .addCounter(PERIODS, HeapTunerCounters.PERIODS.sum())
        .addCounter(STEPS, HeapTunerCounters.STEPS.sum())
        .addCounter(TARGET_CHANGES, HeapTunerCounters.TARGET_CHANGES.sum())
        .addGauge(MEMSTORE_TARGET, known(HeapTunerCounters.memstoreTarget))
        .addGauge(BLOCK_CACHE_TARGET, known(HeapTunerCounters.blockCacheTarget))
        .addGauge(MEMSTORE_FRACTION, known(HeapTunerCounters.memstoreFraction))
        .addGauge(BLOCK_CACHE_FRACTION, known(HeapTunerCounters.blockCacheFraction));
  }

  private static float known(float fraction) {
    return Float.isNaN(fraction) ? -1f : fraction;
  }
}

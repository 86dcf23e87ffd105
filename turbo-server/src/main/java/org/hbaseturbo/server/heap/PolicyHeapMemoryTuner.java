package org.hbaseturbo.server.heap;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager.TunerContext;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager.TunerResult;
import org.apache.hadoop.hbase.regionserver.HeapMemoryTuner;

/**
 * Moves a RegionServer's memstore and block-cache fractions to the targets the workload-aware configuration sets,
 * at run time: HBase's {@code HeapMemoryManager} is the only way to resize them online, and it asks a
 * {@link HeapMemoryTuner} every {@code hbase.regionserver.heapmemory.tuner.period} what they should be.
 *
 * <p>The targets are {@value #MEMSTORE_TARGET} and {@value #BLOCK_CACHE_TARGET} in the RegionServer's own
 * configuration: HBase hands this tuner that very object, which {@code update_config} reloads from
 * {@code hbase-site.xml}, so a new target is in force within one period without a restart. Without targets it
 * changes nothing. Each period moves each fraction by at most {@value #STEP_KEY} (default 0.05): a smaller memstore
 * forces flushes and a smaller cache evicts, so they should shrink gradually. Moving both by bounded steps toward
 * targets that HBase accepts keeps every intermediate pair between the current and the target sum, so within
 * HBase's limits too. HBase itself clamps the result into the configured ranges
 * ({@code hbase.regionserver.global.memstore.size.min.range/max.range}, {@code hfile.block.cache.size.min.range/
 * max.range}, which must be set for it to tune at all), drops a result over the heap limit, and does not tune while
 * the heap is nearly full.
 */
public class PolicyHeapMemoryTuner implements HeapMemoryTuner {
  public static final String MEMSTORE_TARGET = "turbo.tune.memstore.target";
  public static final String BLOCK_CACHE_TARGET = "turbo.tune.blockcache.target";
  public static final String STEP_KEY = "turbo.tune.heap.step";
  private static final float DEFAULT_STEP = 0.05f;
  /** Fractions closer than this are the same: HBase works in whole percents. */
  private static final float SAME = 0.001f;

  private Configuration conf;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public TunerResult tune(TunerContext context) {
    float step = conf.getFloat(STEP_KEY, DEFAULT_STEP);
    float memstore = context.getCurMemStoreSize();
    float blockCache = context.getCurBlockCacheSize();
    float memstoreTarget = conf.getFloat(MEMSTORE_TARGET, Float.NaN);
    float blockCacheTarget = conf.getFloat(BLOCK_CACHE_TARGET, Float.NaN);
    float nextMemstore = toward(memstore, Float.isNaN(memstoreTarget) ? memstore : memstoreTarget, step);
    float nextBlockCache = toward(blockCache, Float.isNaN(blockCacheTarget) ? blockCache : blockCacheTarget, step);
    boolean stays = Math.abs(nextMemstore - memstore) < SAME && Math.abs(nextBlockCache - blockCache) < SAME;
    HeapTunerCounters.period(memstoreTarget, blockCacheTarget, stays ? memstore : nextMemstore,
        stays ? blockCache : nextBlockCache, !stays);
    if (stays) {
      return new TunerResult(false);
    }
    TunerResult result = new TunerResult(true);
    result.setMemStoreSize(nextMemstore);
    result.setBlockCacheSize(nextBlockCache);
    return result;
  }

  private static float toward(float current, float target, float step) {
    if (Math.abs(target - current) <= step + SAME) {
      return target;
    }
    return current + Math.signum(target - current) * step;
  }
}

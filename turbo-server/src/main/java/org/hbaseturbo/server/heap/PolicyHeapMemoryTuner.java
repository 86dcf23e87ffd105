package org.hbaseturbo.server.heap;

import java.util.Locale;
import java.util.function.DoubleSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager.TunerContext;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager.TunerResult;
import org.apache.hadoop.hbase.regionserver.HeapMemoryTuner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 *
 * <p>Beyond HBase: it never lets a fraction grow while the heap is already well used after garbage collection
 * ({@value #HOLD_ABOVE} of it or more, the least any collection of the period left: {@link HeapAfterGc}), and gives
 * back a step of the block cache while it is fuller still
 * ({@value #SHRINK_ABOVE}), down to the target or HBase's default fraction (0.4), whichever is smaller. HBase
 * bounds the two fractions together at 0.8 of the heap, which does not count what else a RegionServer holds, nor
 * the block cache's growth past its size before it evicts (up to 1.2 times,
 * {@code hbase.lru.blockcache.hard.capacity.limit.factor}). In a 1 GiB heap a read-only policy's block cache of 0.6
 * ran RegionServers out of heap twice (results/pcm/adaptivity-p99/disk-oom). HBase stops asking its tuner above 95%
 * occupancy, too late to give back.
 */
public class PolicyHeapMemoryTuner implements HeapMemoryTuner {
  public static final String MEMSTORE_TARGET = "turbo.tune.memstore.target";
  public static final String BLOCK_CACHE_TARGET = "turbo.tune.blockcache.target";
  public static final String STEP_KEY = "turbo.tune.heap.step";
  private static final float DEFAULT_STEP = 0.05f;
  /** Fractions closer than this are the same: HBase works in whole percents. */
  private static final float SAME = 0.001f;
  /** Heap in use after a collection from which no fraction grows. */
  public static final double HOLD_ABOVE = 0.75;
  /** Heap in use after a collection from which the block cache shrinks a step. */
  static final double SHRINK_ABOVE = 0.85;
  private static final Logger LOG = LoggerFactory.getLogger(PolicyHeapMemoryTuner.class);

  private final DoubleSupplier heapAfterGc;
  private Configuration conf;
  /** Whether the last period was held back by the heap, so that the log says so once per episode. */
  private boolean pressed;

  /** The tuner HBase makes, by {@code hbase.regionserver.heapmemory.tuner.class}, as its RegionServer starts. */
  public PolicyHeapMemoryTuner() {
    this(HeapAfterGc.jvm()::fraction);
  }

  /** @param heapAfterGc the fraction of the heap in use after collection, as {@link HeapAfterGc#fraction} reads it */
  PolicyHeapMemoryTuner(DoubleSupplier heapAfterGc) {
    this.heapAfterGc = heapAfterGc;
  }

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
    double used = heapAfterGc.getAsDouble();
    if (used >= HOLD_ABOVE) {
      nextMemstore = Math.min(nextMemstore, memstore);
      nextBlockCache = Math.min(nextBlockCache, blockCache);
      if (used >= SHRINK_ABOVE) {
        float floor = Math.min(HConstants.HFILE_BLOCK_CACHE_SIZE_DEFAULT,
            Float.isNaN(blockCacheTarget) ? blockCache : blockCacheTarget);
        nextBlockCache = Math.min(nextBlockCache, Math.max(floor, blockCache - step));
      }
    }
    pressure(used, memstore, blockCache, nextMemstore, nextBlockCache);
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

  /** Says once, when the heap begins and ends holding the fractions back. */
  private void pressure(double used, float memstore, float blockCache, float nextMemstore, float nextBlockCache) {
    boolean now = used >= HOLD_ABOVE;
    if (now && !pressed) {
      LOG.warn("Heap {}% in use after garbage collection (at least {}%): no heap fraction grows while it"
          + " is{}; memstore {} -> {}, block cache {} -> {}", Math.round(used * 100), Math.round(HOLD_ABOVE * 100),
          used >= SHRINK_ABOVE ? ", and the block cache gives back a step each period above "
              + Math.round(SHRINK_ABOVE * 100) + "%" : "", twoPlaces(memstore), twoPlaces(nextMemstore),
          twoPlaces(blockCache), twoPlaces(nextBlockCache));
    } else if (!now && pressed) {
      LOG.info("Heap {}% in use after garbage collection: the heap fractions move toward their targets"
          + " again", Math.round(used * 100));
    }
    pressed = now;
  }

  private static String twoPlaces(float fraction) {
    return String.format(Locale.ROOT, "%.2f", fraction);
  }

  private static float toward(float current, float target, float step) {
    if (Math.abs(target - current) <= step + SAME) {
      return target;
    }
    return current + Math.signum(target - current) * step;
  }
}

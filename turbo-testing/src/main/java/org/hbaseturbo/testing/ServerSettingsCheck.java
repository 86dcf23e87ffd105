package org.hbaseturbo.testing;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.HConstants;
import org.hbaseturbo.common.InvalidInputException;

/**
 * Refuses RegionServer settings that HBase 2.6 would refuse at start, or silently replace, before any server
 * starts with them: a RegionServer that exits at start, or runs with a value nobody asked for, costs the user
 * far more than a clear line now.
 */
public final class ServerSettingsCheck {
  static final String MEMSTORE = "hbase.regionserver.global.memstore.size";
  static final String BLOCK_CACHE = "hfile.block.cache.size";
  static final String COMPACTION_MIN = "hbase.hstore.compaction.min";
  static final String COMPACTION_MAX = "hbase.hstore.compaction.max";
  /** The settings a local cluster gives itself: where its data, ZooKeeper and servers are. */
  private static final List<String> OWN_SETTINGS = List.of(HConstants.HBASE_DIR, HConstants.ZOOKEEPER_QUORUM,
      HConstants.ZOOKEEPER_CLIENT_PORT, HConstants.ZOOKEEPER_ZNODE_PARENT, HConstants.CLUSTER_DISTRIBUTED,
      HConstants.REGIONSERVER_PORT, "hbase.tmp.dir", "hbase.regionserver.hostname");
  /** HBase keeps 20% of the heap for everything but memstores and the block cache ({@code MemorySizeUtil}). */
  private static final double HEAP_CAP = 0.8;

  private ServerSettingsCheck() {
  }

  /**
   * @param source where they come from, for messages ("--set", "--site FILE")
   * @throws InvalidInputException naming the first of {@code keys} that a local cluster sets itself
   */
  public static void requireNotOwned(Collection<String> keys, String source) {
    for (String key : keys) {
      if (OWN_SETTINGS.contains(key)) {
        throw new InvalidInputException(source + " " + key + ": the local cluster sets it itself (it may not"
            + " change); settings it owns: " + String.join(", ", OWN_SETTINGS));
      }
    }
  }

  /**
   * @param settings the settings to check, over HBase's defaults
   * @param source where they come from, for messages ("--set", "--site FILE")
   * @throws InvalidInputException naming the first value HBase would not run with as given
   */
  public static void check(Map<String, String> settings, String source) {
    double memstore = fraction(settings, MEMSTORE, 0.4, source);
    double blockCache = fraction(settings, BLOCK_CACHE, 0.4, source);
    if (memstore > HEAP_CAP) {
      // MemorySizeUtil replaces it with the default 0.4 and only logs a warning.
      throw new InvalidInputException(source + ": " + MEMSTORE + "=" + memstore + " is over " + HEAP_CAP
          + ", which HBase silently replaces by 0.4; expected at most " + HEAP_CAP);
    }
    if (memstore + blockCache > HEAP_CAP) {
      throw new InvalidInputException(source + ": " + MEMSTORE + " (" + memstore + ") + " + BLOCK_CACHE + " ("
          + blockCache + ") = " + (memstore + blockCache) + " of the heap; HBase refuses to start a RegionServer"
          + " over " + HEAP_CAP);
    }
    int compactionMin = whole(settings, COMPACTION_MIN, 3, source);
    int compactionMax = whole(settings, COMPACTION_MAX, 10, source);
    if (compactionMin > compactionMax) {
      // ExploringCompactionPolicy then never picks a minor compaction; store files pile up and flushes block.
      throw new InvalidInputException(source + ": " + COMPACTION_MIN + "=" + compactionMin + " is above "
          + COMPACTION_MAX + "=" + compactionMax + ", so HBase would never choose a minor compaction; raise "
          + COMPACTION_MAX + " too");
    }
  }

  private static double fraction(Map<String, String> settings, String key, double defaultValue, String source) {
    String value = settings.get(key);
    if (value == null) {
      return defaultValue;
    }
    try {
      double fraction = Double.parseDouble(value.trim());
      if (fraction >= 0 && fraction <= 1) {
        return fraction;
      }
    } catch (NumberFormatException e) {
      // Falls through to the message below.
    }
    throw new InvalidInputException(source + ": " + key + "='" + value + "' is not a fraction of the heap;"
        + " expected a number from 0 to 1");
  }

  private static int whole(Map<String, String> settings, String key, int defaultValue, String source) {
    String value = settings.get(key);
    if (value == null) {
      return defaultValue;
    }
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new InvalidInputException(source + ": " + key + "='" + value + "' is not a whole number");
    }
  }
}

package org.hbaseturbo.cluster;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.io.util.MemorySizeUtil;
import org.hbaseturbo.common.InvalidInputException;

/**
 * Refuses RegionServer settings that HBase would refuse at start, or silently replace, before any server
 * starts with them, by HBase's own checks where they exist ({@link MemorySizeUtil}): a RegionServer that exits
 * at start, or runs with a value nobody asked for, costs the user far more than a clear line now. The tuner's
 * policies are checked by the same rules, so HBase's heap rules live here only (and in {@link CompatHeapRules},
 * where HBase 2.5 and 2.6 differ).
 */
public final class ServerSettingsCheck {
  static final String MEMSTORE = "hbase.regionserver.global.memstore.size";
  static final String MEMSTORE_OLD = MemorySizeUtil.MEMSTORE_SIZE_OLD_KEY;
  static final String BLOCK_CACHE = "hfile.block.cache.size";
  static final String BLOCK_CACHE_BYTES = HConstants.HFILE_BLOCK_CACHE_MEMORY_SIZE_KEY;
  static final String COMPACTION_MIN = "hbase.hstore.compaction.min";
  static final String COMPACTION_MAX = "hbase.hstore.compaction.max";
  /** The settings a local cluster gives itself: where its data, ZooKeeper and servers are. */
  private static final List<String> OWN_SETTINGS = List.of(HConstants.HBASE_DIR, HConstants.ZOOKEEPER_QUORUM,
      HConstants.ZOOKEEPER_CLIENT_PORT, HConstants.ZOOKEEPER_ZNODE_PARENT, HConstants.CLUSTER_DISTRIBUTED,
      HConstants.REGIONSERVER_PORT, "hbase.tmp.dir", "hbase.regionserver.hostname");

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
    Optional<Problem> problem;
    try {
      problem = problem(settings);
    } catch (InvalidInputException notANumber) {
      throw new InvalidInputException(source + ": " + notANumber.getMessage());
    }
    if (problem.isPresent()) {
      throw new InvalidInputException(source + ": " + problem.get().why());
    }
  }

  /**
   * The first value of {@code settings} (over HBase's defaults) that HBase would not run with as given: the one
   * check that local clusters and the tuner's policies share.
   *
   * @throws InvalidInputException where a value is not a number at all
   */
  public static Optional<Problem> problem(Map<String, String> settings) {
    // HBase still reads the 1.x key when the current one is absent.
    String memstoreKey = settings.containsKey(MEMSTORE) || !settings.containsKey(MEMSTORE_OLD) ? MEMSTORE
        : MEMSTORE_OLD;
    double memstore = fraction(settings, memstoreKey, 0.4);
    double blockCache = fraction(settings, BLOCK_CACHE, 0.4);
    Configuration conf = new Configuration(false);
    settings.forEach(conf::set);
    if (MemorySizeUtil.getGlobalMemStoreHeapPercent(conf, false) != (float) memstore) {
      return Optional.of(new Problem(memstoreKey, memstoreKey + "=" + memstore + " is outside (0, 0.8], and HBase"
          + " silently replaces it by 0.4; expected a fraction above 0 and at most 0.8"));
    }
    // Sizes in bytes are fractions of each RegionServer's own heap, which this JVM cannot know: HBase checks those
    // when the RegionServer starts.
    boolean inBytes = settings.containsKey(BLOCK_CACHE_BYTES) || CompatHeapRules.setsFreeHeapInBytes(settings);
    if (!inBytes) {
      try {
        CompatHeapRules.validate(conf);
      } catch (RuntimeException refused) {
        return Optional.of(new Problem(settings.containsKey(memstoreKey) ? memstoreKey : BLOCK_CACHE, memstoreKey
            + " (" + memstore + ") + " + BLOCK_CACHE + " (" + blockCache + ") leave less of the heap free than HBase"
            + " requires (" + CompatHeapRules.FREE_HEAP_RULE + "); it refuses to start such a"
            + " RegionServer"));
      }
    }
    int compactionMin = whole(settings, COMPACTION_MIN, 3);
    int compactionMax = whole(settings, COMPACTION_MAX, 10);
    if (compactionMin > compactionMax) {
      // ExploringCompactionPolicy then never picks a minor compaction; store files pile up and flushes block.
      return Optional.of(new Problem(COMPACTION_MIN, COMPACTION_MIN + "=" + compactionMin + " is above "
          + COMPACTION_MAX + "=" + compactionMax + ", so HBase would never choose a minor compaction; raise "
          + COMPACTION_MAX + " too"));
    }
    return Optional.empty();
  }

  /**
   * A value HBase would not run with as given.
   *
   * @param key the setting to blame
   * @param why what HBase would do with it, and what it expects
   */
  public record Problem(String key, String why) {
  }

  private static double fraction(Map<String, String> settings, String key, double defaultValue) {
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
    throw new InvalidInputException(key + "='" + value + "' is not a fraction of the heap; expected a number from"
        + " 0 to 1");
  }

  private static int whole(Map<String, String> settings, String key, int defaultValue) {
    String value = settings.get(key);
    if (value == null) {
      return defaultValue;
    }
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new InvalidInputException(key + "='" + value + "' is not a whole number");
    }
  }
}

package org.hbaseturbo.tune;

import java.util.Map;
import org.hbaseturbo.tune.policy.PolicySetting;

/**
 * The server jar's heap tuner as this client addresses it (by name: the client does not carry server classes; a test
 * holds these names to the tuner's own).
 */
public final class HeapTuner {
  /** Its class, as {@code hbase.regionserver.heapmemory.tuner.class} names it where it is deployed. */
  public static final String CLASS_NAME = "org.hbaseturbo.server.heap.PolicyHeapMemoryTuner";
  public static final String TUNER_CLASS_KEY = "hbase.regionserver.heapmemory.tuner.class";
  /** How far it moves each fraction toward its target in one period, at most: read every period, so online. */
  public static final String STEP_KEY = "turbo.tune.heap.step";
  /** The heap in use after a collection from which the tuner grows no fraction: its guard. */
  public static final double HOLD_ABOVE = 0.75;
  /** The target each fraction has in the RegionServer's configuration. */
  private static final Map<PolicySetting, String> TARGET_KEYS = Map.of(
      PolicySetting.MEMSTORE, "turbo.tune.memstore.target",
      PolicySetting.BLOCK_CACHE, "turbo.tune.blockcache.target");

  private HeapTuner() {
  }

  /**
   * The tuner's target key for a heap fraction setting ("hfile.block.cache.size").
   *
   * @throws IllegalArgumentException for any other setting, a policy's own included
   */
  public static String targetKey(String setting) {
    String key = PolicySetting.byKey(setting).map(TARGET_KEYS::get).orElse(null);
    if (key == null) {
      throw new IllegalArgumentException(setting + " is not a heap fraction");
    }
    return key;
  }
}

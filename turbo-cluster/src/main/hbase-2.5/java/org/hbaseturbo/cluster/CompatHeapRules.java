package org.hbaseturbo.cluster;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.io.util.MemorySizeUtil;

/** The heap a RegionServer keeps free on HBase 2.5: a fixed 0.2 of the heap (2.6 added a key for it). */
final class CompatHeapRules {
  static final String FREE_HEAP_RULE = "0.2 of the heap, fixed in HBase 2.5";

  private CompatHeapRules() {
  }

  /**
   * HBase 2.5's own check of the heap that memstores and the block cache leave free, as a RegionServer makes it.
   *
   * @throws RuntimeException where HBase would refuse to start a RegionServer with {@code conf}
   */
  static void validate(Configuration conf) {
    MemorySizeUtil.checkForClusterFreeHeapMemoryLimit(conf);
  }

  /** Never: HBase 2.5 has no setting for the free heap. */
  static boolean setsFreeHeapInBytes(Map<String, String> settings) {
    return false;
  }
}

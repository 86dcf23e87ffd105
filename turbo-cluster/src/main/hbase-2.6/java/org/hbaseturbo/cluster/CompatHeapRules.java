package org.hbaseturbo.cluster;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.io.util.MemorySizeUtil;

/** The heap a RegionServer keeps free on HBase 2.6: 0.2 of the heap, or what its key sets in bytes. */
final class CompatHeapRules {
  static final String FREE_HEAP_RULE =
      MemorySizeUtil.HBASE_REGION_SERVER_FREE_HEAP_MIN_MEMORY_SIZE_KEY + ", 0.2 of the heap unless set";

  private CompatHeapRules() {
  }

  /**
   * HBase 2.6's own check of the heap that memstores and the block cache leave free, as a RegionServer makes it.
   *
   * @throws RuntimeException where HBase would refuse to start a RegionServer with {@code conf}
   */
  static void validate(Configuration conf) {
    MemorySizeUtil.validateRegionServerHeapMemoryAllocation(conf);
  }

  /** Whether {@code settings} give the free heap in bytes, which depends on a RegionServer's own heap. */
  static boolean setsFreeHeapInBytes(Map<String, String> settings) {
    return settings.containsKey(MemorySizeUtil.HBASE_REGION_SERVER_FREE_HEAP_MIN_MEMORY_SIZE_KEY);
  }
}

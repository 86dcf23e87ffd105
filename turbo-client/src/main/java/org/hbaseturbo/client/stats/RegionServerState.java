package org.hbaseturbo.client.stats;

/**
 * One RegionServer's state as its own metrics last computed it (every {@code hbase.regionserver.metrics.period},
 * 5 s by default), with the memory limits in force.
 *
 * @param server its name (host,port,startcode)
 * @param hostMemoryBytes its node's memory: its host's physical memory, or the limit of the memory group or
 *     container it runs in where that is smaller
 * @param memoryOfItsOwn whether that is such a limit: the server is then a node by itself
 * @param heapMaxBytes its JVM's maximum heap
 * @param memstoreLimitBytes the global memstore limit in force, which the heap memory tuner may move
 * @param blockCacheMaxBytes the block cache's capacity in force, likewise
 * @param blockCacheHits cumulative since the server started
 * @param blockedRequests requests refused since start because a region's memstore was over its blocking size
 * @param flushedBytes bytes written by flushes since start (0 from a server jar older than this field)
 * @param compactedBytes bytes written by compactions since start (likewise)
 */
public record RegionServerState(String server, long hostMemoryBytes, boolean memoryOfItsOwn, long heapMaxBytes,
    long regions, long storeFiles, long memstoreBytes, long memstoreLimitBytes, long blockCacheBytes,
    long blockCacheMaxBytes, long blockCacheHits, long blockCacheMisses, long compactionQueue, long flushQueue,
    long blockedRequests, long flushedBytes, long compactedBytes) {

  /** Block cache hits over all lookups since start; NaN before the first lookup. */
  public double blockCacheHitRatio() {
    long lookups = blockCacheHits + blockCacheMisses;
    return lookups == 0 ? Double.NaN : (double) blockCacheHits / lookups;
  }
}

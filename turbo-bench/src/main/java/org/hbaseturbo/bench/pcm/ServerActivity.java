package org.hbaseturbo.bench.pcm;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.hbaseturbo.client.stats.RegionServerState;
import org.hbaseturbo.client.stats.WorkloadReading;

/**
 * What the RegionServers did over a class's measured runs, summed over the servers: the state that explains a
 * difference in throughput.
 *
 * @param flushedBytes cells written by flushes
 * @param compactedBytes cells written by compactions
 * @param blockedRequests requests refused because a region's memstore was over its blocking size
 * @param blockCacheHits block cache hits
 * @param blockCacheMisses block cache misses
 * @param storeFiles store files at the end
 * @param memstoreLimitBytes the global memstore limits in force at the end (the heap tuners move them)
 * @param blockCacheMaxBytes the block caches' capacities in force at the end
 */
public record ServerActivity(long flushedBytes, long compactedBytes, long blockedRequests, long blockCacheHits,
    long blockCacheMisses, long storeFiles, long memstoreLimitBytes, long blockCacheMaxBytes) {

  /** The servers' activity between two readings. */
  static ServerActivity between(WorkloadReading before, WorkloadReading after) {
    Map<String, RegionServerState> earlier = before.servers().stream()
        .collect(Collectors.toMap(RegionServerState::server, Function.identity()));
    List<RegionServerState> servers = after.servers();
    return new ServerActivity(delta(servers, earlier, RegionServerState::flushedBytes),
        delta(servers, earlier, RegionServerState::compactedBytes),
        delta(servers, earlier, RegionServerState::blockedRequests),
        delta(servers, earlier, RegionServerState::blockCacheHits),
        delta(servers, earlier, RegionServerState::blockCacheMisses),
        servers.stream().mapToLong(RegionServerState::storeFiles).sum(),
        servers.stream().mapToLong(RegionServerState::memstoreLimitBytes).sum(),
        servers.stream().mapToLong(RegionServerState::blockCacheMaxBytes).sum());
  }

  /** This activity followed by {@code later}'s: counts add up, the state at the end is {@code later}'s. */
  ServerActivity then(ServerActivity later) {
    return new ServerActivity(flushedBytes + later.flushedBytes, compactedBytes + later.compactedBytes,
        blockedRequests + later.blockedRequests, blockCacheHits + later.blockCacheHits,
        blockCacheMisses + later.blockCacheMisses, later.storeFiles, later.memstoreLimitBytes,
        later.blockCacheMaxBytes);
  }

  /** Hits over lookups; NaN without a lookup. */
  public double blockCacheHitRatio() {
    long lookups = blockCacheHits + blockCacheMisses;
    return lookups == 0 ? Double.NaN : (double) blockCacheHits / lookups;
  }

  /** A counter's growth; a server not in {@code earlier} (started since) counts from 0. */
  private static long delta(List<RegionServerState> servers, Map<String, RegionServerState> earlier,
      ToLongFunction<RegionServerState> counter) {
    return servers.stream().mapToLong(server -> counter.applyAsLong(server)
        - (earlier.containsKey(server.server()) ? counter.applyAsLong(earlier.get(server.server())) : 0)).sum();
  }
}

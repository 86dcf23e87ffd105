package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.hbaseturbo.client.stats.RegionServerState;
import org.hbaseturbo.client.stats.ServerCounters;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.cluster.ProcessHBaseCluster.ConfinedUse;

/**
 * One RegionServer at one moment: what decides where its reads come from (its block cache, its node's page cache or
 * its disk), how many of the table's regions it serves, and what its flushes and compactions have written. Two
 * samples, at a phase's start and end, give its {@link AdaptivityResult.NodeActivity}.
 *
 * @param flushedBytes bytes its flushes wrote since it started
 * @param compactedBytes bytes its compactions wrote since it started
 * @param node its node's use, where it is confined
 */
record NodeSample(String server, long tableRegions, long blockCacheHits, long blockCacheMisses, long flushedBytes,
    long compactedBytes, Optional<ConfinedUse> node) {

  /** Every RegionServer of {@code cluster} now. */
  static List<NodeSample> take(BenchCluster cluster, TableName table) throws IOException {
    Map<String, Long> regions;
    try (RegionLocator locator = cluster.connection().getRegionLocator(table)) {
      regions = locator.getAllRegionLocations().stream().collect(Collectors.groupingBy(NodeSample::serverOf,
          Collectors.counting()));
    }
    Map<String, ConfinedUse> nodes = cluster.confinedUse();
    List<NodeSample> samples = new ArrayList<>();
    for (RegionServerState server : new ServerStatsReader(cluster.connection()).workload().servers()) {
      samples.add(new NodeSample(server.server(), regions.getOrDefault(server.server(), 0L),
          server.blockCacheHits(), server.blockCacheMisses(), server.flushedBytes(), server.compactedBytes(),
          Optional.ofNullable(nodes.get(server.server()))));
    }
    return samples;
  }

  /**
   * What each server that both hold did from {@code start} to {@code end}, in {@code end}'s order.
   *
   * @param cost what the phase cost the servers' JVMs, as the phase measured it; null where it could not
   */
  static List<AdaptivityResult.NodeActivity> between(List<NodeSample> start, List<NodeSample> end,
      ServerCounters cost) {
    Map<String, NodeSample> before = start.stream().collect(Collectors.toMap(NodeSample::server,
        Function.identity()));
    // A JVM's CPU is one server's only where it runs no other.
    Map<String, Double> cpuSeconds = cost == null ? Map.of() : cost.byProcess().stream()
        .filter(process -> process.regionServers().size() == 1)
        .collect(Collectors.toMap(process -> process.regionServers().get(0), process -> process.cpuNanos() / 1e9));
    List<AdaptivityResult.NodeActivity> activity = new ArrayList<>();
    for (NodeSample after : end) {
      NodeSample from = before.get(after.server);
      if (from == null) {
        continue;
      }
      activity.add(new AdaptivityResult.NodeActivity(after.server, after.tableRegions,
          after.blockCacheHits - from.blockCacheHits, after.blockCacheMisses - from.blockCacheMisses,
          after.flushedBytes - from.flushedBytes, after.compactedBytes - from.compactedBytes,
          cpuSeconds.get(after.server), from.node.flatMap(was -> after.node.map(is -> new AdaptivityResult.NodeUse(
              is.diskReadOperations() - was.diskReadOperations(), is.diskReadBytes() - was.diskReadBytes(),
              was.pageCacheBytes(), is.pageCacheBytes(), was.anonymousBytes(), is.anonymousBytes()))).orElse(null)));
    }
    return activity;
  }

  /** The location's server, as {@link RegionServerState#server} names it. */
  private static String serverOf(HRegionLocation location) {
    return location.getServerName().getServerName();
  }
}

package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.ProcessClusterBuilder;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.cluster.ServerControl;
import org.hbaseturbo.cluster.regime.ServerConfinement;

/** A process cluster the PCM benchmark started for one variant, with a connection and what YCSB phases need. */
final class BenchCluster implements AutoCloseable {
  static final int REGION_SERVERS = 2;

  private final ProcessHBaseCluster cluster;
  private final Connection connection;
  private final ClusterTarget target;

  private BenchCluster(ProcessHBaseCluster cluster, Connection connection, ClusterTarget target) {
    this.cluster = cluster;
    this.connection = connection;
    this.target = target;
  }

  /**
   * Starts 2 RegionServer JVMs of {@code heap} on {@code dataDir} (its tables found again if it holds any), with
   * {@code site} over HBase's defaults, each confined to {@code node} where given, and HBase's root on an HDFS of
   * {@code dataNodes} DataNodes under {@code dataDir} where given.
   */
  static BenchCluster start(Path dataDir, String heap, Map<String, String> site, Optional<ServerConfinement> node,
      OptionalInt dataNodes, Path workDir, PrintWriter out) throws IOException {
    String onHdfs = dataNodes.isEmpty() ? "" : ", on an HDFS of " + dataNodes.getAsInt() + " DataNode"
        + (dataNodes.getAsInt() == 1 ? "" : "s");
    String description = "process cluster, " + REGION_SERVERS + " RegionServers of " + heap + " heap" + onHdfs;
    out.printf("  starting a %s%s%s, data in %s%n", description,
        node.map(confined -> ", each in a node of " + (confined.memoryBytes() >> 20) + " MiB")
            .orElse(""), site.isEmpty() ? "" : " with " + site, dataDir);
    out.flush();
    ProcessClusterBuilder builder = ProcessHBaseCluster.builder().regionServerHeap(heap)
        .regionServers(REGION_SERVERS).dataDir(dataDir);
    node.ifPresent(builder::confine);
    dataNodes.ifPresent(builder::hdfs);
    site.forEach(builder::set);
    ProcessHBaseCluster cluster = builder.start();
    try {
      Path clientConf = cluster.writeClientConfiguration(workDir.resolve("hbase-conf"));
      Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration());
      ClusterTarget target = new ClusterTarget(connection, clientConf.getParent(), description, List.of(), true);
      return new BenchCluster(cluster, connection, target);
    } catch (IOException | RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  Connection connection() {
    return connection;
  }

  ClusterTarget target() {
    return target;
  }

  /**
   * How PCM changes these RegionServers: the cluster's own control, in this JVM. PcmBenchmark and AdaptivityRun give
   * the executor no leave to restart them (a restart between classes would flush every region and empty the
   * caches), so it changes them online only.
   */
  ServerControl serverControl() {
    return cluster;
  }

  /**
   * What each confined RegionServer used of its node since the cluster started, by its server name
   * ({@link org.hbaseturbo.client.stats.RegionServerState#server}); empty where they are not confined.
   */
  Map<String, ProcessHBaseCluster.ConfinedUse> confinedUse() throws IOException {
    List<ProcessHBaseCluster.ConfinedUse> uses = cluster.confinedUse();
    Map<String, ProcessHBaseCluster.ConfinedUse> byServer = new HashMap<>();
    for (int index = 0; index < uses.size(); index++) {
      byServer.put(cluster.regionServerName(index).getServerName(), uses.get(index));
    }
    return byServer;
  }

  @Override
  public void close() throws IOException {
    try {
      connection.close();
    } finally {
      cluster.close();
    }
  }
}

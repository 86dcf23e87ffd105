package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.client.ClusterConnections;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.cluster.LinkDelay;
import org.hbaseturbo.cluster.LocalCluster;
import org.hbaseturbo.cluster.LocalClusterBuilder;
import org.hbaseturbo.cluster.NetworkLink;
import org.hbaseturbo.cluster.ProcessClusterBuilder;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.cluster.regime.ServerConfinement;
import org.hbaseturbo.common.InvalidInputException;

/** The cluster a command works on: the one {@code --conf} names, or a local one started for it. */
final class TargetCluster implements AutoCloseable {
  /** Where an embedded cluster listens unless an emulated link needs another address. */
  static final String LOOPBACK = "127.0.0.1";

  private final ClusterTarget target;
  private final String identity;
  private final Optional<LocalCluster> local;

  private TargetCluster(ClusterTarget target, String identity, Optional<LocalCluster> local) {
    this.target = target;
    this.identity = identity;
    this.local = local;
  }

  /**
   * @param conf {@code --conf}, if given
   * @param settings how to start a local cluster when {@code conf} is absent
   * @param workDir where a local cluster's client configuration is written
   */
  static TargetCluster open(Optional<Path> conf, LocalSettings settings, Path workDir, PrintWriter out)
      throws IOException {
    if (conf.isPresent()) {
      Configuration configuration = ClientConfigurations.fromDirectory(conf.get());
      String description = ClusterConnections.describe(configuration) + " (from "
          + conf.get().resolve(ClientConfigurations.SITE_FILE) + ")";
      Connection connection = ClusterConnections.open(configuration, description);
      return new TargetCluster(new ClusterTarget(connection, conf.get(), description), "the cluster "
          + description, Optional.empty());
    }
    LocalCluster cluster = settings.start(out);
    try {
      Path clientConf = workDir.resolve("hbase-conf");
      cluster.writeClientConfiguration(clientConf);
      String description = settings.describe(cluster);
      Connection connection = ClusterConnections.open(cluster.clientConfiguration(), description);
      List<HRegionServer> inProcess = cluster instanceof EmbeddedHBaseCluster embedded ? embedded.regionServers()
          : List.of();
      return new TargetCluster(new ClusterTarget(connection, clientConf, description, inProcess, true),
          settings.identity(), Optional.of(cluster));
    } catch (IOException | RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  ClusterTarget target() {
    return target;
  }

  /**
   * What the cluster is, for what outlives the command (a policy file): a local cluster's kind, servers and limits,
   * without the processes, ports and directories of {@link ClusterTarget#description}; the one {@code --conf} names
   * as that description does.
   */
  String identity() {
    return identity;
  }

  /** Whether this command started the cluster, and stops it as it ends. */
  boolean local() {
    return local.isPresent();
  }

  /** The process cluster this command started, whose RegionServer and DataNode JVMs it may kill; else empty. */
  Optional<ProcessHBaseCluster> processes() {
    return local.filter(ProcessHBaseCluster.class::isInstance).map(ProcessHBaseCluster.class::cast);
  }

  @Override
  public void close() throws IOException {
    try {
      target.connection().close();
    } finally {
      if (local.isPresent()) {
        local.get().close();
      }
    }
  }

  /**
   * How to start a local cluster, embedded or as processes; the start reports progress since it takes a while.
   *
   * @param site settings for every server, over the cluster's own
   * @param confinement each RegionServer's node, where they run confined ({@code --regime disk})
   * @param dataNodes the DataNodes of the HDFS that holds HBase's data ({@code --hdfs}); none for the local file
   *     system
   * @param partitionable whether its RegionServer processes can be cut off from the master and ZooKeeper
   */
  record LocalSettings(boolean processes, int regionServers, Optional<Path> dataDir, String host,
      Optional<String> regionServerHeap, Map<String, String> site, Optional<ServerConfinement> confinement,
      OptionalInt dataNodes, boolean partitionable, Optional<NetworkLink.Speed> hosts) {
    /**
     * These settings, with RegionServers that chaos can cut off.
     *
     * @throws InvalidInputException when this host cannot cut them off (not root, no cgroup v2 or iptables), or
     *     on hosts of their own cannot delay a link (no python3)
     */
    LocalSettings withPartitions(String what) {
      ProcessClusterBuilder.requirePartitionable(what);
      if (hosts.isPresent()) {
        // The lossy link holds its host's packets too.
        LinkDelay.requireUsable(what + " with --hosts");
      }
      return new LocalSettings(processes, regionServers, dataDir, host, regionServerHeap, site, confinement,
          dataNodes, true, hosts);
    }

    /** These settings, with {@code defaults} under the site's: a setting given in {@code --site} wins. */
    LocalSettings withSiteDefaults(Map<String, String> defaults) {
      Map<String, String> merged = new LinkedHashMap<>(defaults);
      merged.putAll(site);
      return new LocalSettings(processes, regionServers, dataDir, host, regionServerHeap, merged, confinement,
          dataNodes, partitionable, hosts);
    }

    LocalCluster start(PrintWriter out) throws IOException {
      String where = dataDir.map(Path::toString).orElse("a temporary directory");
      out.printf(processes
          ? "starting HBase as processes (" + (hosts.isPresent() ? "ZooKeeper and 1 master JVM on a master's host"
              : "ZooKeeper and 1 master here") + ", %d RegionServer JVMs" + (dataNodes.isPresent()
              ? ", an HDFS NameNode and " + dataNodes.getAsInt() + " DataNode JVMs" : "")
              + (hosts.isPresent() ? ", each server on a host of its own" : "") + "), data in %s ...%n"
          : "starting embedded HBase (1 master, %d RegionServers, ZooKeeper), data in %s ...%n", regionServers, where);
      out.flush();
      long start = System.nanoTime();
      LocalClusterBuilder<?, ?> builder;
      if (processes) {
        ProcessClusterBuilder processBuilder = ProcessHBaseCluster.builder();
        regionServerHeap.ifPresent(processBuilder::regionServerHeap);
        confinement.ifPresent(processBuilder::confine);
        dataNodes.ifPresent(processBuilder::hdfs);
        if (partitionable) {
          processBuilder.partitionable();
        }
        hosts.ifPresent(processBuilder::hosts);
        builder = processBuilder;
      } else {
        builder = EmbeddedHBaseCluster.builder().host(host);
      }
      builder.regionServers(regionServers);
      dataDir.ifPresent(builder::dataDir);
      site.forEach(builder::set);
      LocalCluster cluster = builder.start();
      out.printf("%s started in %.1f s (%s)%n", processes ? "process cluster" : "embedded HBase",
          (System.nanoTime() - start) / 1e9, describe(cluster));
      out.flush();
      return cluster;
    }

    String describe(LocalCluster cluster) {
      return cluster instanceof ProcessHBaseCluster processCluster
          ? "processes, " + regionServers + " RegionServer JVMs (pids " + processCluster.regionServerPids()
              + "), ZooKeeper " + cluster.zooKeeperQuorum() + ", RegionServer info servers (/jmx, /prometheus) "
              + String.join(" ", processCluster.regionServerInfoAddresses()) + confinementWords()
              + processCluster.hdfs().map(hdfs -> ", HBase's root on HDFS " + hdfs.uri() + " (NameNode and "
                  + hdfs.dataNodeCount() + " DataNodes, pids " + hdfs.pids() + ")").orElse("")
              + processCluster.masterHost().map(host -> ", master's host " + host.namespace() + " at "
                  + host.address() + " (ZooKeeper pid " + host.zooKeeperPid() + ", master pid " + host.masterPid()
                  + ")").orElse("")
              + processCluster.clientHost().map(host -> ", client host " + host.namespace()).orElse("")
              + ", logs in " + cluster.dataDir().resolve("logs")
          : "embedded, " + regionServers + " RegionServers, ZooKeeper " + cluster.zooKeeperQuorum();
    }

    /**
     * What the cluster these settings start is, in words that stay true once it is gone: its kind, servers, heap,
     * limits and links; not its processes, ports and directories, which {@link #describe} names for the run.
     */
    String identity() {
      if (!processes) {
        return "an embedded cluster of " + regionServers + " RegionServers in one JVM";
      }
      return "a local process cluster of " + regionServers + " RegionServer JVMs of "
          + regionServerHeap.orElse(ProcessHBaseCluster.DEFAULT_REGION_SERVER_HEAP) + " heap" + confinementWords()
          + (dataNodes.isPresent() ? ", HBase's root on HDFS (" + dataNodes.getAsInt() + " DataNodes)" : "")
          + hosts.map(link -> ", each on a host of its own behind a " + link.userName() + " link").orElse("");
    }

    /** Each RegionServer's node, where they run confined; empty otherwise. */
    private String confinementWords() {
      return confinement.map(node -> ", each confined to " + (node.memoryBytes() >> 20) + " MiB" + node.disk()
          .map(disk -> " and " + disk.bytesPerSecond() / 1_000_000 + " MB/s, " + disk.operationsPerSecond()
              + " operations/s each way").orElse("")).orElse("");
    }
  }
}

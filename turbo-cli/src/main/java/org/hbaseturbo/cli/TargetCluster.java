package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.bench.ClusterTarget;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.client.ClusterConnections;
import org.hbaseturbo.testing.EmbeddedHBaseCluster;

/** The cluster a command works on: the one {@code --conf} names, or an embedded one started for it. */
final class TargetCluster implements AutoCloseable {
  /** Where an embedded cluster listens unless an emulated link needs another address. */
  static final String LOOPBACK = "127.0.0.1";

  private final ClusterTarget target;
  private final Optional<EmbeddedHBaseCluster> embedded;

  private TargetCluster(ClusterTarget target, Optional<EmbeddedHBaseCluster> embedded) {
    this.target = target;
    this.embedded = embedded;
  }

  /**
   * @param conf {@code --conf}, if given
   * @param settings how to start the embedded cluster when {@code conf} is absent
   * @param workDir where an embedded cluster's client configuration is written
   */
  static TargetCluster open(Optional<Path> conf, EmbeddedSettings settings, Path workDir, PrintWriter out)
      throws IOException {
    if (conf.isPresent()) {
      Configuration configuration = ClientConfigurations.fromDirectory(conf.get());
      String description = ClusterConnections.describe(configuration) + " (from "
          + conf.get().resolve(ClientConfigurations.SITE_FILE) + ")";
      Connection connection = ClusterConnections.open(configuration, description);
      return new TargetCluster(new ClusterTarget(connection, conf.get(), description), Optional.empty());
    }
    EmbeddedHBaseCluster cluster = settings.start(out);
    try {
      Path clientConf = workDir.resolve("hbase-conf");
      cluster.writeClientConfiguration(clientConf);
      Connection connection = ClusterConnections.open(cluster.clientConfiguration(), "embedded");
      String description = "embedded, " + cluster.regionServerCount() + " RegionServers, ZooKeeper "
          + cluster.zooKeeperQuorum();
      return new TargetCluster(new ClusterTarget(connection, clientConf, description), Optional.of(cluster));
    } catch (IOException | RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  ClusterTarget target() {
    return target;
  }

  @Override
  public void close() throws IOException {
    try {
      target.connection().close();
    } finally {
      if (embedded.isPresent()) {
        embedded.get().close();
      }
    }
  }

  /** How to start an embedded cluster; the start reports progress since it takes a while. */
  record EmbeddedSettings(int regionServers, Optional<Path> dataDir, String host) {
    EmbeddedHBaseCluster start(PrintWriter out) throws IOException {
      out.printf("starting embedded HBase (1 master, %d RegionServers, ZooKeeper), data in %s ...%n", regionServers,
          dataDir.map(Path::toString).orElse("a temporary directory"));
      out.flush();
      long start = System.nanoTime();
      EmbeddedHBaseCluster.Builder builder = EmbeddedHBaseCluster.builder().regionServers(regionServers).host(host);
      dataDir.ifPresent(builder::dataDir);
      EmbeddedHBaseCluster cluster = builder.start();
      out.printf("embedded HBase started in %.1f s (ZooKeeper %s)%n", (System.nanoTime() - start) / 1e9,
          cluster.zooKeeperQuorum());
      out.flush();
      return cluster;
    }
  }
}

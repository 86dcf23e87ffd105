package org.hbaseturbo.cluster;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.LocalHBaseCluster;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.JVMClusterUtil;
import org.apache.hadoop.hbase.zookeeper.MiniZooKeeperCluster;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.hbaseturbo.compress.TurboCodecs;

/**
 * A real HBase in this JVM: ZooKeeper, one HMaster and N RegionServers ({@link LocalHBaseCluster}) on the
 * local file system, with the server jar's coprocessors and Turbo's pure-Java codecs ({@link TurboCodecs}).
 * Data lives in {@code dataDir/hbase}; a temporary data directory is deleted on {@link #close()}, a given one
 * is kept, and a later cluster on it finds the tables again, also after this JVM was killed.
 */
public final class EmbeddedHBaseCluster implements LocalCluster {
  private final ClusterHome home;
  private final LocalHBaseCluster hbase;
  private final Configuration clientConfiguration;

  private EmbeddedHBaseCluster(ClusterHome home, LocalHBaseCluster hbase, Configuration clientConfiguration) {
    this.home = home;
    this.hbase = hbase;
    this.clientConfiguration = clientConfiguration;
  }

  public static Builder builder() {
    return new Builder();
  }

  @Override
  public Configuration clientConfiguration() {
    return new Configuration(clientConfiguration);
  }

  @Override
  public Path dataDir() {
    return home.dir();
  }

  public int regionServerCount() {
    return hbase.getLiveRegionServers().size();
  }

  /** The live RegionServers, for tests that look inside them. */
  public List<HRegionServer> regionServers() {
    return hbase.getLiveRegionServers().stream().map(JVMClusterUtil.RegionServerThread::getRegionServer)
        .toList();
  }

  /**
   * Stops a RegionServer the way an operator does (its regions close and reopen on the others) and starts a
   * new one in its place: for fault tests, which then need a cluster of their own.
   */
  public void restartRegionServer(HRegionServer server) throws IOException {
    JVMClusterUtil.RegionServerThread thread = hbase.getLiveRegionServers().stream()
        .filter(live -> live.getRegionServer() == server).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("RegionServer " + server.getServerName()
            + " is not live in this cluster"));
    server.stop("restarted by a fault test");
    hbase.waitOnRegionServer(thread);
    JVMClusterUtil.RegionServerThread replacement = hbase.addRegionServer();
    replacement.start();
    replacement.waitForServerOnline();
  }

  @Override
  public String zooKeeperQuorum() {
    return home.zooKeeperQuorum();
  }

  @Override
  public Path writeClientConfiguration(Path dir) throws IOException {
    return ClusterSettings.writeClient(clientConfiguration, dir);
  }

  /**
   * Stops the RegionServers (they flush their memstores as their regions close), the master and ZooKeeper,
   * and deletes a temporary data directory.
   */
  @Override
  public void close() throws IOException {
    home.close(() -> ServerThreads.stop(hbase));
  }

  /** Options of an embedded cluster; {@link #start()} returns once it serves requests. */
  public static final class Builder extends LocalClusterBuilder<Builder, EmbeddedHBaseCluster> {
    private String host = ClusterSettings.LOOPBACK;

    private Builder() {
    }

    /**
     * The address the master and RegionServers bind to and advertise. Loopback by default; a benchmark that
     * reaches the cluster through an emulated network link gives the host side of that link. ZooKeeper
     * listens on loopback only ({@link MiniZooKeeperCluster}), so clients of a cluster on another address
     * find it through HBase's RPC connection registry instead.
     */
    public Builder host(String address) {
      this.host = requireNonNull(address, "address is null");
      return this;
    }

    @Override
    Builder self() {
      return this;
    }

    @Override
    String host() {
      return host;
    }

    @Override
    EmbeddedHBaseCluster start(Configuration conf, ClusterHome home) throws IOException {
      // Several RegionServers in one JVM register metrics sources of the same name; this mode (which
      // HBase's own test utility sets too) makes Hadoop's metrics system accept them.
      DefaultMetricsSystem.setMiniClusterMode(true);
      LocalHBaseCluster hbase = null;
      try (AbortLines aborts = AbortLines.capture()) {
        hbase = new LocalHBaseCluster(conf, 1, regionServers);
        ServerThreads.start(hbase, aborts).awaitServing(regionServers, () -> { }, "embedded HBase");
      } catch (IOException | RuntimeException e) {
        if (hbase != null) {
          ServerThreads.stop(hbase);
        }
        throw e;
      }
      Configuration client = ClusterSettings.client(conf);
      if (!host.equals(ClusterSettings.LOOPBACK)) {
        client.set(ClusterSettings.REGISTRY_IMPL, "org.apache.hadoop.hbase.client.RpcConnectionRegistry");
        client.set(ClusterSettings.BOOTSTRAP_SERVERS, bootstrapServers(hbase));
      }
      return new EmbeddedHBaseCluster(home, hbase, client);
    }

    private static String bootstrapServers(LocalHBaseCluster hbase) {
      StringBuilder servers = new StringBuilder(hbase.getActiveMaster().getServerName().getAddress().toString());
      for (var regionServer : hbase.getLiveRegionServers()) {
        servers.append(',').append(regionServer.getRegionServer().getServerName().getAddress());
      }
      return servers.toString();
    }
  }
}

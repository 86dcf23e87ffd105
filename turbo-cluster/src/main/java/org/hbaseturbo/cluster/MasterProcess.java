package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.master.HMaster;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.jvm.WatchedProcess.EndOrder;

/**
 * The master in a JVM of its own, started through HBase's own entry point ({@code HMaster start}) with its settings in
 * its own {@code hbase-site.xml}, as on a real cluster's master node: for the master's host of a cluster of hosts. The
 * launcher sees it only as any client does, through {@link Admin}.
 */
final class MasterProcess implements ClusterMaster {
  private static final String HEAP = "512m";

  private final ServerJvm jvm;
  private final int port;
  /** A client configuration that fails fast: for the launcher's own looks, which poll and retry by themselves. */
  private final Configuration client;

  private MasterProcess(ServerJvm jvm, int port, Configuration client) {
    this.jvm = jvm;
    this.port = port;
    this.client = client;
  }

  /**
   * @param settings the master's settings: the cluster's, with its host's address to bind to and advertise
   * @param wrapper the words its JVM runs under to run on its host
   * @param client a client configuration of the cluster, for the launcher to reach the master with
   * @param order {@link HdfsCluster#writersOrder} on HDFS, so that HDFS outlives it when the launcher dies
   */
  static MasterProcess start(Path dataDir, Configuration settings, List<String> wrapper, Configuration client,
      EndOrder order) throws IOException {
    Path home = dataDir.resolve("master");
    Path conf = Files.createDirectories(home.resolve("conf"));
    int port = FreePorts.take();
    Configuration site = new Configuration(settings);
    // Without it, HMaster's command line starts a local cluster of its own, ZooKeeper and a RegionServer with it.
    site.setBoolean(HConstants.CLUSTER_DISTRIBUTED, true);
    site.set("hbase.tmp.dir", home.resolve("tmp").toString());
    // Known before it starts: the port a partition cuts a RegionServer off from.
    site.setInt(HConstants.MASTER_PORT, port);
    NoFollowFiles.writeXml(conf.resolve("hbase-site.xml"), site);
    ServerJvm jvm = ServerJvm.start("the master", conf, dataDir.resolve("logs"), "master", HEAP, wrapper, order,
        HMaster.class.getName(), List.of("start"));
    return new MasterProcess(jvm, port, failingFast(client));
  }

  private static Configuration failingFast(Configuration client) {
    Configuration fast = new Configuration(client);
    fast.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 1);
    fast.setLong(HConstants.HBASE_CLIENT_PAUSE, 100);
    fast.setInt(HConstants.HBASE_RPC_TIMEOUT_KEY, 5_000);
    fast.setInt(HConstants.HBASE_CLIENT_OPERATION_TIMEOUT, 10_000);
    fast.setInt("zookeeper.recovery.retry", 0);
    return fast;
  }

  @Override
  public void awaitServing(int regionServers, ServerThreads.OtherServers others, String cluster) throws IOException {
    try (Connection connection = ConnectionFactory.createConnection(client); Admin admin = connection.getAdmin()) {
      Await.until(() -> {
        jvm.requireStarting();
        others.requireNoneGaveUp();
        return online(admin) >= regionServers;
      }, LocalClusterBuilder.START_TIMEOUT, LocalClusterBuilder.START_POLL, cluster + " to start",
          () -> new IOException(cluster + " did not start within " + LocalClusterBuilder.START_TIMEOUT.toSeconds()
              + " s: " + missing(admin, regionServers) + "; see " + jvm.log().file()));
    }
  }

  /**
   * How many RegionServers are online, once the master has finished initializing (it lists namespaces only then,
   * once {@code hbase:meta} and the namespace table are assigned); -1 before.
   */
  private static int online(Admin admin) {
    try {
      admin.listNamespaceDescriptors();
      return admin.getRegionServers().size();
    } catch (IOException notYet) {
      return -1;
    }
  }

  /** What the cluster still lacks to serve, for a start that took too long. */
  private static String missing(Admin admin, int regionServers) {
    int online = online(admin);
    if (online >= 0) {
      return online + " of " + regionServers + " RegionServers online";
    }
    try {
      return "the master has not assigned hbase:meta and the namespace table; " + admin.getRegionServers().size()
          + " of " + regionServers + " RegionServers online";
    } catch (IOException e) {
      return "the master does not answer: " + e.getMessage();
    }
  }

  @Override
  public int port() {
    return port;
  }

  @Override
  public OptionalLong pid() {
    return OptionalLong.of(jvm.pid());
  }

  /**
   * Asks it to shut the cluster down, as {@code hbase master stop} does, and waits for it to end; after two minutes,
   * or where it could not be asked, kills it.
   */
  @Override
  public void stop() throws IOException {
    try (Connection connection = ConnectionFactory.createConnection(client); Admin admin = connection.getAdmin()) {
      admin.shutdown();
    } catch (IOException e) {
      jvm.kill();
      throw new IOException(jvm + " did not take the cluster's shutdown, and was killed: " + e.getMessage(), e);
    }
    if (!jvm.awaitExit(ProcessHBaseCluster.STOP_TIMEOUT)) {
      throw new IOException(jvm + " did not end within " + ProcessHBaseCluster.STOP_TIMEOUT.toSeconds()
          + " s of the cluster's"
          + " shutdown, and was killed; see " + jvm.log().file());
    }
  }
}

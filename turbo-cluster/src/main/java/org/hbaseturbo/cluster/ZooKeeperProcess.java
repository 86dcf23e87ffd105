package org.hbaseturbo.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.zookeeper.HQuorumPeer;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.jvm.WatchedProcess.EndOrder;

/**
 * ZooKeeper in a JVM of its own, started as HBase's {@code hbase zookeeper} starts the one HBase manages
 * ({@link HQuorumPeer}, from its {@code hbase-site.xml}): a quorum of one, on every address of its host. For the
 * master's host of a cluster of hosts, which the in-JVM ZooKeeper cannot serve from: a JVM's sockets live in the
 * network namespace its process started in, and that one binds to loopback alone.
 */
final class ZooKeeperProcess implements ClusterZooKeeper {
  private static final String HEAP = "128m";
  private static final String PROPERTY = HConstants.ZK_CFG_PROPERTY_PREFIX;
  private static final int CONNECT_TIMEOUT_MS = 1_000;

  private final ServerJvm jvm;
  private final int port;

  private ZooKeeperProcess(ServerJvm jvm, int port) {
    this.jvm = jvm;
    this.port = port;
  }

  /**
   * Starts it on {@code host}:{@code port} with its data in {@code dataDir} and returns once it accepts connections.
   *
   * @param cluster the cluster's settings: sessions are granted as the in-JVM ZooKeeper grants them
   * @param wrapper the words its JVM runs under to run on {@code host}
   */
  static ZooKeeperProcess start(String host, int port, Path dataDir, Path logs, Configuration cluster,
      List<String> wrapper) throws IOException {
    Path conf = Files.createDirectories(dataDir.resolveSibling("zookeeper-server").resolve("conf"));
    NoFollowFiles.writeXml(conf.resolve("hbase-site.xml"), site(host, port, dataDir, cluster));
    ServerJvm jvm = ServerJvm.start("ZooKeeper", conf, logs, "zookeeper", HEAP, wrapper, EndOrder.NONE,
        HQuorumPeer.class.getName(), List.of());
    try {
      Await.until(() -> {
        jvm.requireAlive("starting");
        return accepts(host, port);
      }, LocalClusterBuilder.START_TIMEOUT, LocalClusterBuilder.START_POLL, "ZooKeeper on " + host + ":" + port,
          () -> new IOException("ZooKeeper did not accept connections on " + host + ":" + port + " within "
              + LocalClusterBuilder.START_TIMEOUT.toSeconds() + " s; see " + jvm.log().file()));
    } catch (IOException | RuntimeException e) {
      jvm.kill();
      throw e;
    }
    return new ZooKeeperProcess(jvm, port);
  }

  /**
   * Its {@code hbase-site.xml}: a quorum of {@code host} alone, which makes it a standalone server, with the cluster's
   * own ZooKeeper properties.
   */
  static Configuration site(String host, int port, Path dataDir, Configuration cluster) {
    Configuration site = new Configuration(false);
    cluster.getPropsWithPrefix(PROPERTY).forEach((key, value) -> site.set(PROPERTY + key, value));
    site.set(HConstants.ZOOKEEPER_QUORUM, host);
    site.setInt(PROPERTY + "clientPort", port);
    site.set(PROPERTY + "dataDir", dataDir.toString());
    site.setLong(PROPERTY + "tickTime", DataDirZooKeeper.TICK_MS);
    // ZooKeeper's admin server, a web server on port 8080, which nothing here asks.
    site.set(PROPERTY + "admin.enableServer", "false");
    // HQuorumPeer grants sessions of up to its own zookeeper.session.timeout, whatever maxSessionTimeout says: the
    // in-JVM ZooKeeper's grant, maxSessionTimeout or else 20 ticks, so that a session lasts as long on either.
    site.setLong(HConstants.ZK_SESSION_TIMEOUT, cluster.getLong(PROPERTY + "maxSessionTimeout",
        20 * DataDirZooKeeper.TICK_MS));
    return site;
  }

  private static boolean accepts(String host, int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
      return true;
    } catch (IOException notYet) {
      return false;
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

  /** SIGKILL: its data is deleted at the next start anyway, and the cluster's servers have stopped. */
  @Override
  public void stop() {
    jvm.kill();
  }
}

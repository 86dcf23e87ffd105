package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.zookeeper.MiniZooKeeperCluster;
import org.hbaseturbo.common.InvalidInputException;

/** ZooKeeper for a cluster, in the cluster's data directory: empty at each start, on the last start's port. */
final class DataDirZooKeeper {
  /** Its tick, as HBase's MiniZooKeeperCluster has it: sessions are granted 2 to 20 of them unless told otherwise. */
  static final long TICK_MS = 2_000;

  private DataDirZooKeeper() {
  }

  /** Starts it in this JVM, on loopback, and sets its port in {@code conf}. */
  static ClusterZooKeeper start(Configuration conf, Path dir, ClusterDataDir claim) throws IOException {
    MiniZooKeeperCluster zooKeeper = new MiniZooKeeperCluster(conf);
    Path zooKeeperDir = emptied(dir);
    OptionalInt previousPort = claim.zooKeeperPort();
    previousPort.ifPresent(zooKeeper::addClientPort);
    int port;
    try {
      port = zooKeeper.startup(zooKeeperDir.toFile());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while starting ZooKeeper", e);
    }
    if (port < 0) {
      throw new InvalidInputException("ZooKeeper's port " + previousPort.getAsInt() + " of the cluster in " + dir
          + " is taken by another process; free it, or delete " + dir.resolve("zookeeper.port") + " to start on a"
          + " new port (clients then need the new client configuration)");
    }
    remember(conf, claim, port);
    return new ClusterZooKeeper() {
      @Override
      public int port() {
        return port;
      }

      @Override
      public OptionalLong pid() {
        return OptionalLong.empty();
      }

      @Override
      public void stop() throws IOException {
        zooKeeper.shutdown();
      }
    };
  }

  /**
   * Starts it in a JVM of its own on {@code host} (the master's host of a cluster of hosts), where every host reaches
   * it, and points {@code conf} at it.
   *
   * @param wrapper the words its JVM runs under to run on that host
   */
  static ClusterZooKeeper startOn(String host, List<String> wrapper, Configuration conf, Path dir,
      ClusterDataDir claim) throws IOException {
    Path zooKeeperDir = emptied(dir);
    // Its host is a network of its own, where no other process holds a port: the last start's is free there.
    OptionalInt previousPort = claim.zooKeeperPort();
    int port = previousPort.isPresent() ? previousPort.getAsInt() : FreePorts.take();
    ZooKeeperProcess zooKeeper = ZooKeeperProcess.start(host, port, zooKeeperDir, dir.resolve("logs"), conf,
        wrapper);
    remember(conf, claim, port);
    conf.set(HConstants.ZOOKEEPER_QUORUM, host);
    return zooKeeper;
  }

  /**
   * Its directory, emptied. A cluster that was killed leaves its master's ephemeral node in ZooKeeper's snapshot, and
   * a new master waits on it as on a live rival ("another master is active"). HBase 2.6 keeps nothing in ZooKeeper
   * that it cannot rebuild from hbase.rootdir: meta's location lives in the master's local region (ZooKeeper holds a
   * mirror), and the dead servers whose WALs need splitting are found from their WAL directories. So every start
   * begins with an empty ZooKeeper.
   */
  private static Path emptied(Path dir) throws IOException {
    Path zooKeeperDir = dir.resolve("zookeeper");
    FileTrees.deleteRecursively(zooKeeperDir);
    return zooKeeperDir;
  }

  /** Keeps the port for the next start, so that client configurations written now still find the cluster then. */
  private static void remember(Configuration conf, ClusterDataDir claim, int port) throws IOException {
    claim.rememberZooKeeperPort(port);
    conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, port);
  }
}

package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.zookeeper.MiniZooKeeperCluster;
import org.hbaseturbo.common.InvalidInputException;

/** ZooKeeper for a cluster, in the cluster's data directory: empty at each start, on the last start's port. */
final class DataDirZooKeeper {
  private DataDirZooKeeper() {
  }

  /** Starts it and sets its port in {@code conf}. */
  static MiniZooKeeperCluster start(Configuration conf, Path dir, ClusterDataDir claim) throws IOException {
    MiniZooKeeperCluster zooKeeper = new MiniZooKeeperCluster(conf);
    Path zooKeeperDir = dir.resolve("zookeeper");
    // A cluster that was killed leaves its master's ephemeral node in ZooKeeper's snapshot, and a new master
    // waits on it as on a live rival ("another master is active"). HBase 2.6 keeps nothing in ZooKeeper that it
    // cannot rebuild from hbase.rootdir: meta's location lives in the master's local region (ZooKeeper holds a
    // mirror), and the dead servers whose WALs need splitting are found from their WAL directories. So every
    // start begins with an empty ZooKeeper.
    FileTrees.deleteRecursively(zooKeeperDir);
    // The port of the last start, so that client configurations written then still find this cluster.
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
    claim.rememberZooKeeperPort(port);
    conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, port);
    return zooKeeper;
  }
}

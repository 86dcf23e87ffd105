package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * What a running local cluster holds in its data directory besides HBase's files: the claim on the directory and
 * the ZooKeeper started in it. Released after the servers stopped, deleting a temporary directory.
 */
final class ClusterHome {
  private final Path dir;
  private final boolean temporary;
  private final ClusterDataDir claim;
  private final ClusterZooKeeper zooKeeper;

  ClusterHome(Path dir, boolean temporary, ClusterDataDir claim, ClusterZooKeeper zooKeeper) {
    this.dir = dir;
    this.temporary = temporary;
    this.claim = claim;
    this.zooKeeper = zooKeeper;
  }

  Path dir() {
    return dir;
  }

  String zooKeeperQuorum() {
    return ClusterSettings.LOOPBACK + ":" + zooKeeperPort();
  }

  /** {@link ClusterZooKeeper#pid}. */
  OptionalLong zooKeeperPid() {
    return zooKeeper.pid();
  }

  int zooKeeperPort() {
    return zooKeeper.port();
  }

  /** Stops ZooKeeper, gives the directory up, and deletes it if it was temporary. */
  void release() throws IOException {
    try {
      zooKeeper.stop();
    } finally {
      claim.close();
      if (temporary) {
        FileTrees.deleteRecursively(dir);
      }
    }
  }
}

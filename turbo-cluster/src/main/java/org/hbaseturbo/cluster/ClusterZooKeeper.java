package org.hbaseturbo.cluster;

import java.io.IOException;
import java.util.OptionalLong;

/**
 * The ZooKeeper of a local cluster ({@link DataDirZooKeeper}): in the launcher's JVM on loopback, or a JVM of its own
 * on the master's host of a cluster of hosts ({@link ZooKeeperProcess}).
 */
interface ClusterZooKeeper {
  /** The port its clients connect to. */
  int port();

  /** Its JVM's process id, where it runs in one of its own. */
  OptionalLong pid();

  /** Stops it: every session ends with it. */
  void stop() throws IOException;
}

package org.hbaseturbo.cluster;

import java.io.IOException;
import java.util.OptionalLong;

/**
 * The master of a process cluster, as its launcher sees it: threads of the launcher's own JVM ({@link MasterThreads}),
 * or a JVM of its own on the master's host of a cluster of hosts ({@link MasterProcess}).
 */
interface ClusterMaster {
  /**
   * Returns once the master has finished initializing and {@code regionServers} are online; fails as soon as the
   * master or one of {@code others} gave up, or once {@link LocalClusterBuilder#START_TIMEOUT} has passed.
   *
   * @param cluster which cluster, for messages: "the process cluster"
   */
  void awaitServing(int regionServers, ServerThreads.OtherServers others, String cluster) throws IOException;

  /** Its RPC port, which a partition cuts a RegionServer off from. */
  int port();

  /** Its JVM's process id, where it runs in one of its own. */
  OptionalLong pid();

  /**
   * Shuts the cluster down as HBase's {@code stop-hbase.sh} does: each RegionServer closes its regions and exits,
   * then the master; returns once the master has ended.
   */
  void stop() throws IOException;
}

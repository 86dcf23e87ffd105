package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * What a running local cluster holds in its data directory besides HBase's files: the claim on the directory and
 * the ZooKeeper started in it. Released after the servers stopped, deleting a temporary directory.
 *
 * <p>The cluster stops once, from {@link #close} (its own close) or from a shutdown hook when the JVM exits first
 * (Ctrl-C or SIGTERM): a command stopped so leaves no temporary directory, server processes, network namespaces or
 * firewall rules behind.
 */
final class ClusterHome {
  /**
   * Before Hadoop closes its cached file systems (an embedded RegionServer flushing its memstores on them), after
   * {@code cluster start}'s own hook, which says that it stops the cluster.
   */
  static final int EXIT_HOOK_PRIORITY = FileSystem.SHUTDOWN_HOOK_PRIORITY + 5;
  /** As long as a process cluster's RegionServers get to exit (then killed), with room for ZooKeeper and HDFS. */
  static final long EXIT_HOOK_TIMEOUT_MINUTES = 5;

  private final Path dir;
  private final boolean temporary;
  private final ClusterDataDir claim;
  private final ClusterZooKeeper zooKeeper;
  private Runnable exitHook;
  private boolean closed;

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

  /** Closes {@code cluster}, which lives here, when the JVM exits before it was closed. */
  synchronized void closeOnExit(LocalCluster cluster) {
    exitHook = () -> {
      if (isClosed()) {
        // Closed already, by the command or by a hook of its own that said so (cluster start).
        return;
      }
      System.err.println("stopping the local cluster in " + dir + " before this JVM exits ...");
      try {
        cluster.close();
      } catch (IOException | RuntimeException e) {
        System.err.println("the local cluster in " + dir + " did not stop cleanly: " + e);
      }
    };
    ShutdownHookManager.get().addShutdownHook(exitHook, EXIT_HOOK_PRIORITY, EXIT_HOOK_TIMEOUT_MINUTES,
        TimeUnit.MINUTES);
  }

  /** Whether the cluster closed; waits for a close under way. */
  private synchronized boolean isClosed() {
    return closed;
  }

  /**
   * Stops the servers with {@code stopServers} and releases this home, the first time only: a later call, and the
   * exit hook's once the cluster closed, return at once; one made while another stops the cluster waits for it.
   */
  synchronized void close(ServerStop stopServers) throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (exitHook != null && !ShutdownHookManager.get().isShutdownInProgress()) {
      ShutdownHookManager.get().removeShutdownHook(exitHook);
    }
    try {
      stopServers.run();
    } finally {
      release();
    }
  }

  /** Stops ZooKeeper, gives the directory up, and deletes it if it was temporary. */
  private void release() throws IOException {
    try {
      zooKeeper.stop();
    } finally {
      claim.close();
      if (temporary) {
        FileTrees.deleteRecursively(dir);
      }
    }
  }

  /** How a cluster stops what runs on this home, before the home is released. */
  @FunctionalInterface
  interface ServerStop {
    void run() throws IOException;
  }
}

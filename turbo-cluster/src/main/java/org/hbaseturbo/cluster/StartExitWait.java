package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * Holds a JVM that exits while a local cluster starts (Ctrl-C or SIGTERM during the start) until the start has ended,
 * for at most {@link ClusterHome#EXIT_HOOK_TIMEOUT_MINUTES}: a start that fails removes what it made, and one that
 * succeeds finds the JVM exiting and closes the cluster again ({@link ClusterHome#closeOnExit} is refused then).
 * Without the wait the JVM halts mid-start, and leaves the temporary directory and what the start made on hosts.
 */
final class StartExitWait {
  private final CountDownLatch ended = new CountDownLatch(1);
  /** The cluster's directory, once made; null before. */
  private volatile Path dir;
  private final Runnable hook = () -> {
    String cluster = cluster();
    System.err.println("this JVM exits while " + cluster + " starts: stopping it once its start ends ...");
    try {
      if (!ended.await(ClusterHome.EXIT_HOOK_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
        System.err.println(cluster + " did not end its start in " + ClusterHome.EXIT_HOOK_TIMEOUT_MINUTES
            + " minutes: it may be left behind");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  };

  private StartExitWait() {
  }

  /**
   * Waits, when the JVM exits, for the start about to begin to end ({@link #ended}). Registered before the start
   * makes anything, its directory included: a JVM stopped between the directory and the hook left the directory
   * (LocalClusterExitIT's SIGTERM as soon as the directory exists, once in a suite of 2026-12-04).
   *
   * @throws IOException when the JVM already exits: nothing is started then
   */
  static StartExitWait register() throws IOException {
    StartExitWait wait = new StartExitWait();
    try {
      ShutdownHookManager.get().addShutdownHook(wait.hook, ClusterHome.EXIT_HOOK_PRIORITY,
          ClusterHome.EXIT_HOOK_TIMEOUT_MINUTES, TimeUnit.MINUTES);
    } catch (IllegalStateException exiting) {
      throw new IOException("no local cluster started: this JVM exits", exiting);
    }
    return wait;
  }

  /** The start made the cluster's directory, {@code dir}: what the hook names. */
  void starting(Path dir) {
    this.dir = dir;
  }

  /** The cluster as a message names it: by its directory, once the start made it. */
  String cluster() {
    Path starting = dir;
    return starting == null ? "a local cluster" : "the local cluster in " + starting;
  }

  /** The start has ended, the cluster started (and watched by its own hook) or cleaned away. */
  void ended() {
    ended.countDown();
    if (!ShutdownHookManager.get().isShutdownInProgress()) {
      ShutdownHookManager.get().removeShutdownHook(hook);
    }
  }
}

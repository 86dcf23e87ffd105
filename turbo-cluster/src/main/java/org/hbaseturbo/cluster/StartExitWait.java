package org.hbaseturbo.cluster;

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
  private final Runnable hook;

  private StartExitWait(Path dir) {
    hook = () -> {
      System.err.println("this JVM exits while the local cluster in " + dir + " starts: stopping it once its start"
          + " ends ...");
      try {
        if (!ended.await(ClusterHome.EXIT_HOOK_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
          System.err.println("the local cluster in " + dir + " did not end its start in "
              + ClusterHome.EXIT_HOOK_TIMEOUT_MINUTES + " minutes: it may be left behind");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }

  /** Waits, when the JVM exits, for the start of the cluster in {@code dir} to end ({@link #ended}). */
  static StartExitWait register(Path dir) {
    StartExitWait wait = new StartExitWait(dir);
    ShutdownHookManager.get().addShutdownHook(wait.hook, ClusterHome.EXIT_HOOK_PRIORITY,
        ClusterHome.EXIT_HOOK_TIMEOUT_MINUTES, TimeUnit.MINUTES);
    return wait;
  }

  /** The start has ended, the cluster started (and watched by its own hook) or cleaned away. */
  void ended() {
    ended.countDown();
    if (!ShutdownHookManager.get().isShutdownInProgress()) {
      ShutdownHookManager.get().removeShutdownHook(hook);
    }
  }
}

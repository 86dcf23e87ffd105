package org.hbaseturbo.common;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Tasks run in daemon threads of their own, up to a bound at once, each to its end: a task's failure does not cut the
 * others short, so that no task is left half done behind the caller's back.
 */
public final class AtOnce {
  private AtOnce() {
  }

  /**
   * Runs {@code tasks}, up to {@code atMost} at once, and returns once every one has ended; then throws the first
   * one's failure, with the others' suppressed in it.
   *
   * @param threadName the name of the threads that run them
   * @param what what they do, for the message should the caller be interrupted
   */
  public static void run(List<Callable<Void>> tasks, int atMost, String threadName, String what)
      throws IOException {
    if (tasks.isEmpty()) {
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(atMost, tasks.size()),
        DaemonThreads.named(threadName));
    try {
      IOException failed = null;
      for (Future<Void> task : pool.invokeAll(tasks)) {
        try {
          task.get();
        } catch (ExecutionException e) {
          IOException cause = e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
          if (failed == null) {
            failed = cause;
          } else {
            failed.addSuppressed(cause);
          }
        }
      }
      if (failed != null) {
        throw failed;
      }
    } catch (InterruptedException e) {
      throw Pause.interrupted(what, e);
    } finally {
      pool.shutdownNow();
    }
  }
}

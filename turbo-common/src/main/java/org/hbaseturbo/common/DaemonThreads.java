package org.hbaseturbo.common;

import java.util.concurrent.ThreadFactory;

/** Threads that do not keep the JVM alive: the helpers of a client, a service or a command, which end with it. */
public final class DaemonThreads {
  private DaemonThreads() {
  }

  /** A factory of daemon threads, each named {@code name}. */
  public static ThreadFactory named(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }
}

package org.hbaseturbo.verify.register;

import java.io.Closeable;
import java.io.IOException;
import org.hbaseturbo.verify.chaos.IsolationWatcher;

/**
 * The register workload's clients as {@code turbo verify} drives them, wherever they run: in its own JVM
 * ({@link RegisterWorkload}), or in one of their own on the client host of a cluster of hosts ({@link RegisterJvm}),
 * where a fault can cut them off from one server and not the master. Told by chaos around each isolation of a server.
 */
public interface RegisterClients extends IsolationWatcher, Closeable {
  /**
   * Starts a writer for each key and the readers of each path: over the fast path too where {@code fastPath} says
   * so, and always over HBase's RPC.
   *
   * @param seed the readers' choice of keys
   */
  void start(boolean fastPath, long seed) throws IOException;

  /** Stops the writers and readers, and waits until each has ended. */
  void stop() throws IOException;

  /** Reads every key once over HBase's RPC, after {@link #stop}, and counts what the run found. */
  RegisterCounts finish() throws IOException;

  /** Lets go of what they hold, after {@link #finish} or in a run that failed; nothing where that is nothing. */
  @Override
  default void close() throws IOException {
  }
}

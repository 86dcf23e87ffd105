package org.hbaseturbo.verify.chaos;

import java.io.IOException;

/**
 * Told by chaos around a RegionServer's isolation, a pause ({@link ChaosAction#PAUSE_REGION_SERVER}) or a partition
 * ({@link ChaosAction#PARTITION_REGION_SERVER}), on chaos's thread: what stands for clients that were idle through it,
 * whose cached locations still name the isolated server when it is back.
 */
public interface IsolationWatcher {
  /** Just before the isolation; returns when the watcher is ready. */
  void beforeIsolation() throws IOException;

  /** Right after its end, while the server may be a zombie; returns when the watcher is done with it. */
  void afterIsolation() throws IOException;
}

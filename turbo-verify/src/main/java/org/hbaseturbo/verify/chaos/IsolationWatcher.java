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

  /**
   * Just before its end: starts what stands for the idle clients reading, and returns once their first reads are on
   * their way to the isolated server, so that they reach it the moment it is back. A resumed server learns that it
   * lost its regions and aborts within a few hundred milliseconds (270 ms in one run), which reads begun only after
   * the resume missed in two runs of the suite.
   */
  void isolationEnding() throws IOException;

  /** After its end, while the server may be a zombie; returns when the reads begun at the end are done. */
  void afterIsolation() throws IOException;
}

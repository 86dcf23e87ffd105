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
   * lost its regions and aborts within a few hundred milliseconds (on HDFS 90 to 200 ms, measured on 2026-11-30),
   * a window that reads begun only after the resume missed.
   */
  void isolationEnding() throws IOException;

  /** After its end, while the server may be a zombie; returns when the reads begun at the end are done. */
  void afterIsolation() throws IOException;
}

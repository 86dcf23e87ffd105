package org.hbaseturbo.verify.chaos;

import java.io.IOException;

/**
 * Told by chaos around a RegionServer's pause ({@link ChaosAction#PAUSE_REGION_SERVER}), on chaos's thread: what
 * stands for clients that were idle through it, whose cached locations still name the paused server when it wakes.
 */
public interface PauseWatcher {
  /** Just before the pause; returns when the watcher is ready. */
  void beforePause() throws IOException;

  /** Right after the resume, while the server is a zombie; returns when the watcher is done with it. */
  void afterResume() throws IOException;
}

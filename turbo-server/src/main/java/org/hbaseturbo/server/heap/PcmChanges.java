package org.hbaseturbo.server.heap;

import java.util.concurrent.atomic.LongAdder;
import org.hbaseturbo.wire.PcmMarks;

/**
 * The PCM changes this JVM's RegionServers saw, from the {@link PcmMarks} PCM's executor writes beside the server
 * settings of a change (for the metrics, {@link HeapTunerMetrics}). A change that moved only table values reaches no
 * server, and is not seen here: the class is the one whose server settings are in force.
 */
public final class PcmChanges {
  /** Applies seen while the RegionServer ran. */
  static final LongAdder SWITCHES = new LongAdder();
  /** Rollbacks seen while the RegionServer ran. */
  static final LongAdder REVERTS = new LongAdder();
  /** The class whose server settings are in force, as the last RegionServer to start or change says; empty: none. */
  static volatile String classInForce = "";

  private PcmChanges() {
  }

  /** What a RegionServer's configuration says at its start: a class in force, no change seen yet. */
  public static void started(PcmMarks marks) {
    classInForce = marks.workloadClass();
  }

  /** A change of the marks in a running RegionServer's configuration ({@code update_config}). */
  public static void changed(PcmMarks before, PcmMarks after) {
    classInForce = after.workloadClass();
    if (after.change().isEmpty() || after.change().equals(before.change())) {
      return;
    }
    (after.rollback() ? REVERTS : SWITCHES).increment();
  }
}

package org.hbaseturbo.tune;

import org.hbaseturbo.client.stats.TableOperationCounts;

/**
 * Classifies a window of operations by the PCM paper's proportions (section II.A): under 10% reads is write-mostly,
 * 60-90% writes a write-leaning mix, 40-60% an even mix, and the mirror images for reads. Its boundaries, by the
 * share of writes w among reads (Gets and scans) and writes (Puts, Deletes, Increments, Appends):
 * <pre>
 *   w = 1            WO, or BL when the tables written were empty when the window began
 *   0.9 &lt; w &lt; 1     WM      (reads under 10%)
 *   0.6 &lt; w &lt;= 0.9  MixW    (writes over 60%, up to 90%)
 *   0.4 &lt;= w &lt;= 0.6 MixRW
 *   0.1 &lt;= w &lt; 0.4  MixR    (reads over 60%, up to 90%)
 *   0 &lt; w &lt; 0.1     RM      (writes under 10%)
 *   w = 0            RO-read, or RO-scan when scans outnumber Gets
 * </pre>
 * Bulk-loaded files make a window BL whatever else it holds: they are how HBase bulk loads.
 */
public final class WorkloadClassifier {
  private WorkloadClassifier() {
  }

  /**
   * @param operations what clients asked over the window
   * @param emptyAtStart whether the tables written held no data when the window began
   */
  public static Classification classify(TableOperationCounts operations, boolean emptyAtStart) {
    long reads = operations.reads();
    long writes = operations.writes();
    double writeShare = reads + writes == 0 ? Double.NaN : (double) writes / (reads + writes);
    return new Classification(classOf(operations, emptyAtStart, writeShare), operations, emptyAtStart, writeShare);
  }

  private static WorkloadClass classOf(TableOperationCounts operations, boolean emptyAtStart, double writeShare) {
    if (operations.bulkLoadedFiles() > 0) {
      return WorkloadClass.BL;
    }
    if (Double.isNaN(writeShare)) {
      return WorkloadClass.IDLE;
    }
    // Compared in whole operations, not in floating point, so that exactly 10% or 40% lands where the paper says.
    long reads = operations.reads();
    long writes = operations.writes();
    long all = reads + writes;
    if (reads == 0) {
      return emptyAtStart ? WorkloadClass.BL : WorkloadClass.WO;
    }
    if (writes == 0) {
      return operations.scans() > operations.gets() ? WorkloadClass.RO_SCAN : WorkloadClass.RO_READ;
    }
    if (reads * 10 < all) {
      return WorkloadClass.WM;
    }
    if (writes * 10 > all * 6) {
      return WorkloadClass.MIX_W;
    }
    if (writes * 10 >= all * 4) {
      return WorkloadClass.MIX_RW;
    }
    if (writes * 10 >= all) {
      return WorkloadClass.MIX_R;
    }
    return WorkloadClass.RM;
  }
}

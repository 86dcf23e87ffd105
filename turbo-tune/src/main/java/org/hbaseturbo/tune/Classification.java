package org.hbaseturbo.tune;

import org.hbaseturbo.client.stats.TableOperationCounts;

/**
 * A workload's class and the numbers that decided it.
 *
 * @param operations what clients asked over the window
 * @param emptyAtStart whether the tables written held no data when the window began
 * @param writeShare writes among reads and writes (0 to 1); NaN without either
 */
public record Classification(WorkloadClass workloadClass, TableOperationCounts operations, boolean emptyAtStart,
    double writeShare) {

  /** Why this class, in numbers: "62% writes (620 of 1,000 operations)". */
  public String reason() {
    TableOperationCounts ops = operations;
    if (workloadClass == WorkloadClass.IDLE) {
      return "no reads or writes";
    }
    if (ops.bulkLoadedFiles() > 0) {
      return String.format("%,d bulk-loaded files", ops.bulkLoadedFiles());
    }
    String share = String.format("%.1f%% writes (%,d of %,d operations)", writeShare * 100, ops.writes(),
        ops.reads() + ops.writes());
    return switch (workloadClass) {
      case BL -> share + " into tables that were empty";
      case RO_READ, RO_SCAN -> share + String.format("; %,d Gets, %,d scans", ops.gets(), ops.scans());
      default -> share;
    };
  }
}

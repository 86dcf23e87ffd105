package org.hbaseturbo.client.stats;

/**
 * Operations clients asked of one table, by type, as the server jar's WorkloadObserver counts them: exact, each
 * mutation of a batch and each Get of a multi counted once.
 *
 * @param scans region scanners opened: a client scan counts once for each region it reads
 * @param scanRows rows those scanners returned to clients
 * @param latencies how long those of them that came over RPC took
 */
public record TableOperationCounts(long gets, long scans, long scanRows, long puts, long deletes, long increments,
    long appends, long bulkLoadedFiles, OperationLatencies latencies) {
  public static final TableOperationCounts NONE = new TableOperationCounts(0, 0, 0, 0, 0, 0, 0, 0,
      OperationLatencies.NONE);

  /** Point and range reads: Gets and scans. */
  public long reads() {
    return gets + scans;
  }

  /** Mutations: Puts, Deletes, Increments and Appends. */
  public long writes() {
    return puts + deletes + increments + appends;
  }

  public TableOperationCounts plus(TableOperationCounts other) {
    return new TableOperationCounts(gets + other.gets, scans + other.scans, scanRows + other.scanRows,
        puts + other.puts, deletes + other.deletes, increments + other.increments, appends + other.appends,
        bulkLoadedFiles + other.bulkLoadedFiles, latencies.plus(other.latencies));
  }

  public TableOperationCounts minus(TableOperationCounts earlier) {
    return new TableOperationCounts(gets - earlier.gets, scans - earlier.scans, scanRows - earlier.scanRows,
        puts - earlier.puts, deletes - earlier.deletes, increments - earlier.increments, appends - earlier.appends,
        bulkLoadedFiles - earlier.bulkLoadedFiles, latencies.minus(earlier.latencies));
  }
}

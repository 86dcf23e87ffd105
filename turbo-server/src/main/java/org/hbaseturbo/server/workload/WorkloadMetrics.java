package org.hbaseturbo.server.workload;

import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.hbaseturbo.server.metrics.TurboMetricsSource;

/**
 * The workload observer's counts as the metrics source {@code RegionServer,sub=TurboWorkload}: the operations
 * clients asked of this JVM's regions, all tables together, as {@link WorkloadCounters} counts them for PCM
 * (docs/operating.md, Metrics, lists each with its unit).
 */
final class WorkloadMetrics extends TurboMetricsSource {
  static final String NAME = "TurboWorkload";
  private static final MetricsInfo TABLES = info("tables", "tables served here since the RegionServer started");
  private static final MetricsInfo GETS = info("gets", "Gets, each Get of a multi too");
  private static final MetricsInfo SCANS = info("scans", "region scanners opened: a scan counts once per region");
  private static final MetricsInfo SCAN_ROWS = info("scanRows", "rows those scanners returned");
  private static final MetricsInfo PUTS = info("puts", "Puts, each of a batch too");
  private static final MetricsInfo DELETES = info("deletes", "Deletes, each of a batch too");
  private static final MetricsInfo INCREMENTS = info("increments", "Increments");
  private static final MetricsInfo APPENDS = info("appends", "Appends");
  private static final MetricsInfo BULK_LOADED_FILES = info("bulkLoadedFiles", "store files bulk loaded");

  WorkloadMetrics() {
    super(NAME, "HBase Turbo workload observer");
  }

  @Override
  protected void snapshot(MetricsRecordBuilder record) {
    long[] sums = new long[9];
    WorkloadCounters.forEach((table, counts) -> {
      sums[0]++;
      sums[1] += counts.gets();
      sums[2] += counts.scans();
      sums[3] += counts.scanRows();
      sums[4] += counts.puts();
      sums[5] += counts.deletes();
      sums[6] += counts.increments();
      sums[7] += counts.appends();
      sums[8] += counts.bulkLoadedFiles();
    });
    record.addGauge(TABLES, sums[0])
        .addCounter(GETS, sums[1])
        .addCounter(SCANS, sums[2])
        .addCounter(SCAN_ROWS, sums[3])
        .addCounter(PUTS, sums[4])
        .addCounter(DELETES, sums[5])
        .addCounter(INCREMENTS, sums[6])
        .addCounter(APPENDS, sums[7])
        .addCounter(BULK_LOADED_FILES, sums[8]);
  }
}

package org.hbaseturbo.server.workload;

import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.hbaseturbo.server.metrics.TurboMetricsSource;

/**
 * The workload observer's counts as the metrics source {@code RegionServer,sub=TurboWorkload}: the operations
 * clients asked of this JVM's regions, all tables together, as {@link WorkloadCounters} counts them for PCM
 * (docs/operating.md, Metrics, lists each with its unit). Like HBase's own sources it is one per JVM: where the
 * RegionServers of an embedded cluster share one, it sums theirs, and counts a table they both serve once.
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
    long[] sums = new long[8];
    Set<TableName> tables = new HashSet<>();
    WorkloadCounters.all().forEach(server -> server.forEach((table, counts) -> {
      tables.add(table);
      sums[0] += counts.gets();
      sums[1] += counts.scans();
      sums[2] += counts.scanRows();
      sums[3] += counts.puts();
      sums[4] += counts.deletes();
      sums[5] += counts.increments();
      sums[6] += counts.appends();
      sums[7] += counts.bulkLoadedFiles();
    }));
    record.addGauge(TABLES, tables.size())
        .addCounter(GETS, sums[0])
        .addCounter(SCANS, sums[1])
        .addCounter(SCAN_ROWS, sums[2])
        .addCounter(PUTS, sums[3])
        .addCounter(DELETES, sums[4])
        .addCounter(INCREMENTS, sums[5])
        .addCounter(APPENDS, sums[6])
        .addCounter(BULK_LOADED_FILES, sums[7]);
  }
}

package org.hbaseturbo.bench.scan;

import java.util.List;
import java.util.Map;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.RatioTable;

/**
 * The Prepared Scan issue's targets as ratios to the native scan measured in the same run: bytes on the wire per
 * scan, throughput, and client + server CPU per scanned row, per schema and client count.
 */
public final class ScanComparison {
  public static final RatioTable TABLE = new RatioTable("schema", "scan", ScanVariant.NATIVE.label(), "row",
      report -> ((Number) report.parameters().get("scan_length")).intValue());

  private ScanComparison() {
  }

  /** The same ratios as data, for the JSON report. */
  public static List<Map<String, Object>> ratios(BenchmarkReport report) {
    return TABLE.ratios(report);
  }
}

package org.hbaseturbo.bench.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.TextTable;
import org.hbaseturbo.bench.report.VariantResult;

/**
 * The targets as ratios to the native scan measured in the same run: bytes on the wire per scan,
 * throughput, and client + server CPU per scanned row, per schema and client count.
 */
public final class ScanComparison {
  private static final String[] HEADER = {"schema", "clients", "variant", "bytes/scan", "x native",
      "link B/scan", "scans/s", "x native", "CPU us/row", "x native"};

  private ScanComparison() {
  }

  public static String render(BenchmarkReport report) {
    int scanLength = ((Number) report.parameters().get("scan_length")).intValue();
    List<String[]> rows = new ArrayList<>();
    rows.add(HEADER);
    for (VariantResult result : report.results()) {
      String[] name = result.variant().split(" ", 2);
      Optional<VariantResult> baseline = baseline(report, result);
      rows.add(new String[] {name[0], String.valueOf(result.clients()), name[1], number(result.bytesPerOp()),
          ratio(result.bytesPerOp(), baseline.map(VariantResult::bytesPerOp)), number(result.linkBytesPerOp()),
          number(result.throughputOpsS()), ratio(result.throughputOpsS(), baseline.map(VariantResult::throughputOpsS)),
          number(cpuPerRow(result, scanLength)),
          ratio(cpuPerRow(result, scanLength), baseline.map(b -> cpuPerRow(b, scanLength)))});
    }
    return TextTable.render(rows, 0, 2);
  }

  /** The native scan of the same schema ("schema variant" names) at the same client count. */
  private static Optional<VariantResult> baseline(BenchmarkReport report, VariantResult result) {
    String schema = result.variant().split(" ", 2)[0];
    return report.results().stream().filter(r -> r.variant().equals(schema + " " + ScanVariant.NATIVE.label())
        && r.clients() == result.clients()).findFirst();
  }

  /** Client plus server CPU per scanned row; null when the servers' CPU was not measured. */
  static Double cpuPerRow(VariantResult result, int scanLength) {
    return result.serverCpuUsPerOp() == null ? null
        : (result.clientCpuUsPerOp() + result.serverCpuUsPerOp()) / scanLength;
  }

  /** The same ratios as data, for the JSON report. */
  public static List<Map<String, Object>> ratios(BenchmarkReport report) {
    int scanLength = ((Number) report.parameters().get("scan_length")).intValue();
    List<Map<String, Object>> ratios = new ArrayList<>();
    for (VariantResult result : report.results()) {
      String[] name = result.variant().split(" ", 2);
      baseline(report, result).filter(baseline -> baseline != result).ifPresent(baseline -> {
            Map<String, Object> row = new java.util.LinkedHashMap<>();
            row.put("schema", name[0]);
            row.put("variant", name[1]);
            row.put("clients", result.clients());
            row.put("bytes_per_scan_vs_native", divide(result.bytesPerOp(), baseline.bytesPerOp()));
            row.put("link_bytes_per_scan_vs_native", divide(result.linkBytesPerOp(), baseline.linkBytesPerOp()));
            row.put("throughput_vs_native", divide(result.throughputOpsS(), baseline.throughputOpsS()));
            row.put("cpu_per_row_vs_native", divide(cpuPerRow(result, scanLength), cpuPerRow(baseline, scanLength)));
            ratios.add(row);
          });
    }
    return ratios;
  }

  private static Double divide(Double value, Double baseline) {
    return value == null || baseline == null || baseline == 0 ? null : value / baseline;
  }

  private static String ratio(Double value, Optional<Double> baseline) {
    Double ratio = divide(value, baseline.orElse(null));
    return ratio == null ? "n/a" : String.format("%.3f", ratio);
  }

  private static String number(Double value) {
    return value == null ? "n/a" : String.format("%,.0f", value);
  }
}

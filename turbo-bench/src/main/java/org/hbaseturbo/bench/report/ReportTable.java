package org.hbaseturbo.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.report.TextTable;

/** A report as an aligned text table, one line per variant and operation type. */
public final class ReportTable {
  private static final String[] HEADER = {"variant", "clients", "ops/s", "operation", "count", "p50 us", "p95 us",
      "p99 us", "RPC B/op", "link B/op", "client CPU us/op", "server CPU us/op"};

  private ReportTable() {
  }

  public static String render(BenchmarkReport report) {
    List<String[]> rows = new ArrayList<>();
    rows.add(HEADER);
    for (VariantResult result : report.results()) {
      boolean first = true;
      for (Map.Entry<String, VariantResult.OperationResult> operation : result.operations().entrySet()) {
        Latency latency = operation.getValue().latencyUs();
        rows.add(new String[] {first ? result.variant() : "", first ? String.valueOf(result.clients()) : "",
            first ? String.format("%,.0f", result.throughputOpsS()) : "", operation.getKey(),
            String.format("%,d", operation.getValue().count()), number(latency.p50()), number(latency.p95()),
            number(latency.p99()), first ? number(result.bytesPerOp()) : "",
            first ? number(result.linkBytesPerOp()) : "", first ? number(result.clientCpuUsPerOp()) : "",
            first ? number(result.serverCpuUsPerOp()) : ""});
        first = false;
      }
    }
    // Text columns (variant, operation) left, numbers right.
    return TextTable.render(rows, 0, 3);
  }

  private static String number(Double value) {
    return value == null ? "n/a" : String.format("%,.1f", value);
  }
}

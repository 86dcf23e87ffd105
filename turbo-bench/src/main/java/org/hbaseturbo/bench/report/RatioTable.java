package org.hbaseturbo.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * A benchmark's variants as ratios to one baseline variant measured in the same run: bytes on the wire per
 * operation, throughput, and client + server CPU per unit of work. Results are named "group variant" (a schema, an
 * operation); each is compared with the baseline of its group at the same client count.
 */
public final class RatioTable {
  private final String groupName;
  private final String operation;
  private final String baseline;
  private final String unit;
  private final ToIntFunction<BenchmarkReport> unitsPerOperation;

  /**
   * @param groupName what the first word of a result's name is ("schema", "operation")
   * @param operation what one operation is called in headers and keys ("scan", "op")
   * @param baseline the variant label the others are divided by
   * @param unit what CPU is reported per ("row", "op")
   * @param unitsPerOperation how many units one operation is, from the report (the rows of a scan)
   */
  public RatioTable(String groupName, String operation, String baseline, String unit,
      ToIntFunction<BenchmarkReport> unitsPerOperation) {
    this.groupName = groupName;
    this.operation = operation;
    this.baseline = baseline;
    this.unit = unit;
    this.unitsPerOperation = unitsPerOperation;
  }

  public String render(BenchmarkReport report) {
    int units = unitsPerOperation.applyAsInt(report);
    String versus = "x " + baseline;
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {groupName, "clients", "variant", "bytes/" + operation, versus, "link B/" + operation,
        operation + "s/s", versus, "CPU us/" + unit, versus});
    for (VariantResult result : report.results()) {
      String[] name = result.variant().split(" ", 2);
      Optional<VariantResult> base = baseline(report, result);
      rows.add(new String[] {name[0], String.valueOf(result.clients()), name[1], number(result.bytesPerOp()),
          ratio(result.bytesPerOp(), base.map(VariantResult::bytesPerOp)), number(result.linkBytesPerOp()),
          number(result.throughputOpsS()), ratio(result.throughputOpsS(), base.map(VariantResult::throughputOpsS)),
          number(cpuPerUnit(result, units)), ratio(cpuPerUnit(result, units), base.map(b -> cpuPerUnit(b, units)))});
    }
    return TextTable.render(rows, 0, 2);
  }

  /** The same ratios as data, for the JSON report: one entry per result other than a baseline. */
  public List<Map<String, Object>> ratios(BenchmarkReport report) {
    int units = unitsPerOperation.applyAsInt(report);
    String suffix = "_vs_" + baseline;
    List<Map<String, Object>> ratios = new ArrayList<>();
    for (VariantResult result : report.results()) {
      String[] name = result.variant().split(" ", 2);
      baseline(report, result).filter(base -> base != result).ifPresent(base -> {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put(groupName, name[0]);
        row.put("variant", name[1]);
        row.put("clients", result.clients());
        row.put("bytes_per_" + operation + suffix, divide(result.bytesPerOp(), base.bytesPerOp()));
        row.put("link_bytes_per_" + operation + suffix, divide(result.linkBytesPerOp(), base.linkBytesPerOp()));
        row.put("throughput" + suffix, divide(result.throughputOpsS(), base.throughputOpsS()));
        row.put("cpu_per_" + unit + suffix, divide(cpuPerUnit(result, units), cpuPerUnit(base, units)));
        ratios.add(row);
      });
    }
    return ratios;
  }

  /** The baseline of the result's group ("group variant" names) at the same client count. */
  private Optional<VariantResult> baseline(BenchmarkReport report, VariantResult result) {
    String group = result.variant().split(" ", 2)[0];
    return report.results().stream().filter(r -> r.variant().equals(group + " " + baseline)
        && r.clients() == result.clients()).findFirst();
  }

  /** Client plus server CPU per unit of work; null when the servers' CPU was not measured. */
  private static Double cpuPerUnit(VariantResult result, int units) {
    return result.serverCpuUsPerOp() == null ? null : (result.clientCpuUsPerOp() + result.serverCpuUsPerOp()) / units;
  }

  private static Double divide(Double value, Double base) {
    return value == null || base == null || base == 0 ? null : value / base;
  }

  private static String ratio(Double value, Optional<Double> base) {
    Double ratio = divide(value, base.orElse(null));
    return ratio == null ? "n/a" : String.format("%.3f", ratio);
  }

  private static String number(Double value) {
    return value == null ? "n/a" : String.format("%,.0f", value);
  }
}

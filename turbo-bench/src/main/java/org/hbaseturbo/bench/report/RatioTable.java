package org.hbaseturbo.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.ToIntFunction;
import org.hbaseturbo.bench.report.VariantResult.RunFigures;
import org.hbaseturbo.report.Medians;
import org.hbaseturbo.report.TextTable;

/**
 * A benchmark's variants as ratios to one baseline variant measured in the same run: bytes on the wire per
 * operation, throughput, client + server CPU per unit of work, and the median latency of the main operation.
 * Results are named "group variant" (a schema, an operation); each is compared with the baseline of its group at the
 * same client count.
 *
 * <p>Throughput, CPU and latency are compared run by run: the benchmarks run run 1 of every variant in turn, then
 * run 2, so run i of a variant and run i of the baseline met the same spell of a shared machine. Their ratio is the
 * median of those run-by-run ratios, reported with its range (lowest and highest), which says how far one run can be
 * trusted. Bytes per operation hardly vary between runs: that ratio is the ratio of the medians.
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
        operation + "s/s", versus, "range", "CPU us/" + unit, versus, "range", "p50 us", versus, "range"});
    for (VariantResult result : report.results()) {
      String[] name = result.variant().split(" ", 2);
      Optional<VariantResult> found = baseline(report, result);
      boolean isBaseline = found.filter(b -> b == result).isPresent();
      Optional<VariantResult> base = found.filter(b -> b != result);
      Optional<Ratio> throughput = base.flatMap(b -> throughput(result, b));
      Optional<Ratio> cpu = base.flatMap(b -> cpu(result, b, units));
      Optional<Ratio> latency = base.flatMap(b -> latency(result, b));
      rows.add(new String[] {name[0], String.valueOf(result.clients()), name[1], number(result.bytesPerOp()),
          ratioCell(isBaseline, base.map(b -> divide(result.bytesPerOp(), b.bytesPerOp()))),
          number(result.linkBytesPerOp()), number(result.throughputOpsS()),
          ratioCell(isBaseline, throughput.map(Ratio::median)), throughput.map(Ratio::range).orElse(""),
          number(cpuPerUnit(result.medians(), units)),
          ratioCell(isBaseline, cpu.map(Ratio::median)), cpu.map(Ratio::range).orElse(""),
          String.format("%,.1f", result.latencyUs().p50()), ratioCell(isBaseline, latency.map(Ratio::median)),
          latency.map(Ratio::range).orElse("")});
    }
    return TextTable.render(rows, 0, 2) + "x " + baseline + ": throughput, CPU and p50 latency are the median of"
        + " run-by-run ratios (run i of each variant ran in turn); range: the lowest and highest of them\n";
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
        put(row, "throughput" + suffix, throughput(result, base));
        put(row, "cpu_per_" + unit + suffix, cpu(result, base, units));
        put(row, "p50_latency" + suffix, latency(result, base));
        ratios.add(row);
      });
    }
    return ratios;
  }

  /** What a ratio can be taken of. */
  public enum Metric {
    BYTES, LINK_BYTES, THROUGHPUT, CPU, LATENCY
  }

  /** What the first word of a result's name is ("schema", "operation"). */
  public String groupName() {
    return groupName;
  }

  /** What one operation is called ("scan", "op"). */
  public String operation() {
    return operation;
  }

  /** The variant label the others are divided by. */
  public String baseline() {
    return baseline;
  }

  /**
   * The result's ratio to its baseline as the table prints it: 1 for the baseline itself; empty where either did
   * not measure the metric, or the result has no baseline in the report.
   */
  public Optional<Double> ratio(BenchmarkReport report, VariantResult result, Metric metric) {
    Optional<VariantResult> found = baseline(report, result);
    if (found.filter(base -> base == result).isPresent()) {
      return Optional.of(1.0);
    }
    return found.flatMap(base -> switch (metric) {
      case BYTES -> Optional.ofNullable(divide(result.bytesPerOp(), base.bytesPerOp()));
      case LINK_BYTES -> Optional.ofNullable(divide(result.linkBytesPerOp(), base.linkBytesPerOp()));
      case THROUGHPUT -> throughput(result, base).map(Ratio::median);
      // Per operation or per unit of work: the units cancel in the ratio.
      case CPU -> cpu(result, base, 1).map(Ratio::median);
      case LATENCY -> latency(result, base).map(Ratio::median);
    });
  }

  /** The baseline of the result's group ("group variant" names) at the same client count. */
  private Optional<VariantResult> baseline(BenchmarkReport report, VariantResult result) {
    String group = result.variant().split(" ", 2)[0];
    return report.results().stream().filter(r -> r.variant().equals(group + " " + baseline)
        && r.clients() == result.clients()).findFirst();
  }

  /**
   * {@code result}'s throughput over {@code base}'s: the median of run i over run i where both kept their runs, else
   * the ratio of their medians.
   */
  public static Optional<Ratio> throughputRatio(VariantResult result, VariantResult base) {
    return throughput(result, base);
  }

  /** A ratio and, where it came from runs paired one by one, the run-by-run ratios it is the median of. */
  public record Ratio(double median, List<Double> perRun) {
    /** The median of {@code perRun}; empty where it is empty or lacks a run (null). */
    public static Optional<Ratio> of(List<Double> perRun) {
      return perRun.isEmpty() || perRun.contains(null) ? Optional.empty()
          : Optional.of(new Ratio(Medians.of(perRun, Double::doubleValue), perRun));
    }

    public double min() {
      return perRun.stream().mapToDouble(Double::doubleValue).min().orElse(median);
    }

    public double max() {
      return perRun.stream().mapToDouble(Double::doubleValue).max().orElse(median);
    }

    /** "0.93-1.08"; empty where fewer than two runs were paired. */
    public String range() {
      return perRun.size() < 2 ? "" : String.format("%.2f-%.2f", min(), max());
    }
  }

  private static Optional<Ratio> throughput(VariantResult result, VariantResult base) {
    return paired(result, base, (run, baseRun) -> divide(run.throughputOpsS(), baseRun.throughputOpsS()));
  }

  private static Optional<Ratio> cpu(VariantResult result, VariantResult base, int units) {
    return paired(result, base, (run, baseRun) -> divide(cpuPerUnit(run, units), cpuPerUnit(baseRun, units)));
  }

  private static Optional<Ratio> latency(VariantResult result, VariantResult base) {
    return paired(result, base, (run, baseRun) -> divide(run.p50Us(), baseRun.p50Us()));
  }

  /**
   * Run i against run i where both have the same number of runs; else (a report without its runs) the ratio of
   * the medians alone.
   */
  private static Optional<Ratio> paired(VariantResult result, VariantResult base,
      BiFunction<RunFigures, RunFigures, Double> ratio) {
    if (!result.perRun().isEmpty() && result.perRun().size() == base.perRun().size()) {
      List<Double> perRun = new ArrayList<>();
      for (int i = 0; i < result.perRun().size(); i++) {
        perRun.add(ratio.apply(result.perRun().get(i), base.perRun().get(i)));
      }
      return Ratio.of(perRun);
    }
    return Optional.ofNullable(ratio.apply(result.medians(), base.medians())).map(median -> new Ratio(median,
        List.of()));
  }

  private static void put(Map<String, Object> row, String key, Optional<Ratio> ratio) {
    row.put(key, ratio.map(Ratio::median).orElse(null));
    ratio.filter(r -> !r.perRun().isEmpty()).ifPresent(r -> {
      row.put(key + "_min", r.min());
      row.put(key + "_max", r.max());
      row.put(key + "_per_run", r.perRun());
    });
  }

  /** Client plus server CPU per unit of work; null when the servers' CPU was not measured. */
  private static Double cpuPerUnit(RunFigures figures, int units) {
    return figures.serverCpuUsPerOp() == null ? null
        : (figures.clientCpuUsPerOp() + figures.serverCpuUsPerOp()) / units;
  }

  private static Double divide(Double value, Double base) {
    return value == null || base == null || base == 0 ? null : value / base;
  }

  /** The baseline against itself is 1 by definition, whatever it measured. */
  private static String ratioCell(boolean isBaseline, Optional<Double> ratio) {
    return isBaseline ? "1.000" : ratio.map(value -> String.format("%.3f", value)).orElse("n/a");
  }

  private static String number(Double value) {
    return value == null ? "n/a" : String.format("%,.0f", value);
  }
}

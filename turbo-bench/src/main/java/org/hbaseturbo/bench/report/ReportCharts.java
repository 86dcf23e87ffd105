package org.hbaseturbo.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.hbaseturbo.bench.report.RatioTable.Metric;
import org.hbaseturbo.report.chart.CategoryCharts;
import org.hbaseturbo.report.chart.CategoryGrid;
import org.hbaseturbo.report.chart.Figure;
import org.hbaseturbo.report.chart.PointCharts;
import org.hbaseturbo.report.chart.PointSeries;
import org.hbaseturbo.report.chart.RatioLabel;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

/**
 * The PNG charts of a report of variants (bench scan and codec, bench fastpath's YCSB runs, the demo's YCSB run),
 * every bar and point written with its ratio to the baseline where the report has one, as its ratio table prints it.
 * Where a group (a schema, a workload) ran at several client counts, throughput is drawn by client count and against
 * p50 latency, a point per client count as the Prepared Scan paper's Figure 2a draws it, a panel per group. Costs
 * per operation, which hardly move with the load, are bars grouped by group and client count.
 */
public final class ReportCharts {
  private final BenchmarkReport report;
  private final Optional<RatioTable> ratios;
  private final List<Entry> entries;

  /** A result by its group ("paper"; empty where the report's names have none) and its variant ("prepared"). */
  record Entry(String group, String variant, VariantResult result) {
  }

  ReportCharts(BenchmarkReport report, Optional<RatioTable> ratios) {
    this.report = report;
    this.ratios = ratios;
    this.entries = report.results().stream().map(result -> entry(result, ratios.isPresent())).toList();
  }

  /** Results named "group variant", each compared with its group's baseline by {@code ratios}. */
  public static List<Path> write(BenchmarkReport report, RatioTable ratios, Path dir, String name)
      throws IOException {
    return new ReportCharts(report, Optional.of(ratios)).write(dir, name);
  }

  /** Results named by their variant alone, with no baseline (the demo's YCSB run). */
  public static List<Path> write(BenchmarkReport report, Path dir, String name) throws IOException {
    return new ReportCharts(report, Optional.empty()).write(dir, name);
  }

  /** Writes the charts into {@code dir} as {@code name-*.png}; a chart with nothing measured is left out. */
  List<Path> write(Path dir, String name) throws IOException {
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    String op = ratios.map(RatioTable::operation).orElse("op");
    if (byClients()) {
      written.add(Figure.of(title("throughput by client count"), throughputByClients(op + "s / s"))
          .savePng(dir.resolve(name + "-throughput.png")));
      written.add(Figure.of(title("throughput against p50 latency, a point per client count"),
          throughputAgainstLatency(op + "s / s")).savePng(dir.resolve(name + "-throughput-latency.png")));
    } else {
      written.add(save(title("throughput"), op + "s / s", bars(VariantResult::throughputOpsS, Metric.THROUGHPUT),
          dir.resolve(name + "-throughput.png")));
      written.add(save(title("p50 latency"), "microseconds", bars(result -> result.latencyUs().p50(),
          Metric.LATENCY), dir.resolve(name + "-latency.png")));
    }
    written.add(save(title("client + server CPU per " + op), "CPU us / " + op, bars(ReportCharts::cpuPerOp,
        Metric.CPU), dir.resolve(name + "-cpu.png")));
    written.add(save(title("bytes per " + op + " at the RegionServers (RPC and fast path)"), "bytes / " + op,
        bars(VariantResult::bytesPerOp, Metric.BYTES), dir.resolve(name + "-bytes.png")));
    written.add(save(title("bytes per " + op + " on the emulated link"), "bytes / " + op,
        bars(VariantResult::linkBytesPerOp, Metric.LINK_BYTES), dir.resolve(name + "-link-bytes.png")));
    written.removeIf(Objects::isNull);
    return written;
  }

  /** Whether some group ran at more than one client count. */
  boolean byClients() {
    return groups().stream().anyMatch(group -> entries.stream().filter(entry -> entry.group().equals(group))
        .map(entry -> entry.result().clients()).distinct().count() > 1);
  }

  /** Bars grouped by group and client count, a bar per variant; results that did not measure the metric left out. */
  CategoryGrid bars(Function<VariantResult, Double> metric, Metric ratio) {
    CategoryGrid grid = new CategoryGrid();
    for (Entry entry : entries) {
      Double value = metric.apply(entry.result());
      if (value != null) {
        String clients = entry.result().clients() + " clients";
        grid.put(entry.group().isEmpty() ? clients : entry.group() + ", " + clients, entry.variant(), value,
            label(entry, ratio));
      }
    }
    return grid;
  }

  /** A group's results by client count, a line per variant. */
  CategoryGrid byClients(String group, Function<VariantResult, Double> metric, Metric ratio) {
    CategoryGrid grid = new CategoryGrid();
    inGroup(group).forEach(entry -> grid.put(String.valueOf(entry.result().clients()), entry.variant(),
        metric.apply(entry.result()), label(entry, ratio)));
    return grid;
  }

  /** A group's variants as lines through (throughput, p50 latency), one point per client count. */
  List<PointSeries> throughputAndLatency(String group) {
    List<PointSeries> lines = new ArrayList<>();
    for (String variant : inGroup(group).stream().map(Entry::variant).distinct().toList()) {
      List<PointSeries.Point> points = inGroup(group).stream().filter(entry -> entry.variant().equals(variant))
          .sorted(Comparator.comparingInt(entry -> entry.result().clients()))
          .map(entry -> new PointSeries.Point(entry.result().throughputOpsS(), entry.result().latencyUs().p50(),
              pointLabel(entry)))
          .toList();
      lines.add(new PointSeries(variant, points));
    }
    return lines;
  }

  /** A point's client count, and but for the baseline's, its throughput's ratio to the baseline. */
  private String pointLabel(Entry entry) {
    String clients = entry.result().clients() + " clients";
    String ratio = label(entry, Metric.THROUGHPUT);
    return ratio.isEmpty() || ratio.equals(RatioLabel.BASELINE) ? clients : clients + ": " + ratio;
  }

  /** The label of a bar or point: its ratio to the baseline; none without a baseline, or where it was not taken. */
  String label(Entry entry, Metric metric) {
    if (ratios.isEmpty()) {
      return "";
    }
    if (entry.variant().equals(ratios.get().baseline())) {
      return RatioLabel.BASELINE;
    }
    return ratios.get().ratio(report, entry.result(), metric).map(RatioLabel::of).orElse("");
  }

  private List<CategoryChart> throughputByClients(String unit) {
    List<CategoryGrid> grids = groups().stream().map(group -> byClients(group, VariantResult::throughputOpsS,
        Metric.THROUGHPUT)).toList();
    double top = grids.stream().mapToDouble(CategoryGrid::max).max().orElse(0);
    List<CategoryChart> panels = new ArrayList<>();
    for (int i = 0; i < grids.size(); i++) {
      panels.add(CategoryCharts.lines(panelTitle(groups().get(i)), "clients", unit, grids.get(i), top));
    }
    return panels;
  }

  private List<XYChart> throughputAgainstLatency(String unit) {
    List<List<PointSeries>> lines = groups().stream().map(this::throughputAndLatency).toList();
    PointCharts.Top top = PointCharts.Top.of(lines);
    List<XYChart> panels = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      panels.add(PointCharts.lines(panelTitle(groups().get(i)), unit, "p50 latency, microseconds", lines.get(i),
          top));
    }
    return panels;
  }

  private String title(String what) {
    return report.benchmark() + ": " + what + ratios.map(table -> " (labels: x " + table.baseline() + ")")
        .orElse("");
  }

  private String panelTitle(String group) {
    return ratios.map(table -> group + " " + table.groupName()).orElse(group);
  }

  private List<String> groups() {
    return List.copyOf(new LinkedHashSet<>(entries.stream().map(Entry::group).toList()));
  }

  private List<Entry> inGroup(String group) {
    return entries.stream().filter(entry -> entry.group().equals(group)).toList();
  }

  private static Path save(String title, String unit, CategoryGrid grid, Path file) throws IOException {
    if (grid.isEmpty()) {
      Files.deleteIfExists(file);
      return null;
    }
    return Figure.of(title, CategoryCharts.bars("", unit, grid)).savePng(file);
  }

  /** Client plus server CPU; null where the servers' CPU was not measured, as a ratio could not be taken. */
  private static Double cpuPerOp(VariantResult result) {
    return result.serverCpuUsPerOp() == null ? null : result.clientCpuUsPerOp() + result.serverCpuUsPerOp();
  }

  private static Entry entry(VariantResult result, boolean grouped) {
    String[] name = result.variant().split(" ", 2);
    return grouped && name.length == 2 ? new Entry(name[0], name[1], result) : new Entry("", result.variant(), result);
  }
}

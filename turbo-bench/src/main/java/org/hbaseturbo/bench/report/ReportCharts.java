package org.hbaseturbo.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.hbaseturbo.report.Charts;
import org.knowm.xchart.CategoryChart;

/** PNG charts of a report: latency percentiles per operation, and the cost of an operation per variant. */
public final class ReportCharts {
  private ReportCharts() {
  }

  /** Writes the charts into {@code dir} and returns their paths; a chart with nothing measured is skipped. */
  public static List<Path> write(BenchmarkReport report, Path dir) throws IOException {
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    written.add(save(latency(report), dir.resolve(report.benchmark() + "-latency.png")));
    written.add(save(perVariant(report, "Throughput", "operations / s",
        result -> result.throughputOpsS()), dir.resolve(report.benchmark() + "-throughput.png")));
    CategoryChart cost = chart(report.benchmark() + ": cost per operation", "CPU us / operation");
    addSeries(cost, report, "client CPU", VariantResult::clientCpuUsPerOp);
    addSeries(cost, report, "server CPU", VariantResult::serverCpuUsPerOp);
    written.add(save(cost, dir.resolve(report.benchmark() + "-cpu.png")));
    CategoryChart bytes = chart(report.benchmark() + ": bytes on the wire per operation", "bytes / operation");
    addSeries(bytes, report, "RegionServer RPC and fast path", VariantResult::bytesPerOp);
    addSeries(bytes, report, "emulated link", VariantResult::linkBytesPerOp);
    written.add(save(bytes, dir.resolve(report.benchmark() + "-bytes.png")));
    written.removeIf(java.util.Objects::isNull);
    return written;
  }

  /** One bar group per variant and operation type, one bar per percentile. */
  private static CategoryChart latency(BenchmarkReport report) {
    CategoryChart chart = chart(report.benchmark() + ": latency per operation", "microseconds");
    List<String> categories = new ArrayList<>();
    List<Latency> latencies = new ArrayList<>();
    for (VariantResult result : report.results()) {
      result.operations().forEach((operation, measured) -> {
        categories.add(label(result) + " " + operation);
        latencies.add(measured.latencyUs());
      });
    }
    chart.addSeries("p50", categories, latencies.stream().map(Latency::p50).toList());
    chart.addSeries("p95", categories, latencies.stream().map(Latency::p95).toList());
    chart.addSeries("p99", categories, latencies.stream().map(Latency::p99).toList());
    return chart;
  }

  private static CategoryChart perVariant(BenchmarkReport report, String title, String unit,
      Function<VariantResult, Double> metric) {
    CategoryChart chart = chart(report.benchmark() + ": " + title, unit);
    addSeries(chart, report, title, metric);
    return chart;
  }

  /**
   * One bar per variant. All series of a chart share its categories, so a metric that some variant did not
   * measure is left out rather than drawn as zero.
   */
  private static void addSeries(CategoryChart chart, BenchmarkReport report, String name,
      Function<VariantResult, Double> metric) {
    List<Double> values = report.results().stream().map(metric).toList();
    if (!values.isEmpty() && values.stream().allMatch(java.util.Objects::nonNull)) {
      chart.addSeries(name, report.results().stream().map(ReportCharts::label).toList(), values);
    }
  }

  private static String label(VariantResult result) {
    return result.variant() + " x" + result.clients();
  }

  private static CategoryChart chart(String title, String yAxis) {
    return Charts.bars(title, yAxis);
  }

  private static Path save(CategoryChart chart, Path file) throws IOException {
    if (chart.getSeriesMap().isEmpty()) {
      Files.deleteIfExists(file);
      return null;
    }
    return Charts.savePng(chart, file);
  }
}

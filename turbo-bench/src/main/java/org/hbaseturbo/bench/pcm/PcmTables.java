package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.hbaseturbo.report.Charts;
import org.hbaseturbo.report.TextTable;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

/** The PCM report as text tables (speedups, server state, adaptivity) and PNG charts. */
public final class PcmTables {
  private static final double MB = 1 << 20;

  private PcmTables() {
  }

  public static String render(PcmReport report) {
    StringBuilder text = new StringBuilder();
    if (!report.results().isEmpty()) {
      text.append(speedups(report)).append('\n').append(serverState(report));
    }
    if (report.adaptivity() != null) {
      text.append('\n').append(adaptivity(report.adaptivity()));
    }
    return text.toString();
  }

  /** Each class's throughput under every variant, and PCM's as a ratio of each other's. */
  static String speedups(PcmReport report) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"class", "defaults 1g ops/s", "defaults ops/s", "HBase tuner ops/s", "PCM ops/s",
        "PCM / defaults 1g", "PCM / defaults", "PCM / HBase tuner"});
    for (String workloadClass : classes(report)) {
      List<String> row = new ArrayList<>(List.of(workloadClass));
      for (PcmVariant variant : PcmVariant.values()) {
        row.add(throughput(report, workloadClass, variant).map(t -> String.format("%,.0f", t)).orElse("n/a"));
      }
      for (PcmVariant peer : List.of(PcmVariant.DEFAULTS_1G, PcmVariant.DEFAULTS, PcmVariant.HBASE_TUNER)) {
        row.add(speedup(report, workloadClass, peer).map(r -> String.format("%.2fx", r)).orElse("n/a"));
      }
      rows.add(row.toArray(new String[0]));
    }
    return TextTable.render(rows, 0);
  }

  /** PCM's throughput over {@code peer}'s for a class, if both ran. */
  public static Optional<Double> speedup(PcmReport report, String workloadClass, PcmVariant peer) {
    Optional<Double> pcm = throughput(report, workloadClass, PcmVariant.PCM);
    Optional<Double> other = throughput(report, workloadClass, peer);
    return pcm.isPresent() && other.isPresent() && other.get() > 0 ? Optional.of(pcm.get() / other.get())
        : Optional.empty();
  }

  private static Optional<Double> throughput(PcmReport report, String workloadClass, PcmVariant variant) {
    return report.result(workloadClass, variant).map(r -> r.ycsb().throughputOpsS());
  }

  /** What the servers did under each variant: the figures that explain the throughput. */
  static String serverState(PcmReport report) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"class", "variant", "p99 us", "server CPU us/op", "flushed MB", "compacted MB",
        "blocked", "cache hit", "store files", "memstore/cache GB"});
    for (ClassResult result : report.results()) {
      ServerActivity server = result.server();
      double hit = server.blockCacheHitRatio();
      rows.add(new String[] {result.workloadClass(), result.variant(),
          String.format("%,.0f %s", result.ycsb().latencyUs().p99(), result.ycsb().latencyOperation()),
          result.ycsb().serverCpuUsPerOp() == null ? "n/a" : String.format("%,.1f", result.ycsb().serverCpuUsPerOp()),
          String.format("%,.0f", server.flushedBytes() / MB), String.format("%,.0f", server.compactedBytes() / MB),
          String.format("%,d", server.blockedRequests()), Double.isNaN(hit) ? "n/a" : String.format("%.3f", hit),
          Long.toString(server.storeFiles()), String.format("%.1f/%.1f", server.memstoreLimitBytes() / MB / 1024,
              server.blockCacheMaxBytes() / MB / 1024)});
    }
    return TextTable.render(rows, 0, 1);
  }

  static String adaptivity(AdaptivityResult adaptivity) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"phase", "class", "run", "ops/s", "detected after s", "policy applied after s",
        "fractions in force after s", "failed ops"});
    for (AdaptivityResult.Run run : adaptivity.runs()) {
      for (AdaptivityResult.Phase phase : run.phases()) {
        rows.add(new String[] {phase.name(), phase.expectedClass(), run.name(),
            String.format("%,.0f", phase.throughputOpsS()), seconds(phase.detectedAfterS()),
            seconds(phase.switchedAfterS()), seconds(phase.inForceAfterS()), Long.toString(phase.failures())});
      }
    }
    StringBuilder text = new StringBuilder(TextTable.render(rows, 0, 1, 2));
    for (int i = 0; i < adaptivity.runs().get(0).phases().size() && adaptivity.runs().size() == 2; i++) {
      AdaptivityResult.Phase without = adaptivity.runs().get(0).phases().get(i);
      AdaptivityResult.Phase with = adaptivity.runs().get(1).phases().get(i);
      text.append(String.format("%s: %s %.2fx %s%n", with.name(), adaptivity.runs().get(1).name(),
          with.throughputOpsS() / without.throughputOpsS(), adaptivity.runs().get(0).name()));
    }
    return text.toString();
  }

  private static String seconds(Double value) {
    return value == null ? "-" : String.format("%.0f", value);
  }

  private static Set<String> classes(PcmReport report) {
    Set<String> classes = new LinkedHashSet<>();
    report.results().forEach(r -> classes.add(r.workloadClass()));
    return classes;
  }

  /** Throughput per class and variant; the adaptivity run's throughput over time with phases and switches. */
  public static List<Path> charts(PcmReport report, Path dir) throws IOException {
    Files.createDirectories(dir);
    List<Path> charts = new ArrayList<>();
    if (!report.results().isEmpty()) {
      CategoryChart chart = Charts.bars("PCM: YCSB throughput per class (medians of " + report.parameters()
          .get("runs") + " runs)", "operations/s");
      List<String> classes = List.copyOf(classes(report));
      for (PcmVariant variant : PcmVariant.values()) {
        if (report.results().stream().noneMatch(r -> r.variant().equals(variant.label()))) {
          continue;
        }
        List<Double> values = classes.stream().map(c -> throughput(report, c, variant).orElse(0.0)).toList();
        chart.addSeries(variant.label(), classes, values);
      }
      charts.add(Charts.savePng(chart, dir.resolve("pcm-throughput.png")));
    }
    if (report.adaptivity() != null) {
      charts.add(adaptivityChart(report.adaptivity(), dir.resolve("pcm-adaptivity.png")));
    }
    return charts;
  }

  private static Path adaptivityChart(AdaptivityResult adaptivity, Path file) throws IOException {
    XYChart chart = new XYChartBuilder().width(1100).height(500)
        .title("PCM adaptivity: throughput while the mix shifts (lines: phase starts; labels: policy switches)")
        .xAxisTitle("seconds since the run began").yAxisTitle("operations/s").build();
    double top = 0;
    for (AdaptivityResult.Run run : adaptivity.runs()) {
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      double offset = 0;
      for (AdaptivityResult.Phase phase : run.phases()) {
        for (int s = 0; s < phase.opsPerSecond().size(); s++) {
          x.add(offset + s + 1);
          y.add((double) phase.opsPerSecond().get(s));
          top = Math.max(top, phase.opsPerSecond().get(s));
        }
        offset += phase.runtimeMs() / 1000.0;
      }
      chart.addSeries(run.name(), x, y).setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
    }
    AdaptivityResult.Run applying = adaptivity.runs().get(adaptivity.runs().size() - 1);
    double offset = 0;
    for (AdaptivityResult.Phase phase : applying.phases()) {
      chart.addAnnotation(new AnnotationLine(offset, true, false));
      chart.addAnnotation(new AnnotationText(phase.name(), offset + 4, top * 1.02, false));
      if (phase.switchedAfterS() != null) {
        chart.addAnnotation(new AnnotationText("-> " + phase.expectedClass(), offset + phase.switchedAfterS(),
            top * 0.9, false));
      }
      offset += phase.runtimeMs() / 1000.0;
    }
    Files.deleteIfExists(file);
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }
}

package org.hbaseturbo.bench.compression;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.hbaseturbo.advisor.CodecSpeed;
import org.hbaseturbo.report.Charts;
import org.hbaseturbo.report.TextTable;
import org.knowm.xchart.CategoryChart;

/** The compression report as a text table and as PNG charts in the spirit of the paper's Figures 1-4. */
public final class CompressionTables {
  private CompressionTables() {
  }

  public static String render(CompressionReport report) {
    List<String[]> rows = new ArrayList<>();
    List<String> selects = report.results().get(0).selectSeconds().keySet().stream().toList();
    List<String> header = new ArrayList<>(List.of("codec", "inserts/s", "p50 us", "p99 us", "stored bytes",
        "vs NONE", "RS-reported MB"));
    selects.forEach(share -> header.add("select " + share + " s"));
    header.addAll(List.of("server CPU us/insert", "block ratio", "compress MB/s", "decompress MB/s"));
    rows.add(header.toArray(new String[0]));
    for (CodecResult result : report.results()) {
      List<String> row = new ArrayList<>(List.of(result.variant(), String.format("%,.0f", result.throughputOpsS()),
          String.format("%,.0f", result.latencyUs().p50()), String.format("%,.0f", result.latencyUs().p99()),
          result.storageBytes() == null ? "n/a" : String.format("%,d", result.storageBytes()),
          result.storageVsNone() == null ? "n/a" : String.format("%.3f", result.storageVsNone()),
          String.format("%.0f", result.storageReportedMb())));
      selects.forEach(share -> row.add(String.format("%.3f", result.selectSeconds().get(share))));
      row.add(result.serverCpuUsPerOp() == null ? "n/a" : String.format("%,.1f", result.serverCpuUsPerOp()));
      row.add(String.format("%.2f", result.blocks().ratio()));
      row.add(String.format("%,.0f", result.blocks().compressMBps()));
      row.add(String.format("%,.0f", result.blocks().decompressMBps()));
      rows.add(row.toArray(new String[0]));
    }
    return TextTable.render(rows, 0) + blockNotes(report);
  }

  /** The reference codecs' block figures, and ZSTD against GZ on blocks (the target: 2x GZ's speed). */
  private static String blockNotes(CompressionReport report) {
    StringBuilder notes = new StringBuilder();
    for (CodecSpeed reference : report.referenceBlocks()) {
      notes.append(String.format("reference, not in Turbo: %s (%s): block ratio %.2f, compress %,.0f MB/s,"
          + " decompress %,.0f MB/s%n", reference.codec(), reference.codecClass(), reference.ratio(),
          reference.compressMBps(), reference.decompressMBps()));
    }
    CodecSpeed gz = blocks(report, "GZ");
    CodecSpeed zstd = blocks(report, "ZSTD");
    if (gz != null && zstd != null) {
      notes.append(String.format("ZSTD vs GZ on blocks: ratio %.2f vs %.2f, compress %,.0f vs %,.0f MB/s"
          + " (%.2fx GZ's speed)%n", zstd.ratio(), gz.ratio(), zstd.compressMBps(), gz.compressMBps(),
          zstd.compressMBps() / gz.compressMBps()));
    }
    return notes.toString();
  }

  private static CodecSpeed blocks(CompressionReport report, String codec) {
    return report.results().stream().filter(result -> result.variant().equals(codec)).map(CodecResult::blocks)
        .findFirst().orElse(null);
  }

  /** Writes the charts into {@code dir} and returns their paths. */
  public static List<Path> charts(CompressionReport report, Path dir) throws IOException {
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    written.add(save(bars("Insert requests per second (Fig. 1)", "requests / s", report, CodecResult::throughputOpsS),
        dir.resolve("compression-inserts.png")));
    CategoryChart selects = chart("Select time (Fig. 2)", "seconds");
    List<String> codecs = report.results().stream().map(CodecResult::variant).toList();
    for (String share : report.results().get(0).selectSeconds().keySet()) {
      selects.addSeries("select " + share, codecs,
          report.results().stream().map(result -> result.selectSeconds().get(share)).toList());
    }
    written.add(save(selects, dir.resolve("compression-selects.png")));
    if (report.results().stream().allMatch(result -> result.storageBytes() != null)) {
      written.add(save(bars("Storage on disk (Fig. 3)", "megabytes", report,
          result -> result.storageBytes() / 1e6), dir.resolve("compression-storage.png")));
      CompressionReport compressed = new CompressionReport(report.benchmark(), report.machine(), report.versions(),
          report.parameters(), report.results().stream().filter(result -> !result.variant().equals("NONE")).toList(),
          report.referenceBlocks());
      written.add(save(bars("Storage on disk without NONE (Fig. 4)", "megabytes", compressed,
          result -> result.storageBytes() / 1e6), dir.resolve("compression-storage-compressed.png")));
    }
    if (report.results().stream().allMatch(result -> result.serverCpuUsPerOp() != null)) {
      written.add(save(bars("RegionServer CPU per insert", "CPU us / insert", report, CodecResult::serverCpuUsPerOp),
          dir.resolve("compression-server-cpu.png")));
    }
    return written;
  }

  private static CategoryChart bars(String title, String unit, CompressionReport report,
      Function<CodecResult, Double> metric) {
    CategoryChart chart = chart(title, unit);
    chart.addSeries(title, report.results().stream().map(CodecResult::variant).toList(),
        report.results().stream().map(metric).toList());
    chart.getStyler().setLegendVisible(false);
    return chart;
  }

  private static CategoryChart chart(String title, String unit) {
    return Charts.bars("compression: " + title, unit);
  }

  private static Path save(CategoryChart chart, Path file) throws IOException {
    return Charts.savePng(chart, file);
  }
}

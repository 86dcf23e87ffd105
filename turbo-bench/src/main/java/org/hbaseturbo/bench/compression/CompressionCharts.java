package org.hbaseturbo.bench.compression;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.hbaseturbo.report.chart.CategoryCharts;
import org.hbaseturbo.report.chart.CategoryGrid;
import org.hbaseturbo.report.chart.Figure;
import org.hbaseturbo.report.chart.RatioLabel;

/**
 * The compression report's charts in the shapes of the paper's Figures 1-4: a bar per codec, each labelled with its
 * ratio to NONE (no compression) measured in the same run; the selects grouped by the share of rows selected.
 */
public final class CompressionCharts {
  /** The codec the others are divided by. */
  static final String BASELINE = "NONE";

  private CompressionCharts() {
  }

  /** Writes the charts into {@code dir} as {@code name-*.png} and returns their paths. */
  public static List<Path> write(CompressionReport report, Path dir, String name) throws IOException {
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    written.add(save("insert requests per second (Fig. 1)", "requests / s",
        perCodec(report.results(), CodecResult::throughputOpsS, true), dir.resolve(name + "-inserts.png")));
    written.add(save("select time (Fig. 2)", "seconds", selects(report), dir.resolve(name + "-selects.png")));
    if (report.results().stream().allMatch(result -> result.storageBytes() != null)) {
      Function<CodecResult, Double> megabytes = result -> result.storageBytes() / 1e6;
      written.add(save("storage on disk (Fig. 3)", "megabytes", perCodec(report.results(), megabytes, true),
          dir.resolve(name + "-storage.png")));
      // The paper's Figure 4 leaves NONE out so that the compressed sizes get the scale; the ratios stay to NONE.
      written.add(save("storage on disk without NONE (Fig. 4)", "megabytes",
          perCodec(report.results(), megabytes, false), dir.resolve(name + "-storage-compressed.png")));
    }
    if (report.results().stream().allMatch(result -> result.serverCpuUsPerOp() != null)) {
      written.add(save("RegionServer CPU per insert", "CPU us / insert",
          perCodec(report.results(), CodecResult::serverCpuUsPerOp, true), dir.resolve(name + "-server-cpu.png")));
    }
    return written;
  }

  /** A bar per codec, the codecs the categories; NONE's own bar only {@code withBaseline}. */
  static CategoryGrid perCodec(List<CodecResult> results, Function<CodecResult, Double> metric,
      boolean withBaseline) {
    CategoryGrid grid = new CategoryGrid();
    Optional<Double> none = results.stream().filter(result -> result.variant().equals(BASELINE)).findFirst()
        .map(metric);
    for (CodecResult result : results) {
      if (withBaseline || !result.variant().equals(BASELINE)) {
        double value = metric.apply(result);
        grid.put(result.variant(), result.variant(), value, label(result.variant(), value, none));
      }
    }
    return grid;
  }

  /** The select of each share of the rows, a bar per codec. */
  static CategoryGrid selects(CompressionReport report) {
    CategoryGrid grid = new CategoryGrid();
    for (String share : report.results().get(0).selectSeconds().keySet()) {
      Optional<Double> none = report.results().stream().filter(result -> result.variant().equals(BASELINE))
          .findFirst().map(result -> result.selectSeconds().get(share));
      for (CodecResult result : report.results()) {
        double seconds = result.selectSeconds().get(share);
        grid.put("select " + share, result.variant(), seconds, label(result.variant(), seconds, none));
      }
    }
    return grid;
  }

  private static String label(String codec, double value, Optional<Double> none) {
    return codec.equals(BASELINE) ? RatioLabel.BASELINE
        : none.filter(base -> base > 0).map(base -> RatioLabel.of(value / base)).orElse("");
  }

  private static Path save(String title, String unit, CategoryGrid grid, Path file) throws IOException {
    return Figure.of("compression: " + title + " (labels: x " + BASELINE + ")", CategoryCharts.bars("", unit, grid))
        .savePng(file);
  }
}

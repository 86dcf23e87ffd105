package org.hbaseturbo.bench.compression;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.report.chart.CategoryGrid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compression paper's figures: a bar per codec, each labelled with its ratio to NONE of the same run. */
class TestCompressionCharts {
  private static final CompressionReport REPORT = new CompressionReport("compression", Map.of(), Map.of(), Map.of(),
      List.of(codec("NONE", 16_000_000, 0.14, 0.22), codec("GZ", 2_240_000, 0.126, 0.249),
          codec("ZSTD", 2_190_000, 0.123, 0.247)), List.of());

  @Test
  void eachCodecIsABarOfItsOwnLabelledWithItsRatioToNone() {
    CategoryGrid storage = CompressionCharts.perCodec(REPORT.results(), result -> result.storageBytes() / 1e6, true);

    assertThat(storage.onePerCategory()).isTrue();
    assertThat(storage.categories()).containsExactly("NONE", "GZ", "ZSTD");
    assertThat(storage.categories().stream().map(codec -> storage.label(codec, codec)))
        .containsExactly("1x", "0.14x", "0.14x");
  }

  @Test
  void withoutNoneTheCompressedCodecsKeepTheirRatioToIt() {
    CategoryGrid storage = CompressionCharts.perCodec(REPORT.results(), result -> result.storageBytes() / 1e6,
        false);

    assertThat(storage.categories()).containsExactly("GZ", "ZSTD");
    assertThat(storage.label("ZSTD", "ZSTD")).isEqualTo("0.14x");
  }

  @Test
  void selectsAreGroupedByTheShareOfRowsSelected() {
    CategoryGrid selects = CompressionCharts.selects(REPORT);

    assertThat(selects.categories()).containsExactly("select 25%", "select 50%");
    assertThat(selects.series()).containsExactly("NONE", "GZ", "ZSTD");
    assertThat(selects.label("select 25%", "GZ")).isEqualTo("0.90x");
    assertThat(selects.label("select 50%", "GZ")).isEqualTo("1.13x");
  }

  @Test
  void theChartsAreThePapersFigures(@TempDir Path dir) throws Exception {
    assertThat(CompressionCharts.write(REPORT, dir, "compression")).containsExactly(
        dir.resolve("compression-inserts.png"), dir.resolve("compression-selects.png"),
        dir.resolve("compression-storage.png"), dir.resolve("compression-storage-compressed.png"),
        dir.resolve("compression-server-cpu.png"));
  }

  /** A codec's result; its block figures are not charted. */
  private static CodecResult codec(String codec, long storageBytes, double select25, double select50) {
    Map<String, Double> selects = new LinkedHashMap<>();
    selects.put("25%", select25);
    selects.put("50%", select50);
    return new CodecResult(codec, 4, 5000, new Latency(700, 1500, 3000), "INSERT", 300.0, 150, 90.0, 3, 20_000,
        storageBytes, storageBytes / 1e6, storageBytes / 16e6, selects, Map.of(), null);
  }
}

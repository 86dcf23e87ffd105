package org.hbaseturbo.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One colour per variant in every chart: fixed for the names Turbo's benchmarks use, stable for any other. */
class TestVariantPalette {
  @Test
  void plainHBaseIsDarkGreyInEveryBenchmarkAndItsGzipLightGrey() {
    Color plain = VariantPalette.of("native");
    assertThat(List.of("default", "defaults", "NONE")).allSatisfy(name -> assertThat(VariantPalette.of(name))
        .isEqualTo(plain));
    assertThat(VariantPalette.of("native+gzip")).isEqualTo(VariantPalette.of("default+gzip"))
        .isEqualTo(VariantPalette.of("GZ")).isNotEqualTo(plain);
  }

  @Test
  void theCompactCodecHasOneColourWhereverItRuns() {
    assertThat(VariantPalette.of("native+compact")).isEqualTo(VariantPalette.of("compact"));
  }

  @Test
  void theVariantsOfOneBenchmarkCanBeToldApart() {
    List<List<String>> benchmarks = List.of(
        List.of("native", "native+gzip", "native+compact", "prepared", "prepared+fastpath"),
        List.of("native", "fastpath-shm", "fastpath-tcp", "fastpath-auto"),
        List.of("default", "compact", "default+gzip", "compact+gzip"),
        List.of("NONE", "GZ", "SNAPPY", "LZ4", "LZO", "ZSTD"),
        List.of("defaults 1g", "defaults", "HBase tuner", "PCM"));
    for (List<String> variants : benchmarks) {
      assertThat(variants.stream().map(VariantPalette::of).distinct()).as("%s", variants).hasSize(variants.size());
    }
  }

  @Test
  void namesAreComparedWithoutRegardToCase() {
    assertThat(VariantPalette.of("zstd")).isEqualTo(VariantPalette.of("ZSTD"));
    assertThat(VariantPalette.of("hbase tuner")).isEqualTo(VariantPalette.of("HBase tuner"));
  }

  @Test
  void anUnknownNameGetsTheSameColourInEveryRun() {
    // Pinned: a name's colour must not depend on the JVM, the order of charts or anything else drawn before.
    assertThat(VariantPalette.of("native load")).isEqualTo(new Color(0xBCBD22));
    assertThat(VariantPalette.of("native load")).isEqualTo(VariantPalette.of("NATIVE LOAD"));
  }
}

package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.hbaseturbo.advisor.CodecSpeed;
import org.hbaseturbo.bench.compression.CodecResult;
import org.hbaseturbo.bench.compression.CompressionReport;
import org.hbaseturbo.bench.pcm.ClassResult;
import org.hbaseturbo.bench.pcm.PcmReport;
import org.hbaseturbo.bench.pcm.PcmVariant;
import org.hbaseturbo.bench.pcm.ServerActivity;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.bench.report.VariantResult;
import org.junit.jupiter.api.Test;

class TestDemoSummary {
  private static final Latency LATENCY = new Latency(1, 2, 3);

  @Test
  void ratiosComeFromTheSameRunsBaselines() {
    BenchmarkReport scan = new BenchmarkReport("scan", Map.of(), Map.of(), Map.of("scan_length", 10), List.of(
        scanResult("paper native", 999, 999, 1), scanResult("paper prepared", 1, 1, 999),
        scanResult("ycsb native", 100, 1000, 10), scanResult("ycsb prepared", 150, 650, 6),
        scanResult("ycsb prepared+fastpath", 300, 640, 3), scanResult("ycsb native+compact", 110, 680, 9)));
    CompressionReport compression = new CompressionReport("compression", Map.of(), Map.of(), Map.of(), List.of(
        codecResult("NONE", 1000, 1.0, 2000), codecResult("GZ", 900, 0.14, 60),
        codecResult("ZSTD", 1100, 0.13, 130)), List.of());

    PcmReport pcm = new PcmReport("pcm", Map.of(), Map.of(), Map.of(), List.of(
        pcmResult(PcmVariant.DEFAULTS, 10_000), pcmResult(PcmVariant.PCM, 14_200)), null);
    BenchmarkReport fastPath = new BenchmarkReport("fastpath", Map.of(), Map.of(), Map.of(), List.of(
        latencyResult("get-1KB native", 8_000, 120), latencyResult("get-1KB fastpath-shm", 60_000, 12),
        latencyResult("put-1KB native", 5_000, 200), latencyResult("put-1KB fastpath-shm", 8_000, 110)));

    String table = new DemoSummary().scan(Optional.of(scan)).compression(Optional.of(compression))
        .pcm(Optional.of(pcm)).fastPath(Optional.of(fastPath)).render();

    assertThat(table.lines()).containsSubsequence(
        "capability                    measure                                      vs plain HBase  full experiment",
        "Prepared Scan                 bytes per scan (YCSB schema)                           0.65  turbo bench scan",
        "                              scans per second                                       1.50",
        "                              client + server CPU per row                            0.60",
        "Prepared Scan, fast path      bytes per scan (YCSB schema)                           0.64  turbo bench scan",
        "                              scans per second                                       3.00",
        "                              client + server CPU per row                            0.30",
        "Compact cell codec            bytes per scan, unchanged client                       0.68  turbo bench codec",
        "                              scans per second                                       1.10",
        "                              client + server CPU per row                            0.90",
        "Compression                   table size, ZSTD                                       0.13  turbo bench"
            + " compression",
        "                              inserts per second, ZSTD                               1.10",
        "                              compression speed, ZSTD vs GZ                          2.17",
        "Workload-aware configuration  bulk-load inserts per second, PCM-BL policy            1.42  turbo bench pcm",
        "Fast path, shared memory      1 KB Get p50 latency, one client                       0.10  turbo bench"
            + " fastpath",
        "                              1 KB Gets per second, one client                       7.50",
        "                              1 KB Put p50 latency, one client                       0.55");
  }

  @Test
  void sectionsTheDemoSkippedSaySo() {
    String table = new DemoSummary().scan(Optional.empty()).compression(Optional.empty()).pcm(Optional.empty())
        .fastPath(Optional.empty()).render();

    assertThat(table.lines().filter(line -> line.contains("not run"))).hasSize(16);
  }

  @Test
  void theFastPathsRowsSayWhyTheyWereSkipped() {
    String skipped = "skipped: no UCX (apt-get install libucx0)";
    String table = new DemoSummary().fastPathSkipped(skipped).scan(Optional.empty()).compression(Optional.empty())
        .pcm(Optional.empty()).fastPath(Optional.empty()).render();

    // Prepared Scan over the fast path and the fast path's own rows, three each; the others were not run.
    assertThat(table.lines().filter(line -> line.contains(skipped))).hasSize(6);
    assertThat(table.lines().filter(line -> line.contains("not run"))).hasSize(10);
  }

  private static ClassResult pcmResult(PcmVariant variant, double throughput) {
    return new ClassResult("BL", variant.label(), new VariantResult(variant.label(), 4, throughput, LATENCY, "INSERT",
        null, null, 1, null, 1, 100, 0, Map.of(), null, List.of()), new ServerActivity(0, 0, 0, 0, 0, 0, 0, 0),
        List.of(), List.of(), new ClassResult.ServerJit(List.of(), List.of()));
  }

  private static VariantResult latencyResult(String variant, double throughput, double p50) {
    return new VariantResult(variant, 1, throughput, new Latency(p50, p50, p50), "READ", 1_000.0, null, 1, 1.0, 1,
        100, 0, Map.of(), null, List.of());
  }

  /** Client and server CPU are each {@code cpuPerRow} x 10 rows / 2. */
  private static VariantResult scanResult(String variant, double throughput, double bytes, double cpuPerRow) {
    return new VariantResult(variant, 4, throughput, LATENCY, "SCAN", bytes, null, cpuPerRow * 5, cpuPerRow * 5, 1,
        100, 0, Map.of(), null, List.of());
  }

  private static CodecResult codecResult(String codec, double throughput, double storageVsNone, double compressMBps) {
    return new CodecResult(codec, 4, throughput, LATENCY, "INSERT", null, 1, null, 1, 100, null, 1, storageVsNone,
        Map.of(), Map.of(), new CodecSpeed(codec, Algorithm.NONE, "", 100, 10, compressMBps, 1));
  }
}

package org.hbaseturbo.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hbaseturbo.bench.compression.CodecResult;
import org.hbaseturbo.bench.compression.CompressionReport;
import org.hbaseturbo.bench.fastpath.FastPathBenchmark;
import org.hbaseturbo.bench.fastpath.FastPathVariant;
import org.hbaseturbo.bench.pcm.PcmReport;
import org.hbaseturbo.bench.pcm.PcmTables;
import org.hbaseturbo.bench.pcm.PcmVariant;
import org.hbaseturbo.bench.pcm.PcmWorkload;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.scan.ScanComparison;
import org.hbaseturbo.bench.scan.ScanSchema;
import org.hbaseturbo.bench.scan.ScanVariant;
import org.hbaseturbo.report.TextTable;

/**
 * The demo's last table: each capability's headline figure as a ratio to plain HBase measured in the same
 * demo, and "not run" for a comparison the demo skipped, so that the table reads the same on every run.
 */
final class DemoSummary {
  private static final String[] HEADER = {"capability", "measure", "vs plain HBase", "full experiment"};
  private static final String NOT_RUN = "not run";

  private final List<String[]> rows = new ArrayList<>();
  /** What the fast path's rows read when the demo skipped them ({@link FastPathProbe#skipped}). */
  private String fastPathNotRun = NOT_RUN;

  DemoSummary() {
    rows.add(HEADER);
  }

  /** @param skipped why the fast path's comparisons were skipped, for their rows; empty when they were not */
  DemoSummary fastPathSkipped(String skipped) {
    fastPathNotRun = skipped.isEmpty() ? NOT_RUN : skipped;
    return this;
  }

  /**
   * Prepared Scan, over RPC and over the fast path, and the unchanged native scan over the compact cellblock codec,
   * against the native scan on YCSB's schema, the one most users' tables look like.
   */
  DemoSummary scan(Optional<BenchmarkReport> report) {
    scanRows(report, ScanVariant.PREPARED, "Prepared Scan", "bytes per scan (YCSB schema)", "turbo bench scan");
    scanRows(report, ScanVariant.PREPARED_FASTPATH, "Prepared Scan, fast path", "bytes per scan (YCSB schema)",
        "turbo bench scan");
    scanRows(report, ScanVariant.NATIVE_COMPACT, "Compact cell codec", "bytes per scan, unchanged client",
        "turbo bench codec");
    return this;
  }

  private void scanRows(Optional<BenchmarkReport> report, ScanVariant variant, String capability, String bytes,
      String command) {
    String notRun = variant == ScanVariant.PREPARED_FASTPATH ? fastPathNotRun : NOT_RUN;
    Optional<Map<String, Object>> ratios = report.flatMap(scan -> ScanComparison.ratios(scan).stream()
        .filter(row -> row.get("schema").equals(ScanSchema.YCSB.userName())
            && row.get("variant").equals(variant.label()))
        .findFirst());
    rows.add(new String[] {capability, bytes,
        ratios.map(row -> ratio(row.get("bytes_per_scan_vs_native"))).orElse(notRun), command});
    rows.add(new String[] {"", "scans per second",
        ratios.map(row -> ratio(row.get("throughput_vs_native"))).orElse(notRun), ""});
    rows.add(new String[] {"", "client + server CPU per row",
        ratios.map(row -> ratio(row.get("cpu_per_row_vs_native"))).orElse(notRun), ""});
  }

  /** ZSTD, the codec Turbo adds in pure Java, against NONE and against GZ, HBase's pure-Java default. */
  DemoSummary compression(Optional<CompressionReport> report) {
    Optional<CodecResult> zstd = report.flatMap(r -> codec(r, "ZSTD"));
    Optional<CodecResult> none = report.flatMap(r -> codec(r, "NONE"));
    Optional<CodecResult> gz = report.flatMap(r -> codec(r, "GZ"));
    String command = "turbo bench compression";
    rows.add(new String[] {"Compression", "table size, ZSTD", zstd.map(z -> ratio(z.storageVsNone())).orElse(NOT_RUN),
        command});
    rows.add(new String[] {"", "inserts per second, ZSTD", zstd.flatMap(z -> none.map(n -> ratio(
        z.throughputOpsS() / n.throughputOpsS()))).orElse(NOT_RUN), ""});
    rows.add(new String[] {"", "compression speed, ZSTD vs GZ", zstd.flatMap(z -> gz.map(g -> ratio(
        z.blocks().compressMBps() / g.blocks().compressMBps()))).orElse(NOT_RUN), ""});
    return this;
  }

  /** PCM's bulk-load policy against HBase's defaults at the same heap, each on a fresh process cluster. */
  DemoSummary pcm(Optional<PcmReport> report) {
    rows.add(new String[] {"Workload-aware configuration", "bulk-load inserts per second, PCM-BL policy",
        report.flatMap(r -> PcmTables.speedup(r, PcmWorkload.BL.label(), PcmVariant.DEFAULTS)).map(DemoSummary::ratio)
            .orElse(NOT_RUN), "turbo bench pcm"});
    return this;
  }

  /** The fast path over shared memory against RPC: 1 KB Gets and Puts of one record by one client. */
  DemoSummary fastPath(Optional<BenchmarkReport> report) {
    Optional<Map<String, Object>> get = report.flatMap(r -> fastPathRatios(r, "get-1KB"));
    Optional<Map<String, Object>> put = report.flatMap(r -> fastPathRatios(r, "put-1KB"));
    rows.add(new String[] {"Fast path, shared memory", "1 KB Get p50 latency, one client",
        get.map(row -> ratio(row.get("p50_latency_vs_native"))).orElse(fastPathNotRun), "turbo bench fastpath"});
    rows.add(new String[] {"", "1 KB Gets per second, one client",
        get.map(row -> ratio(row.get("throughput_vs_native"))).orElse(fastPathNotRun), ""});
    rows.add(new String[] {"", "1 KB Put p50 latency, one client",
        put.map(row -> ratio(row.get("p50_latency_vs_native"))).orElse(fastPathNotRun), ""});
    return this;
  }

  private static Optional<Map<String, Object>> fastPathRatios(BenchmarkReport report, String experiment) {
    return FastPathBenchmark.RATIOS.ratios(report).stream().filter(row -> row.get("experiment").equals(experiment)
        && row.get("variant").equals(FastPathVariant.SHM.label())).findFirst();
  }

  String render() {
    return TextTable.render(rows, 0, 1, 3);
  }

  private static Optional<CodecResult> codec(CompressionReport report, String name) {
    return report.results().stream().filter(result -> result.variant().equals(name)).findFirst();
  }

  private static String ratio(Object value) {
    return value == null ? "n/a" : String.format("%.2f", ((Number) value).doubleValue());
  }
}

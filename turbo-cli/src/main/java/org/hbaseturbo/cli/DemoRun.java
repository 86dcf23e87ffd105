package org.hbaseturbo.cli;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.hbaseturbo.bench.BenchCharts;
import org.hbaseturbo.bench.ReportOutput;
import org.hbaseturbo.bench.RunPlan;
import org.hbaseturbo.bench.compression.CompressionBenchmark;
import org.hbaseturbo.bench.compression.CompressionReport;
import org.hbaseturbo.bench.fastpath.FastPathBenchmark;
import org.hbaseturbo.bench.fastpath.FastPathVariant;
import org.hbaseturbo.bench.pcm.PcmBenchmark;
import org.hbaseturbo.bench.pcm.PcmReport;
import org.hbaseturbo.bench.pcm.PcmVariant;
import org.hbaseturbo.bench.pcm.PcmWorkload;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.ReportTable;
import org.hbaseturbo.bench.scan.ScanBenchmark;
import org.hbaseturbo.bench.scan.ScanSchema;
import org.hbaseturbo.bench.scan.ScanVariant;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.common.InvalidInputException;

/**
 * The demo, end to end, as {@code turbo demo} runs it: a YCSB mix on the demo's own cluster (plain HBase, the
 * baseline), then each capability beside plain HBase at demo scale, each one experiment of the bench commands with
 * settings of its own (one run, short), and at the end one table of their headline ratios ({@link DemoSummary}).
 */
final class DemoRun {
  /** Each scan variant runs this long: a glimpse, one run per variant. */
  private static final int SCAN_RUN_SECONDS = 3;
  /** The least that the compression benchmark runs with. */
  private static final int MIN_COMPRESSION_ROWS = 100;
  /** The least that the PCM benchmark loads. */
  private static final int MIN_PCM_RECORDS = 1_000;
  /** Unmeasured operations of each short comparison's client JVMs. */
  private static final int WARM_UP_OPERATIONS = 500;

  private final Settings settings;
  private final Optional<Path> conf;
  private final WorkloadOptions ycsb;
  private final PrintWriter out;

  /**
   * What the demo runs; a comparison given 0 is skipped. Checked when made, before anything starts.
   *
   * @param runs YCSB runs to take medians over
   * @param scanRows rows per schema of the scan comparison
   * @param compressionRows sensor rows per codec of the compression comparison
   * @param fastPathSeconds length of each run of the fast-path comparison
   * @param pcmRecords records of the PCM comparison's bulk load
   */
  record Settings(int runs, long scanRows, long compressionRows, int fastPathSeconds, long pcmRecords,
      Optional<Path> outDir) {
    Settings {
      if (scanRows != 0 && scanRows < ScanBenchmark.DEFAULT_SCAN_LENGTH) {
        throw new InvalidInputException("--scan-rows must be 0 (no scan comparison) or at least "
            + ScanBenchmark.DEFAULT_SCAN_LENGTH + " (the rows of one scan), was " + scanRows);
      }
      if (compressionRows != 0 && compressionRows < MIN_COMPRESSION_ROWS) {
        throw new InvalidInputException("--compression-rows must be 0 (no compression comparison) or at least "
            + MIN_COMPRESSION_ROWS + ", was " + compressionRows);
      }
      if (pcmRecords != 0 && pcmRecords < MIN_PCM_RECORDS) {
        throw new InvalidInputException("--pcm-records must be 0 (no PCM comparison) or at least " + MIN_PCM_RECORDS
            + ", was " + pcmRecords);
      }
      requireNonNull(outDir, "outDir is null");
    }
  }

  /** @param ycsb the YCSB mix, its client threads and the demo's cluster, each comparison's too */
  DemoRun(Settings settings, Optional<Path> conf, WorkloadOptions ycsb, PrintWriter out) {
    this.settings = requireNonNull(settings, "settings is null");
    this.conf = requireNonNull(conf, "conf is null");
    this.ycsb = requireNonNull(ycsb, "ycsb is null");
    this.out = requireNonNull(out, "out is null");
  }

  /** @return the exit code: a failure when any YCSB operation failed */
  int run() throws IOException {
    long start = System.nanoTime();
    BenchmarkReport baseline;
    FastPathProbe fastPath;
    Optional<BenchmarkReport> scan = Optional.empty();
    Optional<CompressionReport> compression = Optional.empty();
    Optional<BenchmarkReport> fastPathMicro = Optional.empty();
    Optional<PcmReport> pcm = Optional.empty();
    Path pcmDir;
    try (YcsbRunner runner = YcsbRunner.start("demo", conf, ycsb, true, settings.outDir(), out)) {
      Path dir = runner.workDir();
      baseline = baseline(runner, dir);
      fastPath = FastPathProbe.of(runner.cluster().target().connection());
      fastPath.whyNot().ifPresent(why -> out.println("the fast path's comparisons are skipped: " + why));
      if (settings.scanRows() > 0) {
        scan = Optional.of(scan(runner, fastPath.up(), dir));
      }
      if (settings.compressionRows() > 0) {
        compression = Optional.of(compression(runner, dir));
      }
      if (settings.fastPathSeconds() > 0 && fastPath.up()) {
        fastPathMicro = Optional.of(fastPath(runner, dir));
      }
      pcmDir = dir.resolve("pcm");
    }
    if (settings.pcmRecords() > 0 && conf.isEmpty()) {
      pcm = Optional.of(pcm(pcmDir));
    }
    out.println();
    out.println("HBase Turbo against plain HBase, each measured side by side in this demo (short runs; below 1:"
        + " fewer bytes, less CPU, smaller tables):");
    out.print(new DemoSummary().fastPathSkipped(fastPath.skipped()).scan(scan).compression(compression).pcm(pcm)
        .fastPath(fastPathMicro).render());
    out.printf("demo finished in %.0f s%n", (System.nanoTime() - start) / 1e9);
    out.flush();
    return baseline.anyFailed() ? TurboMain.EXIT_FAILURE : 0;
  }

  /** The YCSB mix on plain HBase: its report, JSON and charts. */
  private BenchmarkReport baseline(YcsbRunner runner, Path dir) throws IOException {
    PhaseResult load = runner.experiment().load(false);
    List<PhaseResult> results = runner.experiment().run(settings.runs(), false);
    BenchmarkReport report = runner.experiment().report(load, results);
    ReportOutput.write(out, "HBase Turbo demo: YCSB workload " + ycsb.workload
        + (settings.runs() == 1 ? ", one run" : ", medians of " + settings.runs() + " runs")
        + " (plain HBase baseline)", ReportTable.render(report), dir.resolve("report.json"), report,
        () -> BenchCharts.write(report, dir, report.benchmark()));
    out.println();
    return report;
  }

  /** One client count, one run: a glimpse; 'turbo bench scan' runs the paper's 2..24 clients, with medians. */
  private BenchmarkReport scan(YcsbRunner runner, boolean fastPathUp, Path dir) throws IOException {
    List<ScanVariant> variants = Arrays.stream(ScanVariant.values())
        .filter(variant -> fastPathUp || variant != ScanVariant.PREPARED_FASTPATH).toList();
    ScanBenchmark.Settings scan = new ScanBenchmark.Settings(List.of(ScanSchema.PAPER, ScanSchema.YCSB), variants,
        settings.scanRows(), ScanBenchmark.DEFAULT_SCAN_LENGTH, glimpse(runner).runSeconds(SCAN_RUN_SECONDS)
            .regions(ycsb.regions).build());
    ScanBenchmark benchmark = new ScanBenchmark(runner.cluster().target(), scan, dir.resolve("scan"), out);
    BenchmarkReport report = benchmark.run();
    benchmark.report(report, dir.resolve("scan.json"));
    out.println();
    return report;
  }

  /** After YCSB, on the same (by now warm) cluster: the compression paper's experiment at demo scale. */
  private CompressionReport compression(YcsbRunner runner, Path dir) throws IOException {
    CompressionBenchmark benchmark = new CompressionBenchmark(runner.cluster().target(),
        CompressionBenchmark.Settings.of(settings.compressionRows(), ycsb.threads, 1), dir.resolve("compression"),
        out);
    CompressionReport report = benchmark.run();
    benchmark.report(report, dir.resolve("compression.json"));
    out.println("(one run at demo scale, every codec measured after the client's warm-up reached a steady insert"
        + " rate: storage and block figures are stable; a codec compresses when its table is flushed, after its"
        + " inserts are timed, so insert rates differ by a single run's noise, some 20% on a shared machine;"
        + " 'turbo bench compression' rotates the order over runs and reports medians)");
    return report;
  }

  /** The paper's micro-benchmark at 1 KB, one run: 'turbo bench fastpath' runs every size, TCP and YCSB. */
  private BenchmarkReport fastPath(YcsbRunner runner, Path dir) throws IOException {
    out.println();
    FastPathBenchmark.Settings micro = new FastPathBenchmark.Settings(List.of(1024), List.of(),
        List.of(FastPathVariant.NATIVE, FastPathVariant.SHM), 1,
        RunPlan.builder().runs(1).runSeconds(settings.fastPathSeconds())
            .warmUp(YcsbWarmUp.operations(WARM_UP_OPERATIONS)).regions(1).build(), false);
    FastPathBenchmark benchmark = new FastPathBenchmark(runner.cluster().target(), micro, dir.resolve("fastpath"),
        out);
    BenchmarkReport report = benchmark.run();
    benchmark.report(report, dir.resolve("fastpath.json"));
    return report;
  }

  /**
   * After the demo's own cluster has stopped: a process cluster per variant, on HDFS where the demo's own ran on
   * it.
   */
  private PcmReport pcm(Path dir) throws IOException {
    out.println();
    out.printf("PCM: a bulk load of %,d records into a new table, under HBase's defaults and under the PCM-BL"
        + " policy, each on a fresh process cluster at the heap the policy gives%n", settings.pcmRecords());
    PcmBenchmark benchmark = new PcmBenchmark(PcmBenchmark.Settings.builder().records(settings.pcmRecords())
        .loadRecords(settings.pcmRecords()).runs(1).threads(ycsb.threads).classes(List.of(PcmWorkload.BL))
        .variants(List.of(PcmVariant.DEFAULTS, PcmVariant.PCM)).dataNodes(ycsb.embedded.dataNodes()).build(), dir,
        out);
    PcmReport report = benchmark.run();
    benchmark.report(report, dir.resolve("pcm.json"));
    // A calibration takes half an hour of the demo's 8 minutes: the demo runs the paper's policy and says how.
    out.println("PCM's policy here is the paper's. To measure the policies on this machine instead (30 minutes by"
        + " default, every class, the bulk load included): turbo tune calibrate --cluster processes --out DIR;"
        + " then turbo bench pcm --calibrated DIR/policies compares them with the paper's and HBase's defaults, and"
        + " turbo tune watch --policy DIR/policies applies them.");
    return report;
  }

  /** One run at the demo's client threads, on the YCSB mix's client host and link. */
  private RunPlan.Builder glimpse(YcsbRunner runner) {
    return RunPlan.builder().clients(List.of(ycsb.threads)).runs(1)
        .warmUp(YcsbWarmUp.operations(WARM_UP_OPERATIONS)).clientHost(runner.clientHost(), ycsb.link.name());
  }
}

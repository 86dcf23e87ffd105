package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.hbaseturbo.bench.BenchCharts;
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
import org.hbaseturbo.tune.policy.PolicyLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo demo}: the main job, end to end, with a readable report. */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = {"Start a local HBase (embedded unless --cluster processes; none with --conf), load a YCSB"
        + " dataset, run a short YCSB mix several times, and report medians: throughput, latency percentiles per"
        + " operation, bytes on the wire, and client and server CPU per operation. Then compare the native scan, gzip"
        + " RPC, the compact cell codec and Prepared Scan over RPC and over the fast path (turbo bench scan at demo"
        + " scale), the compression codecs on sensor data (turbo bench compression at demo scale), 1 KB Gets and"
        + " Puts over the fast path's shared memory against RPC (turbo bench fastpath at one size) and PCM's"
        + " bulk-load policy against HBase's defaults (turbo bench pcm at one class).",
        "The report is also written as JSON and PNG charts under --out. The baseline is plain HBase; later"
            + " Turbo capabilities add their comparison to it."})
final class DemoCommand implements Callable<Integer> {
  /** Rows per scan in the scan comparison: the paper's. */
  private static final int SCAN_LENGTH = 10;
  /** Each scan variant runs this long: a glimpse, one run per variant. */
  private static final int SCAN_RUN_SECONDS = 3;
  /** The least that the compression benchmark runs with. */
  private static final int MIN_COMPRESSION_ROWS = 100;
  /** The least that the PCM benchmark loads. */
  private static final int MIN_PCM_RECORDS = 1_000;

  @ParentCommand
  TurboMain main;

  @Spec
  CommandSpec spec;

  @Mixin
  WorkloadOptions options;

  @Range(min = 1, max = 100_000_000)
  @Option(names = "--records", paramLabel = "N", defaultValue = "20000",
      description = "Records to load (1 to 100,000,000; default: ${DEFAULT-VALUE}).")
  long records;

  @Range(min = 1, max = 100_000_000)
  @Option(names = "--operations", paramLabel = "N", defaultValue = "20000",
      description = "Operations per run (1 to 100,000,000; default: ${DEFAULT-VALUE}).")
  long operations;

  @Mixin
  RunOptions runs = new RunOptions(3);

  @Range(min = 0, max = 100_000_000)
  @Option(names = "--compression-rows", paramLabel = "N", defaultValue = "5000",
      description = "Sensor rows per codec in the compression comparison; 0 skips it (0 to 100,000,000; default:"
          + " ${DEFAULT-VALUE}).")
  long compressionRows;

  @Range(min = 0, max = 100_000_000)
  @Option(names = "--scan-rows", paramLabel = "N", defaultValue = "10000",
      description = "Rows per schema in the scan comparison; 0 skips it (0 to 100,000,000; default:"
          + " ${DEFAULT-VALUE}).")
  long scanRows;

  @Range(min = 0, max = 100_000_000)
  @Option(names = "--pcm-records", paramLabel = "N", defaultValue = "100000",
      description = {"Records of the bulk load in the PCM comparison, which starts a process cluster of 2"
          + " RegionServers for HBase's defaults and another for the PCM-BL policy, each on an HDFS of its own where"
          + " the demo's cluster runs on one (--hdfs); 0 skips it, as does --conf (0 to"
          + " 100,000,000; default: ${DEFAULT-VALUE})."})
  long pcmRecords;

  @DurationRange(min = "0s", max = "1h")
  @Option(names = "--fastpath-time", paramLabel = "DURATION", defaultValue = "3s",
      converter = DurationArgument.Seconds.class,
      description = "Length of each run of the fast-path comparison (1 KB Gets and Puts of one record by one"
          + " client, native against shared memory); 0s skips it; a number alone is seconds (0s to 1h; default:"
          + " ${DEFAULT-VALUE}).")
  DurationArgument fastPathTime;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Where the report goes (default: turbo-out/demo-<time>).")
  Path outDir;

  @Override
  public Integer call() throws Exception {
    // The comparisons run after YCSB: their sizes are refused now rather than then.
    if (scanRows != 0 && scanRows < SCAN_LENGTH) {
      throw new InvalidInputException("--scan-rows must be 0 (no scan comparison) or at least " + SCAN_LENGTH
          + " (the rows of one scan), was " + scanRows);
    }
    if (compressionRows != 0 && compressionRows < MIN_COMPRESSION_ROWS) {
      throw new InvalidInputException("--compression-rows must be 0 (no compression comparison) or at least "
          + MIN_COMPRESSION_ROWS + ", was " + compressionRows);
    }
    if (pcmRecords != 0 && pcmRecords < MIN_PCM_RECORDS) {
      throw new InvalidInputException("--pcm-records must be 0 (no PCM comparison) or at least " + MIN_PCM_RECORDS
          + ", was " + pcmRecords);
    }
    long start = System.nanoTime();
    PrintWriter out = spec.commandLine().getOut();
    options.properties.putIfAbsent("recordcount", String.valueOf(records));
    options.properties.putIfAbsent("operationcount", String.valueOf(operations));
    BenchmarkReport report;
    Optional<BenchmarkReport> scanReport = Optional.empty();
    Optional<CompressionReport> compressionReport = Optional.empty();
    Optional<PcmReport> pcmReport = Optional.empty();
    Optional<BenchmarkReport> fastPathReport = Optional.empty();
    FastPathProbe fastPath;
    Path pcmDir;
    try (YcsbRunner runner = YcsbRunner.start("demo", main.conf(), options, true, Optional.ofNullable(outDir),
        out)) {
      Path dir = runner.workDir();
      PhaseResult load = runner.experiment().load(false);
      List<PhaseResult> results = runner.experiment().run(runs.runs, false);
      report = runner.experiment().report(load, results);
      out.println();
      out.println("HBase Turbo demo: YCSB workload " + options.workload
          + (runs.runs == 1 ? ", one run" : ", medians of " + runs.runs + " runs") + " (plain HBase baseline)");
      out.print(ReportTable.render(report));
      Path json = dir.resolve("report.json");
      report.writeJson(json);
      out.println("report: " + json);
      BenchCharts.write(report, dir, report.benchmark()).forEach(chart -> out.println("chart:  " + chart));
      out.println();
      fastPath = FastPathProbe.of(runner.cluster().target().connection());
      fastPath.whyNot().ifPresent(why -> out.println("the fast path's comparisons are skipped: " + why));
      if (scanRows > 0) {
        // One client count, one run: a glimpse; 'turbo bench scan' runs the paper's 2..24 clients, with medians.
        List<ScanVariant> variants = Arrays.stream(ScanVariant.values())
            .filter(variant -> fastPath.up() || variant != ScanVariant.PREPARED_FASTPATH).toList();
        ScanBenchmark.Settings scan = new ScanBenchmark.Settings(List.of(ScanSchema.PAPER, ScanSchema.YCSB),
            variants, scanRows, List.of(options.threads), SCAN_LENGTH, 1, SCAN_RUN_SECONDS, 500,
            options.regions, runner.clientHost(), options.link.name());
        scanReport = Optional.of(new ScanBenchmark(runner.cluster().target(), scan, dir.resolve("scan"), out).run());
        BenchScanCommand.report(scanReport.get(), dir.resolve("scan.json"), dir.resolve("scan"), out);
        out.println();
      }
      if (compressionRows > 0) {
        // After YCSB, on the same (by now warm) cluster: the compression paper's experiment at demo scale.
        CompressionReport compression = new CompressionBenchmark(runner.cluster().target(),
            BenchCommand.Compression.settings(compressionRows, options.threads, 1), dir.resolve("compression"), out)
            .run();
        BenchCommand.Compression.report(compression, dir, dir.resolve("compression.json"), out);
        compressionReport = Optional.of(compression);
        out.println("(one run at demo scale, every codec measured after the client's warm-up reached a steady insert"
            + " rate: storage and block figures are stable; a codec compresses when its table is flushed, after its"
            + " inserts are timed, so insert rates differ by a single run's noise, some 20% on a shared machine;"
            + " 'turbo bench compression' rotates the order over runs and reports medians)");
      }
      if (fastPathTime.seconds() > 0 && fastPath.up()) {
        // The paper's micro-benchmark at 1 KB, one run: 'turbo bench fastpath' runs every size, TCP and YCSB.
        out.println();
        FastPathBenchmark.Settings micro = new FastPathBenchmark.Settings(List.of(1024), List.of(),
            List.of(FastPathVariant.NATIVE, FastPathVariant.SHM), 1, List.of(1), 1, fastPathTime.seconds(),
            YcsbWarmUp.operations(500), 1, Optional.empty(), LinkOptions.loopback().name(), false);
        fastPathReport = Optional.of(new FastPathBenchmark(runner.cluster().target(), micro,
            dir.resolve("fastpath"), out).run());
        BenchFastPathCommand.report(fastPathReport.get(), dir.resolve("fastpath.json"), dir.resolve("fastpath"), out);
      }
      pcmDir = dir.resolve("pcm");
    }
    if (pcmRecords > 0 && main.conf().isEmpty()) {
      // After the demo's own cluster has stopped: the PCM comparison starts a process cluster per variant, on HDFS
      // where the demo's own ran on it.
      out.println();
      out.printf("PCM: a bulk load of %,d records into a new table, under HBase's defaults and under the PCM-BL"
          + " policy, each on a fresh process cluster at the heap the policy gives%n", pcmRecords);
      PcmBenchmark.Settings pcm = new PcmBenchmark.Settings(pcmRecords, pcmRecords, 10, 1, options.threads,
          List.of(PcmWorkload.BL), List.of(PcmVariant.DEFAULTS, PcmVariant.PCM), PolicyLoader.shipped(),
          Optional.empty(), Map.of(), Optional.empty(), options.embedded.dataNodes(), PcmBenchmark.WarmUp.DEFAULT);
      pcmReport = Optional.of(new PcmBenchmark(pcm, pcmDir, out).run());
      BenchPcmCommand.report(pcmReport.get(), pcmDir.resolve("pcm.json"), pcmDir, out);
    }
    out.println();
    out.println("HBase Turbo against plain HBase, each measured side by side in this demo (short runs; below 1:"
        + " fewer bytes, less CPU, smaller tables):");
    out.print(new DemoSummary().fastPathSkipped(fastPath.skipped()).scan(scanReport).compression(compressionReport)
        .pcm(pcmReport).fastPath(fastPathReport).render());
    out.printf("demo finished in %.0f s%n", (System.nanoTime() - start) / 1e9);
    out.flush();
    return report.results().stream().anyMatch(result -> result.failures() > 0) ? TurboMain.EXIT_FAILURE : 0;
  }
}

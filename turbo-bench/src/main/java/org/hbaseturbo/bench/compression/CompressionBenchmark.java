package org.hbaseturbo.bench.compression;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.hbaseturbo.advisor.CodecSpeed;
import org.hbaseturbo.advisor.WarmUp;
import org.hbaseturbo.bench.ReportOutput;
import org.hbaseturbo.bench.RunOrder;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.compress.CodecCheck;
import org.hbaseturbo.compress.TurboCodecs;
import org.hbaseturbo.jvm.ChildJvm;
import org.hbaseturbo.report.Environment;
import org.hbaseturbo.report.JsonFiles;
import org.hbaseturbo.report.Medians;

/**
 * The compression paper's experiment: sensor rows inserted as a stream of requests into one table per codec,
 * the storage they take, and full-table selects of 25%, 50% and 75% of them. Each run is a client JVM of its
 * own that measures every codec; codecs take turns going first, so that no codec always meets a cold cluster.
 */
public final class CompressionBenchmark {
  private static final String TABLE_PREFIX = "turbo_bench_compression_";
  /** Rows whose cells the codecs are measured on alone; 20,000 sensor rows are about 340,000 cells. */
  private static final long BLOCK_SAMPLE_ROWS = 20_000;
  /** HBase's default BLOCKSIZE, the one the benchmark's tables use. */
  private static final int BLOCK_SIZE = 64 * 1024;
  private static final int BLOCK_REPEATS = 5;
  /** The most rows a codec warms up on in {@link Settings#of}: enough for the JIT, at any --rows. */
  private static final long MAX_WARM_UP_ROWS = 5_000;
  /**
   * Warm-up passes each run's client makes at the least (CompressionBenchMain's warm-up, which goes on until its
   * insert rate is steady): the first pass of a new client JVM is the slowest by far, and one pass that happens to be
   * slower than the one before (a collection, a compaction) must not end the warm-up at once.
   */
  static final int CLIENT_WARM_UP_PASSES = 3;
  /** After this, no further warm-up pass starts: it bounds what a machine too busy for a steady rate adds. */
  static final Duration CLIENT_WARM_UP_LIMIT = Duration.ofSeconds(60);
  /**
   * HBase's own ZSTD codec (hbase-compression-zstd), native zstd through zstd-jni: what ZSTD costs where native
   * code is allowed. A reference for the pure-Java codec only; Turbo's server jar does not use it.
   */
  static final CodecSpeed.Subject ZSTD_JNI = new CodecSpeed.Subject("ZSTD-JNI", Algorithm.ZSTD,
      "org.apache.hadoop.hbase.io.compress.zstd.ZstdCodec");

  private final ClusterTarget target;
  private final Settings settings;
  private final Path workDir;
  private final PrintWriter progress;

  /**
   * @param rows rows per codec and run
   * @param threads client threads inserting
   * @param runs repeated runs, summarised by medians
   * @param warmUpRows rows each run inserts and selects with every codec, unmeasured, in each of its warm-up passes,
   *     at least {@link #CLIENT_WARM_UP_PASSES} and then until the insert rate is steady; 0 for no warm-up
   */
  public record Settings(long rows, int threads, int runs, List<Integer> selectPercents, long warmUpRows) {
    public Settings {
      if (rows < 100) {
        throw new InvalidInputException("rows must be at least 100, was " + rows);
      }
      if (threads < 1) {
        throw new InvalidInputException("threads must be at least 1, was " + threads);
      }
      if (runs < 1) {
        throw new InvalidInputException("runs must be at least 1, was " + runs);
      }
      selectPercents = List.copyOf(selectPercents);
    }

    /**
     * The benchmark's own settings for {@code rows}: selects of a quarter, half and three quarters of the rows, and
     * a warm-up of half the rows, at most 5,000, per codec. Without the warm-up, the first codecs of a run measured
     * the JIT warming up (inserts/s rose fivefold from the first codec to the last).
     */
    public static Settings of(long rows, int threads, int runs) {
      return new Settings(rows, threads, runs, List.of(25, 50, 75), Math.min(rows / 2, MAX_WARM_UP_ROWS));
    }
  }

  public CompressionBenchmark(ClusterTarget target, Settings settings, Path workDir, PrintWriter progress) {
    this.target = requireNonNull(target, "target is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.workDir = requireNonNull(workDir, "workDir is null");
    this.progress = requireNonNull(progress, "progress is null");
  }

  /** Prints the tables and writes the JSON report to {@code json} and the charts into the work directory. */
  public void report(CompressionReport report, Path json) throws IOException {
    ReportOutput.write(progress, "compression: " + report.parameters().get("rows") + " sensor rows per codec,"
        + " medians of " + report.parameters().get("runs") + " run(s)", CompressionTables.render(report), json,
        report, () -> CompressionCharts.write(report, workDir, "compression"));
  }

  public CompressionReport run() throws IOException {
    List<String> codecs = TurboCodecs.codecs().keySet().stream().map(Enum::name).toList();
    Map<String, List<CodecRun>> byCodec = new LinkedHashMap<>();
    codecs.forEach(codec -> byCodec.put(codec, new ArrayList<>()));
    Map<String, List<Double>> vsNone = new LinkedHashMap<>();
    for (int run = 1; run <= settings.runs(); run++) {
      List<String> order = RunOrder.of(codecs, run);
      progress.printf("compression run %d/%d: %,d sensor rows per codec, %d threads, codecs %s%n", run,
          settings.runs(), settings.rows(), settings.threads(), order);
      progress.flush();
      List<CodecRun> results = runClient(run, order);
      CodecRun none = results.stream().filter(r -> r.codec().equals("NONE")).findFirst().orElseThrow();
      for (CodecRun result : results) {
        byCodec.get(result.codec()).add(result);
        if (result.storage().fileBytes() != null && none.storage().fileBytes() != null) {
          vsNone.computeIfAbsent(result.codec(), key -> new ArrayList<>())
              .add((double) result.storage().fileBytes() / none.storage().fileBytes());
        }
      }
    }
    Map<String, CodecSpeed> blocks = measureBlocks(codecs);
    List<CodecResult> summary = new ArrayList<>();
    byCodec.forEach((codec, runs) -> summary.add(summarize(codec, runs, vsNone.get(codec), settings.threads(),
        blocks.get(codec))));
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("rows", settings.rows());
    parameters.put("threads", settings.threads());
    parameters.put("runs", settings.runs());
    parameters.put("select_percents", settings.selectPercents());
    parameters.put("warmup_rows", settings.warmUpRows());
    parameters.put("warmup", "each run's client first inserts, flushes and selects warmup_rows rows with every codec,"
        + " in passes over all of them, at least " + CLIENT_WARM_UP_PASSES + " and then until a pass"
        + " inserts less than " + Math.round(100 * CompressionBenchMain.STEADY) + "% faster than the one before (no"
        + " pass starts after "
        + CLIENT_WARM_UP_LIMIT.toSeconds() + " s), before measuring any");
    parameters.put("block_passes", BLOCK_REPEATS + " timed, after untimed ones (" + WarmUp.DEFAULT.description()
        + "); speeds the median");
    parameters.put("schema", "house:mac,datetime ch:1..3 readings:temp,gas app:1..10; 3 versions");
    parameters.put("cluster", target.description());
    return new CompressionReport("compression", Environment.machine(), Environment.versions(target.hbaseVersion()),
        parameters, summary, blocks.values().stream().filter(speed -> !codecs.contains(speed.codec())).toList());
  }

  private List<CodecRun> runClient(int run, List<String> order) throws IOException {
    Path dir = workDir.resolve("run-" + run);
    Files.createDirectories(dir);
    Path settingsFile = dir.resolve("settings.json");
    Path resultFile = dir.resolve("results.json");
    Files.deleteIfExists(resultFile);
    JsonFiles.write(settingsFile, new CompressionBenchMain.Settings(target.clientConfDir().toAbsolutePath().toString(),
        TABLE_PREFIX, order, settings.rows(), settings.threads(), settings.selectPercents(), settings.warmUpRows(),
        CLIENT_WARM_UP_PASSES, CLIENT_WARM_UP_LIMIT.toMillis()));
    int exit = ChildJvm.run(CompressionBenchMain.class, List.of(settingsFile.toString(), resultFile.toString()));
    if (exit != 0 || !Files.exists(resultFile)) {
      throw new IOException("compression run " + run + " failed (exit code " + exit + "); its output above says why");
    }
    return JsonFiles.read(resultFile, CompressionBenchMain.Results.class).runs();
  }

  /**
   * Each codec alone on the sensor rows: the cells in 64 KiB blocks as HBase's writer cuts them, compressed and
   * decompressed through HBase's compression API in this JVM, side by side. The ratio and speeds that the
   * cluster figures contain, without the rest of HBase around them; and {@link #ZSTD_JNI} as a reference.
   */
  private Map<String, CodecSpeed> measureBlocks(List<String> codecs) throws IOException {
    long rows = Math.min(settings.rows(), BLOCK_SAMPLE_ROWS);
    List<Cell> cells = new ArrayList<>();
    for (long i = 0; i < rows; i++) {
      SensorRows.row(i).getFamilyCellMap().values().forEach(cells::addAll);
    }
    cells.sort(CellComparator.getInstance());
    List<CodecSpeed.Subject> subjects = new ArrayList<>(codecs.stream()
        .map(codec -> CodecSpeed.Subject.turbo(Algorithm.valueOf(codec))).toList());
    CodecCheck.Result jni = ZSTD_JNI.check();
    if (jni.works()) {
      subjects.add(ZSTD_JNI);
    } else {
      progress.printf("%s left out: it does not work here (%s)%n", ZSTD_JNI.name(), jni.error());
    }
    progress.printf("measuring each codec alone on the cells of %,d rows (blocks of 64 KiB), side by side:"
        + " untimed passes (%s), then %d timed ...%n", rows, WarmUp.DEFAULT.description(), BLOCK_REPEATS);
    progress.flush();
    // The codecs are switched in this JVM, which an embedded cluster shares; its tables are gone by now.
    return CodecSpeed.measure(cells, BLOCK_SIZE, subjects, BLOCK_REPEATS, WarmUp.DEFAULT);
  }

  private static CodecResult summarize(String codec, List<CodecRun> runs, List<Double> vsNone, int threads,
      CodecSpeed blocks) {
    boolean serverKnown = runs.stream().allMatch(run -> run.insertServer() != null);
    boolean bytesKnown = runs.stream().allMatch(run -> run.storage().fileBytes() != null);
    Map<String, Double> selectSeconds = new TreeMap<>();
    Map<String, Double> selectServerCpu = new TreeMap<>();
    for (int i = 0; i < runs.get(0).selects().size(); i++) {
      int index = i;
      String key = runs.get(0).selects().get(i).percent() + "%";
      selectSeconds.put(key, Medians.of(runs, run -> run.selects().get(index).seconds()));
      if (runs.stream().allMatch(run -> run.selects().get(index).serverCpuNanos() != null)) {
        selectServerCpu.put(key, Medians.of(runs, run -> run.selects().get(index).serverCpuNanos() / 1e9));
      }
    }
    return new CodecResult(codec, threads, Medians.of(runs, CodecRun::insertRequestsPerSecond),
        new Latency(Medians.of(runs, run -> run.insertLatencyUs().p50()),
            Medians.of(runs, run -> run.insertLatencyUs().p95()), Medians.of(runs, run -> run.insertLatencyUs().p99())),
        "INSERT", serverKnown ? Medians.of(runs, run -> (double) run.insertServer().rpcBytes() / run.rows()) : null,
        Medians.of(runs, run -> run.insertClientCpuNanos() / 1e3 / run.rows()),
        serverKnown ? Medians.of(runs, run -> run.insertServer().cpuNanos() / 1e3 / run.rows()) : null,
        runs.size(), runs.get(0).rows(),
        bytesKnown ? (long) Medians.of(runs, run -> run.storage().fileBytes()) : null,
        Medians.of(runs, run -> run.storage().reportedMegabytes()),
        vsNone == null ? null : Medians.of(vsNone, Double::doubleValue), selectSeconds, selectServerCpu, blocks);
  }

}

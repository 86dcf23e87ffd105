package org.hbaseturbo.bench.pcm;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.bench.ReportOutput;
import org.hbaseturbo.bench.RunOrder;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import org.hbaseturbo.bench.ycsb.ServerWarmUp;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
import org.hbaseturbo.bench.ycsb.YcsbPhase;
import org.hbaseturbo.bench.ycsb.YcsbSummary;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.cluster.HdfsCluster;
import org.hbaseturbo.cluster.ProcessClusterBuilder;
import org.hbaseturbo.cluster.regime.ServerConfinement;
import org.hbaseturbo.cluster.regime.ServerRegime;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.common.ProcessMemory;
import org.hbaseturbo.report.Environment;
import org.hbaseturbo.tune.AuditLog;
import org.hbaseturbo.tune.PolicyExecutor;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicyEnvironment;
import org.hbaseturbo.tune.policy.PolicyLoader;

/**
 * The PCM paper's Figure 5 at this machine's scale: each class under HBase's defaults (at 1 GB and at the policies'
 * heap, and again at the policies' heap as an A/A pair), under HBase's DefaultHeapMemoryTuner, under its PCM policy and
 * under its calibrated policy (the one {@code tune calibrate} measured best on this cluster), each variant on a process
 * cluster of its own, started on a copy of the same loaded data; then, optionally, the adaptivity run
 * ({@link AdaptivityRun}).
 *
 * <p>The variants are interleaved in rounds, as the other benchmarks interleave their runs: in each round every
 * variant's cluster starts in turn, runs every class once unmeasured and once measured, and stops. A slow spell of the
 * shared host then lands on one round of every variant rather than on every run of one, and round i of two variants
 * can be compared. Every variant's cluster runs the classes in the same order, each run for the same time. Writes are
 * buffered on the client (YCSB's HBase binding with {@code clientbuffering=true}, as the PCM paper's YCSB ran), for
 * every variant alike.
 */
public final class PcmBenchmark {
  /** The YCSB table the classes run on, loaded once and copied for each variant. */
  static final String TABLE = YcsbPhase.DEFAULT_TABLE;
  /** RegionServers of each cluster the benchmark starts, all on this host. */
  public static final int REGION_SERVERS = BenchCluster.REGION_SERVERS;
  /** Regions of the loaded table: two per RegionServer, so that both serve from the start under every variant. */
  static final int LOADED_REGIONS = 2 * BenchCluster.REGION_SERVERS;
  /**
   * What each measured run of a class does first, unmeasured.
   *
   * @param client what each run's client JVM does before it measures
   * @param serverRuns unmeasured runs of the class at most before its measured run, each as long as the measured one,
   *     until the servers' JIT is quiet ({@link ServerWarmUp})
   */
  public record WarmUp(YcsbWarmUp client, int serverRuns) {
    /**
     * 5,000 operations, then up to 10 s more while the client JVM's JIT compiles: with 500 operations and no wait
     * (until 2026-11-29), every measured RO-read run climbed from about 4,000 to 11,000 reads/s within its 10 s as its
     * client compiled. Two server runs: with 4, on 2026-11-29 (results/pcm/warmup-2026-11-29), the servers never went
     * quiet (115-777 ms of compiling a second per JVM in the fourth), and a cached RO-read kept climbing run after run
     * on a cluster that had just started (about 700, 1,200, 1,800, 2,600 reads/s, then 4,000 measured): no bound
     * within the benchmark's time reaches a steady state, and each run beyond the first adds 90 runs of --run-time
     * at the defaults. 2 halves the climb's steepest part.
     */
    public static final WarmUp DEFAULT = new WarmUp(new YcsbWarmUp(5_000, 10), 2);

    public WarmUp {
      requireNonNull(client, "client is null");
      if (serverRuns < 1) {
        throw new InvalidInputException("a class needs at least one unmeasured run before its measured one, not "
            + serverRuns);
      }
    }
  }

  /** The PCM paper's 1 GB RegionServer heap, HBase's defaults' variant. */
  static final String PAPER_HEAP = "1g";
  /** YCSB properties the benchmark sets for each phase: a user's value would change what a class is. */
  private static final List<String> OWNED_PROPERTIES = List.of("recordcount", "operationcount", "insertstart",
      "insertcount", "maxexecutiontime", PcmYcsb.TABLE_PROPERTY, "readproportion", "updateproportion",
      "scanproportion", "insertproportion", "readmodifywriteproportion", "clientbuffering");

  /**
   * @param records records loaded once for the run classes
   * @param loadRecords records each bulk-load run inserts
   * @param runSeconds how long each run of a run class lasts (YCSB's maxexecutiontime)
   * @param variants what each class runs under, each on a cluster of its own
   * @param policies the policy of each class, shipped or the user's
   * @param calibrated the calibrated policy of each class that has one ({@code tune calibrate}'s files), for the
   *     calibrated variant, which needs one for every class measured
   * @param ycsbProperties YCSB properties for every phase (the request distribution, field sizes), under the
   *     classes' mixes and the benchmark's own counts, which they may not name
   * @param node each RegionServer's node where they run confined ({@code --regime disk}); none where they share
   *     this host
   * @param dataNodes where each cluster keeps HBase's root on an HDFS of its own ({@code --hdfs}), its DataNodes;
   *     none where on this host's file system
   * @param warmUp what each measured run of a class does first
   */
  public record Settings(long records, long loadRecords, int runSeconds, int runs, int threads,
      List<PcmWorkload> classes, List<PcmVariant> variants, Map<WorkloadClass, Policy> policies,
      Map<WorkloadClass, Policy> calibrated, Optional<AdaptivityRun.Settings> adaptivity,
      Map<String, String> ycsbProperties, Optional<ServerConfinement> node, OptionalInt dataNodes, WarmUp warmUp,
      boolean rewriteReadOnlyFiles) {
    public Settings {
      classes = List.copyOf(classes);
      variants = List.copyOf(variants);
      policies = Map.copyOf(policies);
      calibrated = Map.copyOf(calibrated);
      requireNonNull(adaptivity, "adaptivity is null");
      ycsbProperties = Map.copyOf(ycsbProperties);
      requireNonNull(node, "node is null");
      requireNonNull(dataNodes, "dataNodes is null");
      requireNonNull(warmUp, "warmUp is null");
      for (String owned : OWNED_PROPERTIES) {
        if (ycsbProperties.containsKey(owned)) {
          throw new InvalidInputException("-p " + owned + ": bench pcm sets it itself (each class's mix, --records,"
              + " --load-records, --run-time); give the properties of the requests and records only");
        }
      }
      if (classes.isEmpty() && adaptivity.isEmpty()) {
        throw new InvalidInputException("nothing to run: give at least one class, or the adaptivity run");
      }
      if (adaptivity.isPresent() && variants.stream().noneMatch(PcmVariant::appliesPolicies)) {
        throw new InvalidInputException("the adaptivity run watches the shifting mix with the policies of pcm or"
            + " calibrated against a dry run, and --variants " + String.join(",", variants.stream()
                .map(PcmVariant::userName).toList()) + " has neither: add pcm or calibrated, or give"
            + " --no-adaptivity");
      }
      if (rewriteReadOnlyFiles && (classes.stream().noneMatch(workload -> workload.workloadClass().readOnly())
          || variants.stream().noneMatch(PcmVariant::appliesPolicies))) {
        throw new InvalidInputException("--compact rewrites the files of a read-only class (RO-read, RO-scan) under"
            + " pcm or calibrated, and this run measures none: add one of each, or leave --compact out");
      }
      for (PcmWorkload workload : classes) {
        if (!policies.containsKey(workload.workloadClass())) {
          throw new InvalidInputException("no policy for class " + workload.workloadClass().label());
        }
        if (variants.contains(PcmVariant.CALIBRATED) && !calibrated.containsKey(workload.workloadClass())) {
          throw new InvalidInputException("no calibrated policy for class " + workload.label() + " in --calibrated ("
              + (calibrated.isEmpty() ? "none given" : "it has " + String.join(", ", calibrated.keySet().stream()
                  .map(WorkloadClass::label).toList())) + "): 'turbo tune calibrate --class " + workload.label()
              + "' writes one, or leave the class or the calibrated variant out");
        }
      }
      // Each value as YCSB takes it, and each heap within its node, before anything starts.
      PcmYcsb.ycsb(records, ycsbProperties, LOADED_REGIONS, threads, YcsbWarmUp.operations(0));
      for (PcmVariant variant : variants) {
        String heap = heap(variant, policies(variant, policies, calibrated), classes, node);
        node.ifPresent(confined -> confined.requireRoomFor(ProcessClusterBuilder.heapBytes(heap), "a heap of " + heap,
            "--node-memory"));
      }
    }

    /** The policies {@code variant} applies: the calibrated ones for the calibrated variant, else PCM's. */
    Map<WorkloadClass, Policy> policies(PcmVariant variant) {
      return policies(variant, policies, calibrated);
    }

    private static Map<WorkloadClass, Policy> policies(PcmVariant variant, Map<WorkloadClass, Policy> policies,
        Map<WorkloadClass, Policy> calibrated) {
      return variant == PcmVariant.CALIBRATED ? calibrated : policies;
    }

    /**
     * The adaptivity run's runs: the dry run, again as the A/A pair where the variants have it, PCM's loop with
     * PCM's policies where they have pcm and, where they have calibrated, PCM's loop as {@code tune watch --policy
     * DIR} runs it, with the calibrated policy of each class that has one and PCM's for the rest.
     */
    List<AdaptivityRun.Watched> watched() {
      List<AdaptivityRun.Watched> watched = new ArrayList<>(List.of(new AdaptivityRun.Watched(PcmVariant.DEFAULTS,
          policies)));
      if (variants.contains(PcmVariant.DEFAULTS_AGAIN)) {
        watched.add(new AdaptivityRun.Watched(PcmVariant.DEFAULTS_AGAIN, policies));
      }
      if (variants.contains(PcmVariant.PCM)) {
        watched.add(new AdaptivityRun.Watched(PcmVariant.PCM, policies));
      }
      if (variants.contains(PcmVariant.CALIBRATED)) {
        Map<WorkloadClass, Policy> overlaid = new EnumMap<>(policies);
        overlaid.putAll(calibrated);
        watched.add(new AdaptivityRun.Watched(PcmVariant.CALIBRATED, overlaid));
      }
      return watched;
    }

    /** YCSB settings over the base workload, with buffered writes, for these settings. */
    YcsbExperiment.Settings ycsb(long records, Map<String, String> overrides, int regions) {
      return PcmYcsb.ycsb(records, ycsbProperties, overrides, regions, threads, warmUp.client());
    }

    /** The RegionServers' heap under {@code variant}. */
    String heap(PcmVariant variant) {
      return heap(variant, policies(variant), classes, node);
    }

    /**
     * The paper's 1 GB for "defaults 1g", else the largest heap {@code policies} give the classes measured: PCM's for
     * the stock variants, which compare at PCM's heap.
     */
    private static String heap(PcmVariant variant, Map<WorkloadClass, Policy> policies, List<PcmWorkload> classes,
        Optional<ServerConfinement> node) {
      return variant == PcmVariant.DEFAULTS_1G ? PAPER_HEAP : policyHeap(policies, classes, node);
    }

    /**
     * Every class under every variant but the calibrated one, on this host, with the shipped policies; no adaptivity
     * run.
     */
    public static Builder builder() {
      return new Builder();
    }
  }

  /** Builds {@link Settings}; what is not set keeps its named default. */
  public static final class Builder {
    public static final long DEFAULT_RECORDS = 500_000;
    public static final long DEFAULT_LOAD_RECORDS = 100_000;
    public static final int DEFAULT_RUN_SECONDS = 10;
    public static final int DEFAULT_RUNS = 3;
    public static final int DEFAULT_THREADS = 4;

    private long records = DEFAULT_RECORDS;
    private long loadRecords = DEFAULT_LOAD_RECORDS;
    private int runSeconds = DEFAULT_RUN_SECONDS;
    private int runs = DEFAULT_RUNS;
    private int threads = DEFAULT_THREADS;
    private List<PcmWorkload> classes = List.of(PcmWorkload.values());
    private List<PcmVariant> variants = PcmVariant.WITHOUT_CALIBRATION;
    private Map<WorkloadClass, Policy> policies = PolicyLoader.shipped();
    private Map<WorkloadClass, Policy> calibrated = Map.of();
    private Optional<AdaptivityRun.Settings> adaptivity = Optional.empty();
    private Map<String, String> ycsbProperties = Map.of();
    private Optional<ServerConfinement> node = Optional.empty();
    private OptionalInt dataNodes = OptionalInt.empty();
    private WarmUp warmUp = WarmUp.DEFAULT;
    private boolean rewriteReadOnlyFiles;

    private Builder() {
    }

    public Builder records(long records) {
      this.records = records;
      return this;
    }

    public Builder loadRecords(long loadRecords) {
      this.loadRecords = loadRecords;
      return this;
    }

    public Builder runSeconds(int runSeconds) {
      this.runSeconds = runSeconds;
      return this;
    }

    public Builder runs(int runs) {
      this.runs = runs;
      return this;
    }

    public Builder threads(int threads) {
      this.threads = threads;
      return this;
    }

    public Builder classes(List<PcmWorkload> classes) {
      this.classes = classes;
      return this;
    }

    public Builder variants(List<PcmVariant> variants) {
      this.variants = variants;
      return this;
    }

    public Builder policies(Map<WorkloadClass, Policy> policies) {
      this.policies = policies;
      return this;
    }

    public Builder calibrated(Map<WorkloadClass, Policy> calibrated) {
      this.calibrated = calibrated;
      return this;
    }

    public Builder adaptivity(Optional<AdaptivityRun.Settings> adaptivity) {
      this.adaptivity = adaptivity;
      return this;
    }

    public Builder ycsbProperties(Map<String, String> ycsbProperties) {
      this.ycsbProperties = ycsbProperties;
      return this;
    }

    public Builder node(Optional<ServerConfinement> node) {
      this.node = node;
      return this;
    }

    public Builder dataNodes(OptionalInt dataNodes) {
      this.dataNodes = dataNodes;
      return this;
    }

    public Builder warmUp(WarmUp warmUp) {
      this.warmUp = warmUp;
      return this;
    }

    /**
     * Applies a read-only class's policy as {@code tune apply --compact} does: its regions reopen and a major
     * compaction rewrites the table's files with the policy's values before the class's warm-up; without, the files
     * stay as loaded, as under {@code tune watch}, and the policy's block size, encoding and codec never reach them.
     */
    public Builder rewriteReadOnlyFiles(boolean rewriteReadOnlyFiles) {
      this.rewriteReadOnlyFiles = rewriteReadOnlyFiles;
      return this;
    }

    public Settings build() {
      return new Settings(records, loadRecords, runSeconds, runs, threads, classes, variants, policies, calibrated,
          adaptivity, ycsbProperties, node, dataNodes, warmUp, rewriteReadOnlyFiles);
    }
  }

  private final Settings settings;
  private final Path workDir;
  private final PrintWriter out;

  public PcmBenchmark(Settings settings, Path workDir, PrintWriter out) {
    this.settings = requireNonNull(settings, "settings is null");
    this.workDir = requireNonNull(workDir, "workDir is null");
    this.out = requireNonNull(out, "out is null");
  }

  /** Prints the tables and writes the JSON report to {@code json} and the charts into the work directory. */
  public void report(PcmReport report, Path json) throws IOException {
    ReportOutput.write(out, "pcm: " + report.parameters().get("records") + " records, "
        + report.parameters().get("runs") + " rounds, each class measured once a round under each variant (medians),"
        + " writes buffered on the client, regime " + report.parameters().get("regime") + ", storage: "
        + report.parameters().get("storage"), PcmTables.render(report), json, report,
        () -> PcmCharts.write(report, workDir, "pcm"));
  }

  public PcmReport run() throws IOException {
    String heap = settings.heap(PcmVariant.PCM);
    PolicyEnvironment environment = environment(settings.node());
    out.printf("the policies give each RegionServer a heap of %s (of %.1f GiB, shared by %d RegionServer%s)%n",
        heap, environment.ramGb(), environment.regionServersPerHost(),
        environment.regionServersPerHost() == 1 ? "" : "s");
    List<PcmWorkload> runClasses = settings.classes().stream().filter(w -> !w.isLoad()).toList();
    Optional<Path> seed = runClasses.isEmpty() ? Optional.empty() : Optional.of(seed());
    Map<PcmVariant, Map<PcmWorkload, ClassRuns>> measured = new LinkedHashMap<>();
    String hbaseVersion = "";
    for (int round = 1; round <= settings.runs() && !settings.classes().isEmpty(); round++) {
      List<PcmVariant> order = RunOrder.of(settings.variants(), round);
      for (int turn = 0; turn < order.size(); turn++) {
        PcmVariant variant = order.get(turn);
        out.printf("%nround %d of %d, variant %d of %d, %s: %s%n", round, settings.runs(), turn + 1, order.size(),
            variant.label(), variant.meaning());
        out.flush();
        Path dir = workDir.resolve(variant.userName());
        Path data = dir.resolve("data");
        if (round == 1) {
          DataDirs.replace(data, seed);
        }
        Map<PcmWorkload, ClassRuns> classes = measured.computeIfAbsent(variant, v -> new LinkedHashMap<>());
        try (BenchCluster cluster = BenchCluster.start(data, settings.heap(variant), variant.site(), settings.node(),
            settings.dataNodes(), dir, out)) {
          hbaseVersion = cluster.target().hbaseVersion();
          // Online only, as 'tune watch' switches: a restart between classes would flush every region and empty
          // the caches, which no adaptive system would do for the lower memstore mark, the one such setting here.
          PolicyExecutor executor = new PolicyExecutor(cluster.connection(),
              new AuditLog(dir.resolve("audit.jsonl")), Optional.of(cluster.serverControl()), false);
          for (PcmWorkload workload : settings.classes()) {
            ClassRun run = new ClassRun(settings, cluster, variant, workload, round,
                dir.resolve(workload.label()).resolve("round-" + round),
                variant.appliesPolicies() ? Optional.of(executor) : Optional.empty(), out);
            classes.computeIfAbsent(workload, w -> new ClassRuns()).add(workload.isLoad() ? run.load() : run.run());
          }
        }
      }
    }
    List<ClassResult> results = new ArrayList<>();
    for (Map.Entry<PcmVariant, Map<PcmWorkload, ClassRuns>> variant : measured.entrySet()) {
      variant.getValue().forEach((workload, runs) -> results.add(runs.result(workload, variant.getKey())));
      DataDirs.release(workDir.resolve(variant.getKey().userName()).resolve("data"));
    }
    if (seed.isPresent()) {
      DataDirs.release(seed.get());
    }
    AdaptivityResult adaptivity = null;
    if (settings.adaptivity().isPresent()) {
      AdaptivityRun run = new AdaptivityRun(settings.adaptivity().get(), new AdaptivityRun.Warming(
          settings.warmUp().serverRuns(), settings.runSeconds()), settings.watched(), settings.runs(),
          settings.threads(), heap, settings.ycsbProperties(), settings.node(), settings.dataNodes(),
          workDir.resolve("adaptivity"), out);
      adaptivity = run.run();
      hbaseVersion = run.hbaseVersion();
    }
    return new PcmReport("pcm", Environment.machine(), Environment.versions(hbaseVersion), parameters(heap), results,
        adaptivity);
  }

  /**
   * The heap the policies give on the RegionServers' hosts: the largest of the classes', in MiB, as a JVM option
   * takes it.
   */
  private static String policyHeap(Map<WorkloadClass, Policy> policies, List<PcmWorkload> classes,
      Optional<ServerConfinement> node) {
    PolicyEnvironment environment = environment(node);
    long bytes = classes.stream().mapToLong(w -> policies.get(w.workloadClass()).evaluate(environment).heapBytes())
        .max().orElseGet(() -> policies.get(WorkloadClass.BL).evaluate(environment).heapBytes());
    return (bytes >> 20) + "m";
  }

  /**
   * The RegionServers' hosts as the policies see them: this host, which all of them share, or each one's node where
   * they run confined. Sized for an empty table: the policies' heap and pre-split do not depend on the data.
   */
  static PolicyEnvironment environment(Optional<ServerConfinement> node) {
    return node.map(confined -> new PolicyEnvironment(confined.memoryBytes() / (double) (1L << 30),
        BenchCluster.REGION_SERVERS, 1, 0, 1))
        .orElseGet(() -> new PolicyEnvironment(ProcessMemory.hostBytes() / (double) (1L << 30),
            BenchCluster.REGION_SERVERS, BenchCluster.REGION_SERVERS, 0, 1));
  }

  /**
   * Loads the records once, with HBase's defaults, flushes and major-compacts them (the state a loaded table
   * settles in), and stops the cluster: every variant starts on a copy of this directory.
   *
   * <p>Its RegionServers run unconfined in either regime: nothing of the seed is measured, and at a node's disk rates
   * the major compaction of several GB alone would take longer than the whole benchmark (it did not end within 10
   * minutes for 3 million records of 1 KB).
   */
  private Path seed() throws IOException {
    Path dir = workDir.resolve("loaded");
    Path data = dir.resolve("data");
    out.printf("%nloading %,d records once, for every variant's copy%n", settings.records());
    DataDirs.replace(data, Optional.empty());
    try (BenchCluster cluster = BenchCluster.start(data, PAPER_HEAP, Map.of(), Optional.empty(),
        settings.dataNodes(), dir, out)) {
      PcmYcsb.loadAndCompact(cluster.target(),
          settings.ycsb(settings.records(), Map.of(PcmYcsb.TABLE_PROPERTY, TABLE), LOADED_REGIONS),
          TableName.valueOf(TABLE), dir.resolve("ycsb"), out, "the load of the records every variant runs on");
    }
    return data;
  }

  private Map<String, Object> parameters(String heap) {
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("records", settings.records());
    parameters.put("load_records", settings.loadRecords());
    parameters.put("run_seconds", settings.runSeconds());
    parameters.put("runs", settings.runs());
    parameters.put("run_order", "rounds: in round i, each variant's cluster in turn (the variants' order turned by"
        + " i - 1) starts on its own copy of the loaded data (kept from round to round), runs every class once"
        + " unmeasured and once measured, each after the class's policy under PCM and calibrated, and stops");
    parameters.put("threads", settings.threads());
    parameters.putAll(settings.warmUp().client().reportParameters());
    parameters.put("warmup_server_runs_at_most", settings.warmUp().serverRuns());
    parameters.put("regime", settings.node().isPresent() ? ServerRegime.disk.name() : ServerRegime.cache.name());
    settings.node().ifPresent(node -> {
      parameters.put("node_memory_bytes", node.memoryBytes());
      node.disk().ifPresent(disk -> {
        parameters.put("node_disk_bytes_per_second", disk.bytesPerSecond());
        parameters.put("node_disk_operations_per_second", disk.operationsPerSecond());
      });
      parameters.put("node_confinement", "cgroup v1 memory (page cache included, no swap) and block I/O groups,"
          + " one per RegionServer");
    });
    parameters.put("storage", storage(settings.dataNodes()));
    parameters.put("ycsb_properties", new TreeMap<>(settings.ycsbProperties()));
    parameters.put("classes", settings.classes().stream().map(PcmWorkload::label).toList());
    parameters.put("regionservers", BenchCluster.REGION_SERVERS);
    parameters.put("paper_heap", PAPER_HEAP);
    parameters.put("policy_heap", heap);
    parameters.put("loaded_table_regions", LOADED_REGIONS);
    parameters.put("writes", "buffered on the client (clientbuffering=true), for every variant");
    parameters.put("read_only_classes_files", settings.rewriteReadOnlyFiles()
        ? "rewritten with each read-only class's policy by a major compaction before its warm-up (--compact, as"
            + " tune apply --compact)"
        : "as loaded and major-compacted: a read-only class's block size, encoding and codec never reach them, as"
            + " under tune watch");
    parameters.put("ycsb_base_workload", PcmYcsb.BASE_WORKLOAD + " (zipfian requests, 10 fields of 100 bytes)");
    Map<String, String> variants = new LinkedHashMap<>();
    for (PcmVariant variant : settings.variants()) {
      variants.put(variant.label(), variant.meaning());
    }
    parameters.put("variants", variants);
    parameters.put("hbase_tuner_settings", new TreeMap<>(PcmVariant.HBASE_TUNER_SETTINGS));
    parameters.put("pcm_tuner_settings", new TreeMap<>(PcmVariant.PCM_TUNER_SETTINGS));
    Map<String, String> policies = new LinkedHashMap<>();
    settings.policies().forEach((c, p) -> policies.put(c.label(), p.file()));
    parameters.put("policies", new TreeMap<>(policies));
    if (settings.variants().contains(PcmVariant.CALIBRATED)) {
      Map<String, String> calibrated = new TreeMap<>();
      settings.calibrated().forEach((c, p) -> calibrated.put(c.label(), p.file() + " (" + p.source() + ")"));
      parameters.put("calibrated_policies", calibrated);
      parameters.put("calibrated_heap", settings.heap(PcmVariant.CALIBRATED));
    }
    settings.adaptivity().ifPresent(a -> parameters.put("adaptivity", a));
    return parameters;
  }

  /**
   * Where every cluster of the run keeps HBase's data: this host's file system, or an HDFS of its own (each cluster
   * one, under its data directory) with its DataNodes and their replication.
   */
  static String storage(OptionalInt dataNodes) {
    if (dataNodes.isEmpty()) {
      return "local file system";
    }
    int count = dataNodes.getAsInt();
    return "HDFS, " + count + " DataNode" + (count == 1 ? "" : "s") + ", replication "
        + Math.min(HdfsCluster.MAX_REPLICATION, count);
  }

  /** A class's measured runs under one variant, one a round, and what the servers did over them. */
  private static final class ClassRuns {
    private final List<PhaseResult> runs = new ArrayList<>();
    private final List<ServerWarmUp.Outcome> warmUps = new ArrayList<>();
    private final List<ServerActivity> activities = new ArrayList<>();
    private ServerActivity activity;
    private List<String> applied = List.of();

    void add(ClassRun.Measured round) {
      runs.add(round.run());
      round.warmUp().ifPresent(warmUps::add);
      activities.add(round.activity());
      activity = activity == null ? round.activity() : activity.then(round.activity());
      applied = round.applied();
    }

    /** Medians over the rounds, their runs kept in round order so that round i of two variants pair up. */
    ClassResult result(PcmWorkload workload, PcmVariant variant) {
      return new ClassResult(workload.label(), variant.label(), YcsbSummary.summarize(variant.label(), runs),
          activity, activities, applied, new ClassResult.ServerJit(warmUps,
              runs.stream().map(ServerWarmUp::compileMsPerSecond).toList()));
    }
  }

}

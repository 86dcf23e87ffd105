package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.bench.RunOrder;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import org.hbaseturbo.bench.ycsb.ServerWarmUp;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
import org.hbaseturbo.bench.ycsb.YcsbPhase;
import org.hbaseturbo.bench.ycsb.YcsbTable;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.client.stats.RegionServerState;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.cluster.regime.ServerConfinement;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.tune.AuditLog;
import org.hbaseturbo.tune.ClassTracker;
import org.hbaseturbo.tune.PolicyExecutor;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.WorkloadWatcher;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicySetting;

/**
 * The adaptivity run: one YCSB workload whose mix shifts (a load of a fixed count into an empty table, then point
 * reads, then scans, then a 50/50 mix of reads and updates, each for a fixed time; or each until the watch takes its
 * class), under
 * PCM's loop ({@link WorkloadWatcher}, as {@code tune watch} runs it: online changes only), against the same run
 * watched as a dry run, which changes nothing. PCM's loop runs with the paper's policies and, when there are
 * calibrated ones, again with those, as {@code tune watch --policy DIR} runs them: the calibrated policy of each
 * class that has one, the paper's for the rest. Every run is on a fresh cluster at the policies' heap, starting from
 * HBase's defaults, its servers warmed up first on a table of their own ({@link Warming}).
 *
 * <p>One run of the mix strays from another of the same settings by up to 30% a phase (2026-11-30), so every run is
 * made in each of a number of rounds, in turn, and each phase's ratio to the dry run is the median of round-by-round
 * ratios. A second dry run ({@code defaults again}), where asked for, is the A/A pair that shows that spread.
 */
public final class AdaptivityRun {
  /** The table the run loads and then reads. */
  static final String TABLE = "pcm_adapt";
  /**
   * @param loadRecords records the load inserts, however long that takes (with {@code untilSwitched}, the load goes
   *     on until the watch takes it instead): the same data for every run, so that each run's flushes and
   *     compactions fall at the same point of it. Loads ended by time alone (until 2026-12-05) inserted
   *     757,000-1,019,000 records, and the compactions their last flushes started ended anywhere from before the
   *     reads phase to 16 s into it, by the RegionServers' logs, in runs of the same settings, whose reads phases
   *     ranged 0.40x-1.50x of each other (results/pcm/adaptivity-rounds-2026-12-05). Loads of a count within their
   *     phase's time (until 2026-12-06) still ended by time where the host inserted slower: 795,516 of 1,000,000
   *     records on a host that loaded 20,000 a second (results/pcm/adaptivity-disk-nodes-2026-12-06)
   * @param phaseSeconds how long each phase after the load runs; with {@code untilSwitched}, each phase at most
   * @param periodSeconds the watch period
   * @param hold periods a new class must hold before its policy is applied
   * @param trialPeriods periods after a switch over which PCM judges it, and rolls it back if the phase ran slower
   *     (for the rest of the run); 0 keeps every switch
   * @param untilSwitched end each phase as soon as the watch took its class (its policy applied, or planned in the
   *     dry run): a check that PCM follows each shift, whatever the time that takes, rather than a measure over
   *     phases of one length
   */
  public record Settings(long loadRecords, int phaseSeconds, int periodSeconds, int hold, int trialPeriods,
      boolean untilSwitched) {
  }

  /**
   * How each run's servers are warmed up before the mix: on a table of their own, loaded with as many records as the
   * mix's load ({@link #MAX_RECORDS} at most), then runs of the phases' operations blended, until the servers' JIT is
   * quiet ({@link ServerWarmUp}); the table is dropped before the load. So every run starts on servers that have
   * compiled much of the paths its phases take, as a cluster that has served before has, with the block cache the
   * load leaves it. Fresh RegionServer JVMs compiled 237-268 ms/s each within the 40 s reads phase
   * (results/pcm/adaptivity-rounds-2026-12-05); after 2 warm-up runs of 10 s, which never left the JIT quiet (about
   * 330 ms/s in the last), 119-169 ms/s (results/pcm/adaptivity-fixed-load-2026-12-05).
   *
   * @param runs unmeasured runs at most
   * @param seconds each run's length
   */
  record Warming(int runs, int seconds) {
    /** The warm-up table. */
    static final String TABLE = "pcm_adapt_warm";
    /** Records of the warm-up table at most: enough for its runs to read store files as well as the memstore. */
    static final long MAX_RECORDS = 100_000;
  }

  /** A switch that would set again the values of a reverted trial of its class is not made within the run. */
  private static final Duration REVERT_HOLD = Duration.ofHours(24);

  /** Records a load that ends when the watch takes it may insert: more than it can in its time. */
  private static final long UNTIL_SWITCHED_LOAD = 100_000_000;

  /** The phases of the shifting mix. */
  private enum MixPhase {
    LOAD("load", WorkloadClass.BL, null),
    READS("reads", WorkloadClass.RO_READ, PcmWorkload.RO_READ),
    SCANS("scans", WorkloadClass.RO_SCAN, PcmWorkload.RO_SCAN),
    MIXED("50/50", WorkloadClass.MIX_RW, PcmWorkload.MIX_RW);

    private final String label;
    private final WorkloadClass workloadClass;
    private final PcmWorkload mix;

    MixPhase(String label, WorkloadClass workloadClass, PcmWorkload mix) {
      this.label = label;
      this.workloadClass = workloadClass;
      this.mix = mix;
    }
  }

  /** The servers' warm-up's mix: the operations of the phases after the load, in equal shares. */
  private static final Map<String, String> WARM_MIX = PcmWorkload.blend(Arrays.stream(MixPhase.values())
      .map(phase -> phase.mix).filter(Objects::nonNull).toList());

  /**
   * One run of the shifting mix: the variant it is named after ({@code defaults} and {@code defaults again}: dry
   * runs) and the policies the watch applies, or plans in a dry run.
   */
  record Watched(PcmVariant variant, Map<WorkloadClass, Policy> policies) {
    Watched {
      policies = Map.copyOf(policies);
    }

    boolean applying() {
      return variant.appliesPolicies();
    }
  }

  private final Settings settings;
  private final Warming warming;
  /** The dry run first: each phase of the others is compared with its, round by round. */
  private final List<Watched> watched;
  private final int rounds;
  private final int threads;
  private final String heap;
  private final Map<String, String> ycsbProperties;
  private final Optional<ServerConfinement> node;
  private final OptionalInt dataNodes;
  private final Path workDir;
  private final PrintWriter out;
  /** The RegionServers' HBase version, once a run has started them. */
  private String hbaseVersion = "";

  /**
   * @param watched the runs, the dry run first
   * @param rounds how many times each run is made, all of them in turn each round (the order turned by one from
   *     round to round), so that each ratio to the dry run is a median of rounds with a spread beside it
   */
  AdaptivityRun(Settings settings, Warming warming, List<Watched> watched, int rounds, int threads, String heap,
      Map<String, String> ycsbProperties, Optional<ServerConfinement> node, OptionalInt dataNodes, Path workDir,
      PrintWriter out) {
    if (watched.isEmpty() || watched.get(0).applying()) {
      throw new IllegalArgumentException("the adaptivity run starts with its dry run: " + watched);
    }
    this.settings = settings;
    this.warming = warming;
    this.watched = List.copyOf(watched);
    this.rounds = rounds;
    this.threads = threads;
    this.heap = heap;
    this.ycsbProperties = ycsbProperties;
    this.node = node;
    this.dataNodes = dataNodes;
    this.workDir = workDir;
    this.out = out;
  }

  AdaptivityResult run() throws IOException {
    out.printf("%nadaptivity: %s, then reads, scans, 50/50, %s%d s each, watched every %d s (a new class holds %d"
        + " periods)%n", settings.untilSwitched() ? "a load" : String.format("a load of %,d records",
        settings.loadRecords()), settings.untilSwitched() ? "until the watch takes its class,"
        + " at most " : "", settings.phaseSeconds(), settings.periodSeconds(), settings.hold());
    List<AdaptivityResult.Run> runs = new ArrayList<>();
    RunOrder.interleaved(watched, rounds, this::runOnce).values().forEach(runs::addAll);
    Map<String, String> parameters = new TreeMap<>(PcmVariant.PCM_TUNER_SETTINGS);
    parameters.put("rounds", Integer.toString(rounds));
    parameters.put("load_records", settings.untilSwitched() ? "until the watch takes it"
        : Long.toString(settings.loadRecords()));
    parameters.put("phase_seconds", Integer.toString(settings.phaseSeconds()));
    parameters.put("period_seconds", Integer.toString(settings.periodSeconds()));
    parameters.put("hold_periods", Integer.toString(settings.hold()));
    parameters.put("trial_periods", Integer.toString(settings.trialPeriods()));
    parameters.put("phase_until_switched", Boolean.toString(settings.untilSwitched()));
    parameters.put("heap", heap);
    parameters.put("server_warmup", String.format("%,d records on a table of their own, then runs of %d s of the"
        + " phases' operations blended (reads %.2f, updates %.2f, scans %.2f), until the servers' JIT is quiet, at"
        + " most %d", warmUpRecords(), warming.seconds(), share("readproportion"), share("updateproportion"),
        share("scanproportion"), warming.runs()));
    for (Watched run : watched.subList(1, watched.size())) {
      // Which file each class's policy came from: the calibrated run mixes calibrated and paper's policies.
      parameters.put(run.variant().userName() + "_policies", new TreeMap<>(run.policies()).values().stream()
          .map(policy -> policy.workloadClass().label() + ": " + policy.file()).collect(Collectors.joining(", ")));
    }
    return AdaptivityResult.of(parameters, runs);
  }

  /** Records the load inserts at most: {@link Settings#loadRecords}, or more than it can in its time. */
  private long loadRecords() {
    return settings.untilSwitched() ? UNTIL_SWITCHED_LOAD : settings.loadRecords();
  }

  private long warmUpRecords() {
    return Math.min(Warming.MAX_RECORDS, settings.loadRecords());
  }

  private static double share(String proportion) {
    return Double.parseDouble(WARM_MIX.get(proportion));
  }

  /** The RegionServers' HBase version, after {@link #run}. */
  String hbaseVersion() {
    return hbaseVersion;
  }

  private AdaptivityResult.Run runOnce(Watched watch, int round) throws IOException {
    boolean applying = watch.applying();
    String name = watch.variant().label();
    out.printf("%nadaptivity, round %d of %d, %s: %s%n", round, rounds, name, applying ? "PCM's loop applies each"
        + " new class's " + (watch.variant() == PcmVariant.CALIBRATED ? "calibrated " : "") + "policy online"
        : "the same loop as a dry run: HBase's defaults throughout");
    Path dir = workDir.resolve(watch.variant().userName()).resolve("round-" + round);
    Path data = dir.resolve("data");
    DataDirs.replace(data, Optional.empty());
    AdaptivityResult.Run run;
    try (BenchCluster cluster = BenchCluster.start(data, heap, PcmVariant.PCM_TUNER_SETTINGS, node, dataNodes, dir,
        out)) {
      hbaseVersion = cluster.target().hbaseVersion();
      ServerWarmUp.Outcome warmUp = warmUp(cluster, dir.resolve("warm-up"));
      createTable(cluster, TABLE, experiment(cluster, TABLE, loadRecords(), Map.of(), settings.phaseSeconds(), dir));
      WorkloadWatcher watcher = new WorkloadWatcher(cluster.connection(), new PolicyExecutor(cluster.connection(),
          new AuditLog(dir.resolve("audit.jsonl")), Optional.of(cluster.serverControl()), false), watch.policies(),
          Optional.of(TableName.valueOf(TABLE)), new ClassTracker(settings.hold()), !applying,
          new WorkloadWatcher.Trials(settings.trialPeriods(), REVERT_HOLD));
      Background background = new Background(cluster, watcher);
      List<Measured> measured = new ArrayList<>();
      try {
        long loaded = 0;
        for (MixPhase phase : MixPhase.values()) {
          out.printf("  phase %s (%s)%n", phase.label, phase.workloadClass.label());
          out.flush();
          Path phaseDir = dir.resolve(phase.label.replace('/', '-'));
          YcsbExperiment experiment = experiment(cluster, TABLE, phase.mix == null ? loadRecords() : loaded,
              phase.mix == null ? Map.of() : phase.mix.mix(), phase.mix == null && !settings.untilSwitched() ? 0
                  : settings.phaseSeconds(), phaseDir);
          if (settings.untilSwitched()) {
            Path stop = phaseDir.resolve("stop");
            experiment = experiment.stoppedBy(stop);
            background.stopOnSwitch(phase.workloadClass, stop);
          }
          Optional<List<NodeSample>> start = nodeSample(cluster);
          Optional<HostCpu> hostStart = HostCpu.now();
          PhaseResult result;
          if (phase.mix == null) {
            result = experiment.load(false);
            loaded = result.operations();
          } else {
            result = experiment.run(1, 1, false);
          }
          List<AdaptivityResult.NodeActivity> activity = start.flatMap(before -> nodeSample(cluster)
              .map(after -> NodeSample.between(before, after, result.server()))).orElse(List.of());
          activity.forEach(node -> out.println("    " + node.describe()));
          Double steal = hostStart.flatMap(before -> HostCpu.now().map(after -> after.stealPercentSince(before)))
              .orElse(null);
          if (steal != null) {
            out.printf("    this host: its hypervisor took %.1f%% of its CPU time (steal)%n", steal);
          }
          out.flush();
          measured.add(new Measured(result, activity, steal));
        }
      } finally {
        background.stop();
      }
      List<AdaptivityResult.Phase> phases = new ArrayList<>();
      for (MixPhase phase : MixPhase.values()) {
        phases.add(phase(phase, measured.get(phase.ordinal()), background, watch));
      }
      run = new AdaptivityResult.Run(name, round, warmUp, phases, List.copyOf(background.periods),
          List.copyOf(background.fractions));
    }
    DataDirs.release(data);
    return run;
  }

  /** Warms the servers up as {@link Warming} says. */
  private ServerWarmUp.Outcome warmUp(BenchCluster cluster, Path dir) throws IOException {
    out.printf("  warm-up on %s: %,d records, then runs of %d s of the phases' operations blended until the servers'"
        + " JIT is quiet (at most %d)%n", Warming.TABLE, warmUpRecords(), warming.seconds(), warming.runs());
    out.flush();
    YcsbExperiment load = experiment(cluster, Warming.TABLE, warmUpRecords(), Map.of(), 0, dir.resolve("load"));
    createTable(cluster, Warming.TABLE, load);
    PcmYcsb.requireNoFailures(load.load(false), "the servers' warm-up load");
    ServerWarmUp.Outcome outcome = ServerWarmUp.untilQuiet(warming.runs(), number -> experiment(cluster,
        Warming.TABLE, warmUpRecords(), WARM_MIX, warming.seconds(), dir.resolve("run-" + number)).run(1, 1, false));
    try (Admin admin = cluster.connection().getAdmin()) {
      BenchTables.dropIfExists(admin, TableName.valueOf(Warming.TABLE));
    }
    out.printf("  warm-up: %s%n", outcome.describe());
    out.flush();
    return outcome;
  }

  private static void createTable(BenchCluster cluster, String table, YcsbExperiment load) throws IOException {
    try (Admin admin = cluster.connection().getAdmin()) {
      YcsbTable.createIfMissing(admin, TableName.valueOf(table), YcsbPhase.DEFAULT_FAMILY,
          PcmBenchmark.LOADED_REGIONS, load.phase(YcsbPhase.Kind.LOAD, "table", false).properties());
    }
  }

  /**
   * A run on {@code table} for at most {@code seconds} (0: a load, until its records are in), with no client warm-up:
   * the run's throughput is continuous.
   */
  private YcsbExperiment experiment(BenchCluster cluster, String table, long records, Map<String, String> overrides,
      int seconds, Path dir) {
    Map<String, String> properties = new TreeMap<>(ycsbProperties);
    properties.putAll(overrides);
    properties.put(PcmYcsb.TABLE_PROPERTY, table);
    properties.put("maxexecutiontime", Integer.toString(seconds));
    return new YcsbExperiment(cluster.target(), PcmYcsb.ycsb(records, properties, PcmBenchmark.LOADED_REGIONS,
        threads, YcsbWarmUp.operations(0)), dir, out);
  }

  /**
   * Each RegionServer now, for where a phase's reads came from; empty, with a line that says why, where a server did
   * not answer: the phase is measured all the same.
   */
  private Optional<List<NodeSample>> nodeSample(BenchCluster cluster) {
    try {
      return Optional.of(NodeSample.take(cluster, TableName.valueOf(TABLE)));
    } catch (IOException notAnswered) {
      out.println("    the RegionServers' block caches and nodes not read: " + notAnswered.getMessage());
      out.flush();
      return Optional.empty();
    }
  }

  /**
   * What a phase measured as it ran; its detection and switches are read from the watch's periods once every phase
   * has run.
   */
  private record Measured(PhaseResult result, List<AdaptivityResult.NodeActivity> nodes, Double hostStealPercent) {
  }

  private AdaptivityResult.Phase phase(MixPhase phase, Measured measured, Background background, Watched watch) {
    PhaseResult result = measured.result();
    long start = result.startEpochMs();
    long end = start + result.runtimeMs();
    Double detected = background.periods.stream()
        .filter(p -> p.endEpochMs() > start && p.endEpochMs() <= end
            && p.observed().equals(phase.workloadClass.label()))
        .findFirst().map(p -> (p.endEpochMs() - start) / 1000.0).orElse(null);
    Optional<AdaptivityResult.Period> switched = background.periods.stream()
        .filter(p -> p.endEpochMs() > start && p.endEpochMs() <= end
            && phase.workloadClass.label().equals(p.switchedTo()))
        .findFirst();
    Double inForce = null;
    if (watch.applying() && switched.isPresent()) {
      Optional<Double> memstore = Optional.ofNullable(switched.get().memstoreTarget());
      Optional<Double> blockCache = Optional.ofNullable(switched.get().blockCacheTarget());
      long from = switched.get().switchDoneEpochMs();
      inForce = background.fractions.stream()
          .filter(f -> f.epochMs() >= from && f.epochMs() <= end
              && HeapFractions.hold(f.memstore(), f.blockCache(), memstore, blockCache))
          .findFirst().map(f -> (f.epochMs() - start) / 1000.0).orElse(null);
    }
    List<Long> perSecond = new ArrayList<>();
    long previous = 0;
    for (PhaseResult.Sample sample : result.timeline()) {
      perSecond.add(sample.operations() - previous);
      previous = sample.operations();
    }
    return new AdaptivityResult.Phase(phase.label, phase.workloadClass.label(), start, result.runtimeMs(),
        result.operations(), result.throughputOpsPerSecond(), result.failures(), detected,
        switched.map(p -> (p.switchDoneEpochMs() - start) / 1000.0).orElse(null), inForce,
        ServerWarmUp.compileMsPerSecond(result), perSecond, measured.nodes(), measured.hostStealPercent());
  }

  /** The watch loop and a sampler of the servers' heap fractions, in threads of their own while the phases run. */
  private final class Background {
    private final List<AdaptivityResult.Period> periods = Collections.synchronizedList(new ArrayList<>());
    private final List<AdaptivityResult.FractionSample> fractions =
        Collections.synchronizedList(new ArrayList<>());
    private final AtomicBoolean stopping = new AtomicBoolean();
    /** The running phase's class and the file that ends it once the watch takes that class; null: none. */
    private final AtomicReference<Map.Entry<WorkloadClass, Path>> stopOnSwitch = new AtomicReference<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<Exception> failures = Collections.synchronizedList(new ArrayList<>());

    Background(BenchCluster cluster, WorkloadWatcher watcher) {
      ServerStatsReader reader = new ServerStatsReader(cluster.connection());
      threads.add(start("pcm-watch", () -> {
        long begin = System.currentTimeMillis();
        WorkloadWatcher.Period period = watcher.watch(Duration.ofSeconds(settings.periodSeconds()), line -> {
          out.println("    " + line);
          out.flush();
        });
        period.notRead().ifPresent(why -> {
          out.println("    watch: period not read, skipped: " + why);
          out.flush();
        });
        boolean read = period.notRead().isEmpty();
        // The window ends before the switch its class may bring is made.
        long windowEnd = read ? begin + Math.round(period.window().seconds() * 1000) : System.currentTimeMillis();
        periods.add(new AdaptivityResult.Period(windowEnd, read ? period.observed().label() : "not read",
            period.switchedTo().map(WorkloadClass::label).orElse(null), System.currentTimeMillis(),
            period.applied().stream().map(e -> e.key() + " " + e.oldValue() + " -> " + e.newValue() + " ("
                + e.status() + ")").toList(),
            period.judgments().stream().map(WorkloadWatcher.Judgment::text).toList(),
            HeapFractions.target(period.applied(), PolicySetting.MEMSTORE).orElse(null),
            HeapFractions.target(period.applied(), PolicySetting.BLOCK_CACHE).orElse(null)));
        period.judgments().forEach(judgment -> {
          out.println("    watch: " + judgment.text());
          out.flush();
        });
        if (period.switchedTo().isPresent()) {
          out.printf("    watch: %s held %d periods: %s its policy%n", period.switchedTo().get().label(),
              settings.hold(), applyingWord(period));
          out.flush();
          Map.Entry<WorkloadClass, Path> stop = stopOnSwitch.get();
          if (stop != null && stop.getKey() == period.switchedTo().get()) {
            Files.writeString(stop.getValue(), "the watch took " + stop.getKey().label() + "\n");
          }
        }
      }));
      threads.add(start("pcm-fractions", () -> {
        List<RegionServerState> servers;
        try {
          servers = reader.workload().servers();
        } catch (InterruptedIOException interrupted) {
          throw interrupted;
        } catch (IOException notAnswered) {
          // A RegionServer down: no sample, as the watch skips its period; the phases count the failed operations.
          Pause.sleep(Duration.ofSeconds(1), "the next sample of the heap fractions");
          return;
        }
        fractions.add(new AdaptivityResult.FractionSample(System.currentTimeMillis(),
            servers.stream().mapToDouble(s -> (double) s.memstoreLimitBytes() / s.heapMaxBytes()).average()
                .orElse(Double.NaN),
            servers.stream().mapToDouble(s -> (double) s.blockCacheMaxBytes() / s.heapMaxBytes()).average()
                .orElse(Double.NaN)));
        Pause.sleep(Duration.ofSeconds(1), "the next sample of the heap fractions");
      }));
    }

    /** From now on, a switch to {@code workloadClass} creates {@code file}. */
    void stopOnSwitch(WorkloadClass workloadClass, Path file) {
      stopOnSwitch.set(Map.entry(workloadClass, file));
    }

    private static String applyingWord(WorkloadWatcher.Period period) {
      return period.applied().stream().anyMatch(e -> e.status() == AuditLog.Status.DRY_RUN) ? "would apply"
          : "applied";
    }

    /** An action repeated until the run stops. */
    private interface Step {
      void run() throws IOException;
    }

    private Thread start(String name, Step step) {
      Thread thread = new Thread(() -> {
        try {
          while (!stopping.get()) {
            step.run();
          }
        } catch (IOException | RuntimeException e) {
          failures.add(e);
        }
      }, name);
      thread.setDaemon(true);
      thread.start();
      return thread;
    }

    /** Lets the current period end (and a change under way complete) before it returns. */
    void stop() throws IOException {
      stopping.set(true);
      for (Thread thread : threads) {
        try {
          thread.join();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted while the watch loop finished its period");
        }
      }
      if (!failures.isEmpty()) {
        throw new IOException("the watch loop failed: " + failures.get(0).getMessage(), failures.get(0));
      }
    }
  }
}

package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.bench.ycsb.WarmYcsbClient;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
import org.hbaseturbo.bench.ycsb.YcsbPhase;
import org.hbaseturbo.bench.ycsb.YcsbTable;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.hbaseturbo.tune.split.SplitKeys;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * One class of a {@link Calibration}: its arms, their rounds in stages of successive halving, and the choice, within
 * the share of the budget the calibration gave it ({@link CalibrationBudget}).
 */
final class ClassCalibration {
  /** Rounds each candidate gets in the first stage; each later stage doubles them. */
  static final int FIRST_STAGE_ROUNDS = 2;
  static final String AA = "defaults A/A";
  /**
   * How long a load's arm runs unmeasured on its table made anew: the client's first writes there go to the regions
   * of the table before, and wait out HBase's retries (100 ms, then longer) while it looks the new ones up. On an
   * embedded cluster, measured from the first write, an A/A pair of 1 s runs came out 0.22 of each other.
   */
  private static final Duration FIRST_INSERTS = Duration.ofSeconds(1);

  /**
   * What every class of a calibration runs with: its cluster, its settings, where its runs write, and where its
   * progress goes.
   *
   * @param servers the process cluster the calibration started, where it did: the heap fractions are measured there
   *     alone
   */
  record Context(ClusterTarget target, Optional<ProcessHBaseCluster> servers, Calibration.Settings settings,
      Path workDir, PrintWriter out) {
  }

  /**
   * A class's candidates and heap fractions, and the time each part needs ({@link CalibrationBudget}), before any of
   * it runs.
   *
   * @param hbaseFractions the paper's policy with HBase's heap fractions, which the paper's are measured against
   * @param tried the table settings' candidates
   * @param heapCandidate the heap fractions measured against HBase's; empty when the policy sets HBase's or none
   * @param heapNotMeasured why the heap fractions are not measured; empty when they are
   */
  record Plan(PcmWorkload workload, Policy.Evaluated hbaseFractions, List<CalibrationCandidate> tried,
      Map<PolicySetting, String> heapCandidate, Optional<String> heapNotMeasured, Duration tableNeed,
      Duration heapNeed) {
    Duration need() {
      return tableNeed.plus(heapNeed);
    }

    static Duration needs(List<Plan> plans) {
      return plans.stream().map(Plan::need).reduce(Duration.ZERO, Duration::plus);
    }
  }

  private final ClusterTarget target;
  private final Optional<ProcessHBaseCluster> servers;
  private final Calibration.Settings settings;
  private final Path workDir;
  private final PrintWriter out;
  private final Plan plan;
  private final PcmWorkload workload;
  private final CandidateTables tables;
  private final int regionServers;
  private final long until;
  /**
   * The latest the class may run on past {@link #until} to reach the rounds a choice rests on: the budget's end less
   * what the classes after it need, by estimate. A share is the estimate's part of the budget, and a class whose
   * rounds ran slower than their estimate would otherwise end short of a choice while the budget still held every
   * class after it: BL in the disk regime, 4 rounds in a share planned for 5
   * (results/pcm/calibrate-disk-shared-2026-12-05).
   */
  private final long latest;
  private final RoundCap cap;
  /**
   * When the table settings' rounds end: {@link #until}, or sooner where the heap fractions follow, by what each
   * part needs ({@link CalibrationBudget}).
   */
  private long tablesUntil;
  /** {@link #latest} for the table settings' rounds: less what the heap fractions after them need. */
  private long tablesLatest;
  /** Whether the table settings' rounds ran on past their share, which is said once. */
  private boolean saidPastShare;
  /** Every arm by name: the defaults, their A/A copy, the candidates, in that order. */
  private final Map<String, Arm> arms = new LinkedHashMap<>();
  private int rounds;
  private final long began = System.nanoTime();
  /** Runs every arm, from the first round to the last. */
  private WarmYcsbClient client;
  /** A copy of the defaults that every arm runs beside. */
  private TableName pacer;

  /**
   * @param until when its share of the budget ends ({@link System#nanoTime})
   * @param latest the latest it may run on past {@code until} to reach the rounds a choice rests on
   */
  ClassCalibration(Context context, Plan plan, CandidateTables tables, int regionServers, long until, long latest,
      RoundCap cap) {
    this.target = context.target();
    this.servers = context.servers();
    this.settings = context.settings();
    this.workDir = context.workDir();
    this.out = context.out();
    this.plan = plan;
    this.workload = plan.workload();
    this.tables = tables;
    this.regionServers = regionServers;
    this.until = until;
    this.latest = latest;
    this.cap = cap;
    this.tablesUntil = until;
    this.tablesLatest = latest;
  }

  Calibration.ClassResult run() throws IOException {
    List<CalibrationCandidate> tried = plan.tried();
    Map<PolicySetting, String> heapCandidate = plan.heapCandidate();
    Optional<String> heapNotMeasured = plan.heapNotMeasured();
    if (heapNotMeasured.isEmpty() && !tried.isEmpty()) {
      long now = System.nanoTime();
      tablesUntil = now + CalibrationBudget.share(until - now, plan.tableNeed(), plan.need());
      tablesLatest = latest - plan.heapNeed().toNanos();
    }
    out.printf("%n%s: %s; heap fractions: %s%n", workload.label(), tried.isEmpty() ? "the paper's table-level"
        + " settings are HBase's defaults, nothing to measure" : (tried.size() + 2) + " arms (the defaults, their"
        + " A/A copy and " + tried.size() + " candidate" + (tried.size() == 1 ? "" : "s") + "), each run beside a"
        + " pacer, " + Duration.ofNanos(tablesUntil - System.nanoTime()).toSeconds() + " s of the budget",
        heapNotMeasured.orElse((tried.isEmpty() ? "measured" : "measured after them") + ", in the rest of the"
            + " class's " + Duration.ofNanos(until - System.nanoTime()).toSeconds() + " s"));
    out.flush();
    TableChoice tableChoice = tried.isEmpty() ? new TableChoice(Optional.empty(), 0, 0, "the paper's table-level"
        + " settings for this class are HBase's defaults") : tableRounds(tried);
    HeapFractionRounds.Result heap = heapNotMeasured.isPresent()
        ? HeapFractionRounds.Result.notSearched(heapCandidate, heapNotMeasured.get())
        : heapRounds(heapCandidate);
    return result(tableChoice, heap);
  }

  /**
   * The heap fractions' rounds; a failure of theirs is the fractions' alone: the table settings' choice stands, and
   * the fractions are HBase's, unjudged.
   */
  private HeapFractionRounds.Result heapRounds(Map<PolicySetting, String> candidate) throws IOException {
    try {
      return new HeapFractionRounds(servers.orElseThrow(), target, tables, out).run(candidate,
          plan.hbaseFractions().values(), loadedPrefix(), runProperties(loadedPrefix() + "_heap0"),
          settings.threads(), settings.runSeconds(), settings.warmUp(), heapUntil(), cap);
    } catch (InterruptedIOException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      out.printf("  heap fractions FAILED: %s; HBase's kept, not judged%n", e.getMessage());
      out.flush();
      return HeapFractionRounds.Result.unjudged(candidate, "the rounds failed: " + e.getMessage());
    }
  }

  /**
   * When the heap fractions' rounds end: the class's share, or, where the table settings' rounds ran on past theirs
   * into it, as long as the heap fractions need, within {@link #latest}.
   */
  private long heapUntil() {
    return Math.max(until, Math.min(latest, System.nanoTime() + plan.heapNeed().toNanos()));
  }

  /**
   * Whether another round of the table settings, of about {@code roundNanos}, fits: within their share, or, short of
   * the rounds a choice rests on, within {@link #tablesLatest}.
   */
  private boolean roundFits(long roundNanos) {
    long end = System.nanoTime() + roundNanos;
    if (end <= tablesUntil) {
      return true;
    }
    if (!CalibrationBudget.pastShare(end, tablesLatest, rounds)) {
      return false;
    }
    if (!saidPastShare) {
      saidPastShare = true;
      out.printf("  the share is spent at %d round%s: the rounds go on to the %d a choice rests on, as the budget"
          + " still holds what the classes after it need, by estimate%n", rounds, rounds == 1 ? "" : "s",
          CalibrationJudge.MIN_ROUNDS);
      out.flush();
    }
    return true;
  }

  private TableChoice tableRounds(List<CalibrationCandidate> tried) throws IOException {
    String prefix = loadedPrefix();
    Properties run = runProperties(prefix + "_pacer");
    SplitKeys inserted = insertedKeys(run);
    if (workload.isLoad()) {
      // Spread evenly, so that the pacer weighs on every server alike, whichever an arm's regions are on.
      pacer = tables.empty(prefix + "_pacer", Map.of(), regionServers, inserted);
      out.printf("  the pacer, which every arm runs beside: an empty table, %s, of one region a server, emptied again"
          + " before each round%n", pacer);
    } else {
      pacer = tables.create(prefix + "_pacer", Map.of());
      out.printf("  the pacer, which every arm runs beside: a copy of the records as %s%n", pacer);
    }
    addArm(CalibrationCandidate.defaults(), prefix + "_defaults", inserted);
    addArm(new CalibrationCandidate(AA, Map.of()), prefix + "_aa", inserted);
    for (int i = 0; i < tried.size(); i++) {
      addArm(tried.get(i), prefix + "_c" + i, inserted);
    }
    List<String> clientTables = new ArrayList<>(List.of(pacer.getNameAsString()));
    arms.values().forEach(arm -> clientTables.add(arm.table.getNameAsString()));
    try (WarmYcsbClient started = WarmYcsbClient.start(run, clientTables, settings.threads())) {
      client = started;
      out.printf("  the client warms up on every arm in turn: %s%n", client.warmUp(settings.warmUp()));
      out.flush();
      return rounds(tried);
    }
  }

  private TableChoice rounds(List<CalibrationCandidate> tried) throws IOException {
    List<String> alive = new ArrayList<>(tried.stream().map(CalibrationCandidate::name).toList());
    // A load's arms begin every run on an empty table: no cache or file of theirs for a round to warm.
    long roundNanos = 0;
    if (!workload.isLoad()) {
      out.println("  a round to warm every arm, not measured");
      out.flush();
      roundNanos = round(new ArrayList<>(arms.keySet()), false);
    }
    // A round's length is the slowest measured round's, an arm, times its arms, or the last round's where that is
    // longer: a class that writes runs some rounds into its flushes and some not, and a round started near the end of
    // the budget on the last one's length alone may end well past it.
    long slowestArmNanos = 0;
    int stageRounds = FIRST_STAGE_ROUNDS;
    String stopped = null;
    while (stopped == null) {
      for (int i = 0; i < stageRounds && stopped == null; i++) {
        List<String> names = inRound(alive);
        if (cap.reached(rounds)) {
          stopped = cap.ended(tablesUntil < until ? "its heap fractions" : "the classes after it");
        } else if (!roundFits(Math.max(roundNanos, slowestArmNanos * names.size()))) {
          stopped = "the class's share of the budget was spent";
        } else {
          roundNanos = round(names, true);
          slowestArmNanos = Math.max(slowestArmNanos, roundNanos / names.size());
          report(alive);
          if (CalibrationJudge.allLost(paired(alive), paired(AA))) {
            stopped = "every candidate left had measured below the defaults by more than the A/A noise, over "
                + CalibrationJudge.MIN_ROUNDS + " rounds or more: settled, "
                + (tablesUntil < until ? "the time left going to its heap fractions" : "the class's time left"
                    + " going to the classes after it");
          }
        }
      }
      if (stopped == null) {
        alive = CalibrationJudge.betterHalf(paired(alive));
        stageRounds *= 2;
      }
    }
    String endedWhen = stopped;
    CalibrationJudge.Paired aa = paired(AA);
    // Only the survivors of the halving: a candidate halved out early had fewer, noisier rounds, and lost on them.
    List<String> judged = alive.stream().filter(this::measuredCandidate).toList();
    if (rounds > 0) {
      readMemStores();
    }
    Map<String, Long> deferred = new LinkedHashMap<>();
    judged.forEach(name -> deferred.put(name, arms.get(name).deferredFlushBytes));
    CalibrationJudge.Choice choice = CalibrationJudge.choose(paired(judged), aa, deferred);
    Optional<String> chosen = choice.chosen();
    List<String> refused = choice.deferring();
    double noise = rounds == 0 ? Double.NaN : CalibrationJudge.noise(aa);
    double margin = rounds == 0 ? Double.NaN : CalibrationJudge.margin(aa);
    String refusals = refused.stream().map(name -> deferredFlushes(name) + "; ").collect(Collectors.joining());
    String reason = rounds == 0 ? "no round fitted in the class's share of the budget"
        : rounds < CalibrationJudge.MIN_ROUNDS ? tooFewRounds(endedWhen)
        : refusals + chosen.map(name -> String.format("%s: median %.3f of the defaults' throughput over %d rounds,"
            + " above 1 + %.3f (the A/A noise of a median of as many rounds); the rounds ended when %s", name,
            paired(name).median(), paired(name).ratios().size(),
            CalibrationJudge.margin(aa, paired(name).ratios().size()), endedWhen))
        .orElse(String.format("no %scandidate the halving kept beat the defaults by more than the A/A noise of a"
            + " median of its rounds (%.3f at the A/A arm's %d) at a p99 within %.0f%% of theirs; the rounds ended"
            + " when %s", refused.isEmpty() ? "" : "other ", margin, aa.ratios().size(),
            CalibrationJudge.MAX_P99_RISE * 100, endedWhen));
    out.printf("  %s: %s%n", workload.label(), reason);
    out.flush();
    return new TableChoice(chosen, noise, margin, reason);
  }

  /** Why no candidate could be chosen from {@link #rounds}, fewer than a choice needs, and what gives more. */
  private String tooFewRounds(String endedWhen) {
    boolean capped = cap.maxRounds() && cap.reached(rounds);
    return String.format("too few rounds to choose from: %d measured, %d at least; the rounds ended when %s (%s)",
        rounds, CalibrationJudge.MIN_ROUNDS, endedWhen, capped ? "give --max-rounds " + CalibrationJudge.MIN_ROUNDS
            + " or more" : "give --budget more, or calibrate fewer classes at once");
  }

  /**
   * Reads what each arm's table holds in its memstores after the rounds, and how much of that the defaults' copy
   * could not have held ({@link CalibrationJudge#deferredFlushBytes}).
   */
  private void readMemStores() throws IOException {
    long flushSize = clusterFlushSize();
    try (Admin admin = target.connection().getAdmin()) {
      for (Arm arm : arms.values()) {
        arm.memstoreBytes = BenchTables.memStoreBytes(admin, arm.table);
        arm.regions = admin.getRegions(arm.table).size();
      }
      long defaultsBytes = arms.get(CalibrationCandidate.DEFAULTS).memstoreBytes;
      for (Arm arm : arms.values()) {
        arm.deferredFlushBytes = CalibrationJudge.deferredFlushBytes(arm.memstoreBytes, defaultsBytes,
            arm.regions, flushSize);
      }
    }
  }

  /**
   * The flush size of a table that sets none: the largest in force on the RegionServers, which may differ from
   * this client's settings (a local cluster's --site), or the client's where the servers do not report theirs.
   */
  private long clusterFlushSize() {
    String key = HConstants.HREGION_MEMSTORE_FLUSH_SIZE;
    long fallback = target.connection().getConfiguration().getLong(key,
        TableDescriptorBuilder.DEFAULT_MEMSTORE_FLUSH_SIZE);
    try {
      return new ServerStatsReader(target.connection()).settings(List.of(key)).values().stream()
          .mapToLong(values -> values.containsKey(key) ? Long.parseLong(values.get(key).trim())
              : TableDescriptorBuilder.DEFAULT_MEMSTORE_FLUSH_SIZE)
          .max().orElse(fallback);
    } catch (IOException | NumberFormatException e) {
      out.printf("  the RegionServers did not report their flush size (%s); this client's, %d MiB, is taken%n",
          e.getMessage(), fallback >> 20);
      return fallback;
    }
  }

  /** Why the arm {@code name} is not chosen although its rounds beat the defaults': it deferred its flushes. */
  private String deferredFlushes(String name) {
    Arm arm = arms.get(name);
    return String.format("%s beat the defaults (median %.3f over %d rounds), but its table holds %d MiB in its"
        + " memstores against the defaults' %d MiB, %d MiB more than the cluster's flush size lets its %d regions"
        + " hold: it deferred flushes past its rounds that the defaults paid in them, which a longer run charges it,"
        + " so it is not chosen", name, paired(name).median(), paired(name).ratios().size(),
        arm.memstoreBytes >> 20, arms.get(CalibrationCandidate.DEFAULTS).memstoreBytes >> 20,
        arm.deferredFlushBytes >> 20, arm.regions);
  }

  private boolean measuredCandidate(String name) {
    return !name.equals(CalibrationCandidate.DEFAULTS) && !name.equals(AA) && !arms.get(name).ratios.isEmpty();
  }

  private String loadedPrefix() {
    return "turbo_calibration_" + workload.label().toLowerCase(Locale.ROOT).replace('-', '_');
  }

  /** @param inserted the keys a load's runs insert, which its empty tables are split by */
  private void addArm(CalibrationCandidate candidate, String table, SplitKeys inserted) throws IOException {
    String with = candidate.values().isEmpty() ? "" : ", with " + candidate.values();
    if (workload.isLoad()) {
      int regions = Math.max(1, candidate.presplitRegionsPerServer() * regionServers);
      out.printf("  %s: an empty table, %s, of %d region%s%s, emptied again before each of its runs%n",
          candidate.name(), table, regions, regions == 1 ? "" : "s", with);
      out.flush();
      arms.put(candidate.name(), new Arm(candidate, tables.empty(table, candidate.values(), regions, inserted)));
    } else {
      out.printf("  %s: a copy of the records as %s%s%n", candidate.name(), table, with);
      out.flush();
      arms.put(candidate.name(), new Arm(candidate, tables.create(table, candidate.values())));
    }
  }

  /**
   * The keys a load's run inserts: YCSB numbers a run's inserts on from its record count, in the insert order and
   * padding of its properties.
   */
  private SplitKeys insertedKeys(Properties run) {
    Properties inserts = new Properties();
    inserts.putAll(run);
    inserts.setProperty(CoreWorkload.INSERT_START_PROPERTY, run.getProperty(Client.RECORD_COUNT_PROPERTY));
    return YcsbTable.keys(inserts);
  }

  /** The defaults, their A/A copy and the candidates still in. */
  private List<String> inRound(List<String> alive) {
    List<String> names = new ArrayList<>(List.of(CalibrationCandidate.DEFAULTS, AA));
    names.addAll(alive);
    return names;
  }

  /**
   * Runs every arm once at the same time as the pacer, in an order turned by one arm each round and reversed every
   * other round; the threads that run the pacer change sides every other round too.
   *
   * @return how long the round took
   */
  private long round(List<String> names, boolean measured) throws IOException {
    long start = System.nanoTime();
    List<String> order = new ArrayList<>(names);
    Collections.rotate(order, -(rounds % order.size()));
    if (rounds % 2 == 1) {
      Collections.reverse(order);
    }
    Map<String, Paced> results = new LinkedHashMap<>();
    if (workload.isLoad()) {
      // The pacer takes inserts in every run; made empty once a round, it holds what one round wrote at most.
      client.pause();
      tables.emptyAgain(pacer);
    }
    for (String arm : order) {
      results.put(arm, runPaced(arm, rounds % 2 == 1));
    }
    if (measured) {
      rounds++;
      Paced defaults = results.get(CalibrationCandidate.DEFAULTS);
      results.forEach((arm, paced) -> arms.get(arm).measured(paced, defaults));
    }
    return System.nanoTime() - start;
  }

  /**
   * The pacer and {@code arm} at once; {@code swapped}: the pacer on the threads that ran the arm before. A load's
   * arm begins on its table made empty again, the client's threads paused meanwhile.
   */
  private Paced runPaced(String arm, boolean swapped) throws IOException {
    String table = arms.get(arm).table.getNameAsString();
    List<String> together = swapped ? List.of(table, pacer.getNameAsString())
        : List.of(pacer.getNameAsString(), table);
    if (workload.isLoad()) {
      client.pause();
      tables.emptyAgain(arms.get(arm).table);
      client.measureTogether(together, FIRST_INSERTS);
    }
    List<WarmYcsbClient.Measurement> measured = client.measureTogether(together,
        Duration.ofSeconds(settings.runSeconds()));
    Paced paced = swapped ? new Paced(measured.get(1), measured.get(0))
        : new Paced(measured.get(0), measured.get(1));
    requireNoFailures(paced.arm(), arm, "the pacer");
    requireNoFailures(paced.pacer(), "the pacer", arm);
    return paced;
  }

  private void requireNoFailures(WarmYcsbClient.Measurement run, String ran, String beside) throws IOException {
    if (run.failures() > 0) {
      throw new IOException(workload.label() + " on " + ran + " (run beside " + beside + "): " + run.failures()
          + " of " + run.operations() + " operations failed");
    }
  }

  /** YCSB's run properties of the class, for the client of all its arms (each arm's table set by the client). */
  private Properties runProperties(String table) {
    return new YcsbExperiment(target, settings.ycsb(workload.run(table, settings.runSeconds()), 1),
        workDir.resolve(workload.label()), out).phase(YcsbPhase.Kind.RUN, "arms", false).properties();
  }

  private void report(List<String> alive) {
    StringBuilder line = new StringBuilder(String.format("  round %d:", rounds));
    for (String arm : inRound(alive)) {
      if (!arm.equals(CalibrationCandidate.DEFAULTS)) {
        line.append(String.format(" %s %.3f;", arm, paired(arm).median()));
      }
    }
    out.println(line.append(" (median throughput over the defaults' so far)"));
    out.flush();
  }

  private Map<String, CalibrationJudge.Paired> paired(List<String> names) {
    Map<String, CalibrationJudge.Paired> paired = new LinkedHashMap<>();
    names.forEach(arm -> paired.put(arm, paired(arm)));
    return paired;
  }

  private CalibrationJudge.Paired paired(String arm) {
    return arms.get(arm).paired();
  }

  private Calibration.ClassResult result(TableChoice tableChoice, HeapFractionRounds.Result heap) {
    Optional<String> chosen = tableChoice.chosen();
    Map<String, Calibration.CandidateResult> measured = new LinkedHashMap<>();
    arms.forEach((name, arm) -> measured.put(name, arm.result()));
    Map<PolicySetting, String> values = chosen.map(name -> arms.get(name).candidate.values()).orElse(Map.of());
    Integer presplit = workload.isLoad() ? chosen.map(name -> arms.get(name).candidate.presplitRegionsPerServer())
        .orElse(0) : null;
    return new Calibration.ClassResult(workload.label(), chosen.orElse(CalibrationCandidate.DEFAULTS), values, presplit,
        measured, tableChoice.noise(), tableChoice.margin(), rounds, (System.nanoTime() - began) / 1e9,
        tableChoice.reason(), heap);
  }

  /** What the table settings' rounds chose, if anything, and why. */
  private record TableChoice(Optional<String> chosen, double noise, double margin, String reason) {
  }

  /** A run of an arm and the pacer at once. */
  private record Paced(WarmYcsbClient.Measurement pacer, WarmYcsbClient.Measurement arm) {
    double throughput() {
      return arm.throughputOpsPerSecond() / pacer.throughputOpsPerSecond();
    }

    double p99() {
      return arm.p99Us() / pacer.p99Us();
    }
  }

  /** One arm of a class: its settings, its copy of the table, and its measured rounds against the defaults'. */
  private static final class Arm {
    private final CalibrationCandidate candidate;
    private final TableName table;
    private final List<Double> throughputs = new ArrayList<>();
    private final List<Double> ratios = new ArrayList<>();
    private final List<Double> p99Ratios = new ArrayList<>();
    /** What its table holds in its memstores after the rounds; -1 until read. */
    private long memstoreBytes = -1;
    private int regions;
    /** How much of {@link #memstoreBytes} the defaults' copy could not have held; 0 until read. */
    private long deferredFlushBytes;

    Arm(CalibrationCandidate candidate, TableName table) {
      this.candidate = candidate;
      this.table = table;
    }

    /**
     * Takes its run of a round, throughput and p99 of all operations over the pacer's beside it, over the same of the
     * defaults' run in the round.
     */
    void measured(Paced run, Paced defaults) {
      throughputs.add(run.arm().throughputOpsPerSecond());
      ratios.add(run.throughput() / defaults.throughput());
      p99Ratios.add(run.p99() / defaults.p99());
    }

    CalibrationJudge.Paired paired() {
      return new CalibrationJudge.Paired(ratios, p99Ratios);
    }

    Calibration.CandidateResult result() {
      CalibrationJudge.Paired paired = paired();
      return new Calibration.CandidateResult(candidate.values(), paired.ratios(), paired.p99Ratios(), paired.median(),
          paired.min(), paired.max(), List.copyOf(throughputs), memstoreBytes < 0 ? null : memstoreBytes,
          memstoreBytes < 0 ? null : deferredFlushBytes);
    }
  }
}

package org.hbaseturbo.bench.pcm;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
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
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.client.stats.RegionServerState;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.Recommender;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicyEnvironment;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.hbaseturbo.tune.split.SplitKeys;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * {@code turbo tune calibrate}: measures, on the cluster it runs on, which of the paper's table-level settings beat
 * HBase's defaults for each class, and keeps the defaults where none does.
 *
 * <p>The records are loaded once into a table of the calibration's own. For each class, the defaults, a second copy
 * of the defaults (the A/A arm, which measures the noise) and each candidate ({@link CalibrationCandidate}) get a
 * copy of that table ({@link CandidateTables}), and so does a pacer, one more copy of the defaults. They then run the
 * class's YCSB mix in rounds: each round runs every arm once at the same time as the pacer, half the client's threads
 * on each, for the same time, in an order that turns each round. An arm's measure is its throughput over the pacer's
 * beside it, taken over the defaults' same measure in the same round. Arms run one after the other, as until
 * 2026-12-01, took the host's speed, which moves by 10-20% from second to second here, into every ratio: an A/A pair
 * spread 8.5% a round run so, 0.7% run at once (results/pcm/concurrent-pairs-2026-12-01). The price: the two tables
 * of a pair share the servers' queues, which a request of either waits in, so a difference shows at about a third of
 * its size alone (there, FAST_DIFF 0.977 at once against 0.91-0.93 in turns); the sign, on which the choice rests,
 * stays. The pacer is not the defaults arm itself because it runs all the time, its blocks always cached and its
 * memstore always filling, while each arm runs once a round: beside the defaults arm as the pacer, the A/A copy
 * measured 0.984 of it over 56 rounds of RO-read, and 1.020 over 35 of MixW. One YCSB client in this JVM runs
 * every arm of a class ({@link WarmYcsbClient}), warmed up once: a client JVM for each run measured the JIT of a new
 * client as much as the arm (results/pcm/aa-noise-2026-11-29). Rounds go in stages of
 * successive halving: every candidate gets the first stage's rounds, the better half by median the next stage's,
 * twice as many, and so on down to one, which then gets rounds until the class's share of the budget is spent
 * ({@link CalibrationJudge}), or until every candidate left has lost for good. Each class's share, and its table
 * settings' part of it, follows what it needs to reach the rounds a choice rests on ({@link CalibrationBudget}).
 *
 * <p>Searched are the settings a table carries (block size, flush size, blocking multiplier and store files,
 * compaction min and max), and for a bulk load the pre-split. A load's arms are empty tables, each split as its
 * candidate asks and made empty again before each of its runs, which insert as YCSB's run phase does: a load measured
 * into a table that earlier runs filled and split would measure a later stage than a bulk load's into a new table.
 *
 * <p>The heap fractions, a server's and not a table's, are measured after the table settings, in the rest of the
 * class's share, on a process cluster the calibration started, two servers side by side ({@link
 * HeapFractionRounds}); not for a load, nor elsewhere, where the policy files give HBase's and say so, as for every
 * setting not measured. The heap itself is not searched: the files keep the paper's.
 */
public final class Calibration {
  /** The fewest measured rounds a choice rests on ({@link CalibrationJudge#MIN_ROUNDS}), for the command's help. */
  public static final int MIN_ROUNDS = CalibrationJudge.MIN_ROUNDS;
  /**
   * HBase settings of a local cluster the calibration starts (under the user's {@code --site}): the master's cleaner
   * chores every minute, deleting archived store files and old WALs a minute old. At HBase's defaults (every 10
   * minutes, files 5 and 10 minutes old) they keep what 10 to 20 minutes of writes replaced, and a bulk load's arms,
   * each made empty again before its runs, replace at some 200 MB a second here: 21 GB of archived files and 18 GB of
   * old WALs after 7 minutes of BL, for 0.5 GB of records, filled the host's disk
   * (results/pcm/calibrate-budget-2026-12-04). A cluster of {@code --conf} keeps its own.
   */
  public static final Map<String, String> LOCAL_CLUSTER_SITE = Map.of("hbase.master.cleaner.interval", "60000",
      "hbase.master.hfilecleaner.ttl", "60000", "hbase.master.logcleaner.ttl", "60000");
  /** Rounds each candidate gets in the first stage; each later stage doubles them. */
  static final int FIRST_STAGE_ROUNDS = 2;
  static final String AA = "defaults A/A";

  /**
   * @param classes the classes to calibrate, in order
   * @param records records loaded once for all of them
   * @param runSeconds how long each run of an arm lasts
   * @param budget the time the whole calibration may take, from the command's start to its end
   * @param maxRounds measured rounds a class gets at most, however much of its share of the budget is left; 0 for
   *     as many as the budget allows
   * @param policies the policy of each class: the paper's, or the user's
   * @param ycsbProperties YCSB properties for every run (request distribution, field sizes)
   * @param warmUp what a class's client does before its first round
   */
  public record Settings(List<PcmWorkload> classes, long records, int runSeconds, int threads, Duration budget,
      int maxRounds, Map<WorkloadClass, Policy> policies, Map<String, String> ycsbProperties, YcsbWarmUp warmUp) {
    public Settings {
      classes = List.copyOf(classes);
      policies = Map.copyOf(policies);
      ycsbProperties = Map.copyOf(ycsbProperties);
      requireNonNull(budget, "budget is null");
      requireNonNull(warmUp, "warmUp is null");
      if (classes.isEmpty()) {
        throw new InvalidInputException("no class to calibrate: give at least one with --class");
      }
      for (PcmWorkload workload : classes) {
        if (!policies.containsKey(workload.workloadClass())) {
          throw new InvalidInputException("no policy for class " + workload.workloadClass().label());
        }
      }
      if (threads % 2 != 0) {
        throw new InvalidInputException("--threads " + threads + ": each arm runs at once with the pacer, on half"
            + " the threads each; expected an even number");
      }
      PcmBenchmark.ycsb(records, ycsbProperties, 1, threads, YcsbWarmUp.operations(0));
    }
  }

  /**
   * What a calibration found for one class.
   *
   * @param presplitRegionsPerServer for a bulk load, the chosen arm's pre-split (0: one region, as HBase creates a
   *     table); null for a class that runs on loaded records, whose pre-split is not searched
   */
  public record ClassResult(String workloadClass, String chosen, Map<PolicySetting, String> values,
      Integer presplitRegionsPerServer, Map<String, CandidateResult> arms, double noise, double margin, int rounds,
      double seconds, String reason, HeapFractionRounds.Result heapFractions) {

    /** What its policy file sets, in a few words: the table settings chosen, and the heap fractions where they won. */
    public String choice() {
      return heapFractions.policyWon() ? chosen + " + the policy's heap fractions" : chosen;
    }
  }

  /**
   * One arm's measurements: its settings and its rounds against the defaults'.
   *
   * @param memstoreBytes what its table held in its memstores after the rounds; null where no round ran
   * @param deferredFlushBytes how much of that the defaults' copy could not have held: flushes it deferred past its
   *     rounds, which bar it from being chosen; null where no round ran
   */
  public record CandidateResult(Map<PolicySetting, String> values, List<Double> ratios, List<Double> p99Ratios,
      double median, double min, double max, List<Double> throughputs, Long memstoreBytes, Long deferredFlushBytes) {
  }

  private final ClusterTarget target;
  /** The process cluster the calibration started, whose servers' heap fractions it may set one by one. */
  private final Optional<ProcessHBaseCluster> servers;
  private final Settings settings;
  private final Path workDir;
  private final PrintWriter out;
  private final long deadline;

  /**
   * @param servers the process cluster the calibration started, where it did: the heap fractions are measured there
   *     alone
   * @param startedNanos when the command began ({@link System#nanoTime}): the budget counts from then, so that it
   *     holds starting the cluster
   * @param stopsItsCluster whether the command stops the cluster once the classes end: the budget then keeps
   *     {@link CalibrationBudget#CLUSTER_STOP} for that
   */
  public Calibration(ClusterTarget target, Optional<ProcessHBaseCluster> servers, Settings settings, long startedNanos,
      boolean stopsItsCluster, Path workDir, PrintWriter out) {
    this.target = requireNonNull(target, "target is null");
    this.servers = requireNonNull(servers, "servers is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.workDir = requireNonNull(workDir, "workDir is null");
    this.out = requireNonNull(out, "out is null");
    this.deadline = CalibrationBudget.deadline(startedNanos, settings.budget(), stopsItsCluster);
  }

  /**
   * Writes a class's result as a policy file, {@code dir/<class>.yaml} ({@link CalibratedPolicies}).
   *
   * @param paper the policy the calibration started from
   * @param cluster how to name the cluster it ran on
   * @param when when it ran
   */
  public static Path writePolicy(Path dir, PcmWorkload workload, Policy paper, ClassResult result, String cluster,
      String when) throws IOException {
    return CalibratedPolicies.write(dir, workload, paper, result, cluster, when);
  }

  /**
   * What a calibration found: each class it calibrated, in order, and why each of the others failed.
   *
   * @param failures the failed classes' labels and what failed
   */
  public record Outcome(List<ClassResult> results, Map<String, String> failures) {
    public Outcome {
      results = List.copyOf(results);
      failures = Collections.unmodifiableMap(new LinkedHashMap<>(failures));
    }
  }

  /**
   * Loads the records, calibrates every class in turn, and drops everything it made. A class that fails (its
   * tables, or a run that cannot finish) is reported and the next one goes on: a calibration is long, and what it
   * found for the other classes stands.
   *
   * @throws IOException when the load fails, or the calibration is interrupted
   */
  public Outcome run() throws IOException {
    TableName loaded = TableName.valueOf("turbo_calibration_" + System.currentTimeMillis() / 1000);
    List<ClassResult> results = new ArrayList<>();
    Map<String, String> failures = new LinkedHashMap<>();
    try (Admin admin = target.connection().getAdmin()) {
      try (WrittenCopies written = new WrittenCopies(admin, loaded)) {
        Duration rewrite = load(admin, loaded);
        PolicyEnvironment environment = new Recommender(target.connection()).environment(Optional.of(loaded));
        boolean readsBelowTheCache = readsBelowTheCache(environment);
        List<ClassPlan> plans = new ArrayList<>();
        Set<Map<PolicySetting, String>> writtenBefore = new HashSet<>();
        for (PcmWorkload workload : settings.classes()) {
          try {
            plans.add(plan(workload, environment, readsBelowTheCache, rewrite, writtenBefore));
          } catch (RuntimeException e) {
            failed(failures, workload, e);
          }
        }
        Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
        boolean budgetShort = needs(plans).compareTo(left) > 0;
        printPlan(plans, left, budgetShort);
        RoundCap cap = RoundCap.of(settings.maxRounds(), budgetShort);
        for (int i = 0; i < plans.size(); i++) {
          ClassPlan plan = plans.get(i);
          long share = CalibrationBudget.share(deadline - System.nanoTime(), plan.need(),
              needs(plans.subList(i, plans.size())));
          long latest = deadline - needs(plans.subList(i + 1, plans.size())).toNanos();
          try (CandidateTables tables = new CandidateTables(admin, loaded, written, out)) {
            results.add(new ClassCalibration(plan, tables, environment.regionServers(), System.nanoTime() + share,
                latest, cap).run());
          } catch (InterruptedIOException e) {
            throw e;
          } catch (IOException | RuntimeException e) {
            failed(failures, plan.workload(), e);
          }
        }
      } finally {
        long dropping = System.nanoTime();
        BenchTables.dropIfExists(admin, loaded);
        out.printf("dropped %s in %.1f s%n", loaded, (System.nanoTime() - dropping) / 1e9);
        out.flush();
      }
    }
    return new Outcome(results, failures);
  }

  private void failed(Map<String, String> failures, PcmWorkload workload, Exception e) {
    failures.put(workload.label(), String.valueOf(e.getMessage()));
    out.printf("  %s FAILED: %s; the next class goes on%n", workload.label(), e.getMessage());
    out.flush();
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
  private record ClassPlan(PcmWorkload workload, Policy.Evaluated hbaseFractions,
      List<CalibrationCandidate> tried, Map<PolicySetting, String> heapCandidate, Optional<String> heapNotMeasured,
      Duration tableNeed, Duration heapNeed) {
    Duration need() {
      return tableNeed.plus(heapNeed);
    }
  }

  private static Duration needs(List<ClassPlan> plans) {
    return plans.stream().map(ClassPlan::need).reduce(Duration.ZERO, Duration::plus);
  }

  /**
   * Whether the loaded records' files outgrow the RegionServers' block caches together, so that reads go below them
   * ({@link CalibrationCandidate#triesSmallerFiles}); says which.
   */
  private boolean readsBelowTheCache(PolicyEnvironment environment) throws IOException {
    long caches = new ServerStatsReader(target.connection()).workload().servers().stream()
        .mapToLong(RegionServerState::blockCacheMaxBytes).sum();
    boolean below = environment.datasetBytes() > caches;
    out.printf("the records' files, %,d MiB, %s the RegionServers' block caches, %,d MiB together: smaller files"
        + " (%s) %s%n", Math.round(environment.datasetBytes() / (1 << 20)), below ? "outgrow" : "fit in",
        caches >> 20, CalibrationCandidate.SMALLER_FILES.name(), below ? "are tried for the classes that read more"
            + " than they write" : "are not tried, as the reads do not go below the caches, where they could save"
            + " what they cost to decode");
    out.flush();
    return below;
  }

  /**
   * @param rewrite what a candidate's copy takes to be written anew, by estimate
   * @param writtenBefore the values of the copies the classes planned before this one write anew, which this class's
   *     copies of the same values share ({@link WrittenCopies}); takes this class's
   */
  private ClassPlan plan(PcmWorkload workload, PolicyEnvironment environment, boolean readsBelowTheCache,
      Duration rewrite, Set<Map<PolicySetting, String>> writtenBefore) {
    Policy policy = settings.policies().get(workload.workloadClass());
    Policy.Evaluated paper = policy.evaluate(environment);
    Policy.Evaluated hbaseFractions = policy.withHBaseDefaults(PolicySetting.HEAP_FRACTIONS).evaluate(environment);
    int regionServers = environment.regionServers();
    List<CalibrationCandidate> tried = workload.isLoad()
        ? CalibrationCandidate.ofLoad(workload, paper, paper.presplitRegions() / regionServers)
        : CalibrationCandidate.of(workload, paper, readsBelowTheCache);
    Map<PolicySetting, String> heapCandidate = HeapFractionRounds.candidate(paper.values(), hbaseFractions.values());
    Optional<String> heapNotMeasured = heapNotMeasured(workload, heapCandidate, regionServers);
    return new ClassPlan(workload, hbaseFractions, tried, heapCandidate, heapNotMeasured,
        CalibrationBudget.tableRounds(tried.size(), workload.isLoad(), settings.runSeconds(), workload.isLoad()
            ? Duration.ZERO : rewrite.multipliedBy(CalibrationCandidate.writtenAnew(tried, writtenBefore))),
        heapNotMeasured.isPresent() ? Duration.ZERO : CalibrationBudget.heapRounds(settings.runSeconds(),
            workload.updates()));
  }

  /** Why a class's heap fractions are not measured; empty when they are. */
  private Optional<String> heapNotMeasured(PcmWorkload workload, Map<PolicySetting, String> candidate,
      int regionServers) {
    if (candidate.isEmpty()) {
      return Optional.of("the policy sets none, or HBase's as a policy gives them; nothing to measure");
    }
    if (workload.isLoad()) {
      return Optional.of("not measured for a load, whose tables are made anew before each run");
    }
    if (servers.isEmpty()) {
      return Optional.of("measured only on a process cluster the calibration starts (--cluster processes), a"
          + " fraction being a RegionServer's own");
    }
    if (regionServers < 2) {
      return Optional.of("measured only on 2 RegionServers or more (--regionservers), side by side");
    }
    return Optional.empty();
  }

  /**
   * What each class needs to reach the rounds a choice rests on, by estimate, and, where the budget left is less than
   * all of it, which classes then get less than they need, by estimate.
   */
  private void printPlan(List<ClassPlan> plans, Duration left, boolean budgetShort) {
    Duration needs = needs(plans);
    out.printf("%d s of the budget left for %d class%s, split by what each needs for %d rounds of its table settings"
        + " and its heap fractions, by estimate: %s%n", left.toSeconds(), plans.size(), plans.size() == 1 ? "" : "es",
        CalibrationJudge.MIN_ROUNDS, plans.stream().map(plan -> plan.workload().label() + " " + plan.need()
            .toSeconds() + " s").collect(Collectors.joining(", ")));
    if (budgetShort) {
      List<Duration> shares = CalibrationBudget.shares(left, plans.stream().map(ClassPlan::need).toList());
      List<String> shortOf = new ArrayList<>();
      List<String> none = new ArrayList<>();
      for (int i = 0; i < plans.size(); i++) {
        String label = plans.get(i).workload().label();
        if (shares.get(i).isZero()) {
          none.add(label);
        } else if (shares.get(i).compareTo(plans.get(i).need()) < 0) {
          shortOf.add(label + " gets " + shares.get(i).toSeconds() + " s of its " + plans.get(i).need().toSeconds()
              + " s");
        }
      }
      if (!none.isEmpty()) {
        shortOf.add(String.join(", ", none) + (none.size() == 1 ? " gets" : " get") + " none");
      }
      out.printf("  that is %d s more than is left: each class in turn gets what it needs while the budget lasts,"
          + " and its rounds end at the %d a choice rests on, so that, by estimate and unless a class before it ends"
          + " sooner, %s; --budget %dm would hold them all, and --class can name a class first%n",
          needs.minus(left).toSeconds(), CalibrationJudge.MIN_ROUNDS, String.join(" and ", shortOf),
          settings.budget().plus(needs.minus(left)).toMinutes() + 1);
    }
    out.flush();
  }

  /**
   * Loads the records every class runs on, then flushes and major-compacts them.
   *
   * @return how long the flush and the major compaction took: what a candidate's copy takes to be written anew, by
   *     estimate ({@link CalibrationBudget#tableRounds})
   */
  private Duration load(Admin admin, TableName table) throws IOException {
    int regions = 2 * admin.getRegionServers().size();
    out.printf("loading %,d records into %s (%d regions), once for every class%n", settings.records(), table,
        regions);
    out.flush();
    Duration compaction = PcmBenchmark.loadAndCompact(target, ycsb(Map.of(PcmBenchmark.TABLE_PROPERTY,
        table.getNameAsString()), regions), table, workDir.resolve("load"), out,
        "the load of the calibration's records");
    out.printf("  flushed and major-compacted in %.0f s: as long as a copy takes to be written anew for a candidate"
        + " whose files differ (block size, encoding, compression), by estimate%n", compaction.toNanos() / 1e9);
    out.flush();
    return compaction;
  }

  private YcsbExperiment.Settings ycsb(Map<String, String> overrides, int regions) {
    return PcmBenchmark.ycsb(settings.records(), settings.ycsbProperties(), overrides, regions, settings.threads(),
        settings.warmUp());
  }

  /** One class: its arms, their rounds in stages, and the choice. */
  private final class ClassCalibration {
    /**
     * How long a load's arm runs unmeasured on its table made anew: the client's first writes there go to the regions
     * of the table before, and wait out HBase's retries (100 ms, then longer) while it looks the new ones up. On an
     * embedded cluster, measured from the first write, an A/A pair of 1 s runs came out 0.22 of each other.
     */
    private static final Duration FIRST_INSERTS = Duration.ofSeconds(1);
    private final ClassPlan plan;
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

    ClassCalibration(ClassPlan plan, CandidateTables tables, int regionServers, long until, long latest,
        RoundCap cap) {
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

    ClassResult run() throws IOException {
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
      int stageRounds = FIRST_STAGE_ROUNDS;
      String stopped = null;
      while (stopped == null) {
        for (int i = 0; i < stageRounds && stopped == null; i++) {
          if (cap.reached(rounds)) {
            stopped = cap.ended(tablesUntil < until ? "its heap fractions" : "the classes after it");
          } else if (!roundFits(roundNanos)) {
            stopped = "the class's share of the budget was spent";
          } else {
            roundNanos = round(inRound(alive), true);
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
      return new YcsbExperiment(target, ycsb(workload.run(table, settings.runSeconds()), 1),
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

    private ClassResult result(TableChoice tableChoice, HeapFractionRounds.Result heap) {
      Optional<String> chosen = tableChoice.chosen();
      Map<String, CandidateResult> measured = new LinkedHashMap<>();
      arms.forEach((name, arm) -> measured.put(name, arm.result()));
      Map<PolicySetting, String> values = chosen.map(name -> arms.get(name).candidate.values()).orElse(Map.of());
      Integer presplit = workload.isLoad() ? chosen.map(name -> arms.get(name).candidate.presplitRegionsPerServer())
          .orElse(0) : null;
      return new ClassResult(workload.label(), chosen.orElse(CalibrationCandidate.DEFAULTS), values, presplit,
          measured, tableChoice.noise(), tableChoice.margin(), rounds, (System.nanoTime() - began) / 1e9,
          tableChoice.reason(), heap);
    }
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

    CandidateResult result() {
      CalibrationJudge.Paired paired = paired();
      return new CandidateResult(candidate.values(), paired.ratios(), paired.p99Ratios(), paired.median(),
          paired.min(), paired.max(), List.copyOf(throughputs), memstoreBytes < 0 ? null : memstoreBytes,
          memstoreBytes < 0 ? null : deferredFlushBytes);
    }
  }
}

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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.bench.pcm.ClassCalibration.Plan;
import org.hbaseturbo.bench.ycsb.WarmYcsbClient;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
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
 * compaction min and max, and for the classes that read a data block encoding, with a codec where the reads go below
 * the block caches: {@link CalibrationCandidate}), and for a bulk load the pre-split. A load's arms are empty
 * tables, each split as its candidate asks and made empty again before each of its runs, which insert as YCSB's run
 * phase does: a load measured into a table that earlier runs filled and split would measure a later stage than a bulk
 * load's into a new table.
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
      PcmYcsb.ycsb(records, ycsbProperties, 1, threads, YcsbWarmUp.operations(0));
    }

    /** YCSB's settings of a run on the records, with {@code overrides} of their properties. */
    YcsbExperiment.Settings ycsb(Map<String, String> overrides, int regions) {
      return PcmYcsb.ycsb(records, ycsbProperties, overrides, regions, threads, warmUp);
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
  private final long startedNanos;
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
    this.startedNanos = startedNanos;
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
   * @param classesEnded when the last class ended, from the command's start
   * @param classesDeadline when the classes had to end by, from the command's start: the budget less what it keeps
   *     for the drops and the cluster's stop after them ({@link CalibrationBudget#deadline})
   */
  public record Outcome(List<ClassResult> results, Map<String, String> failures, Duration classesEnded,
      Duration classesDeadline) {
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
    long classesEnded;
    try (Admin admin = target.connection().getAdmin()) {
      try (WrittenCopies written = new WrittenCopies(admin, loaded)) {
        Duration rewrite = load(admin, loaded);
        PolicyEnvironment environment = new Recommender(target.connection()).environment(Optional.of(loaded));
        CacheFit fit = cacheFit(environment);
        List<Plan> plans = new ArrayList<>();
        Set<Map<PolicySetting, String>> writtenBefore = new HashSet<>();
        for (PcmWorkload workload : settings.classes()) {
          try {
            plans.add(plan(workload, environment, fit, rewrite, writtenBefore));
          } catch (RuntimeException e) {
            failed(failures, workload, e);
          }
        }
        Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
        boolean budgetShort = Plan.needs(plans).compareTo(left) > 0;
        printPlan(plans, left, budgetShort);
        RoundCap cap = RoundCap.of(settings.maxRounds(), budgetShort);
        ClassCalibration.Context context = new ClassCalibration.Context(target, servers, settings, workDir, out);
        for (int i = 0; i < plans.size(); i++) {
          Plan plan = plans.get(i);
          long share = CalibrationBudget.share(deadline - System.nanoTime(), plan.need(),
              Plan.needs(plans.subList(i, plans.size())));
          long latest = deadline - Plan.needs(plans.subList(i + 1, plans.size())).toNanos();
          try (CandidateTables tables = new CandidateTables(admin, loaded, written, out)) {
            results.add(new ClassCalibration(context, plan, tables, environment.regionServers(),
                System.nanoTime() + share, latest, cap).run());
          } catch (InterruptedIOException e) {
            throw e;
          } catch (IOException | RuntimeException e) {
            failed(failures, plan.workload(), e);
          }
        }
        classesEnded = System.nanoTime();
        sayWhenTheClassesEnded(classesEnded);
      } finally {
        long dropping = System.nanoTime();
        BenchTables.dropIfExists(admin, loaded);
        out.printf("dropped %s in %.1f s%n", loaded, (System.nanoTime() - dropping) / 1e9);
        out.flush();
      }
    }
    return new Outcome(results, failures, Duration.ofNanos(classesEnded - startedNanos),
        Duration.ofNanos(deadline - startedNanos));
  }

  /**
   * Says how far from their deadline the classes ended, so that a calibration that ends past its budget shows whether
   * the classes ran over or what came after them took longer than the budget keeps for it.
   */
  private void sayWhenTheClassesEnded(long ended) {
    long early = deadline - ended;
    out.printf("the classes ended %.1f s into the budget, %.1f s %s their deadline%n", (ended - startedNanos) / 1e9,
        Math.abs(early) / 1e9, early >= 0 ? "before" : "past");
    out.flush();
  }

  private void failed(Map<String, String> failures, PcmWorkload workload, Exception e) {
    failures.put(workload.label(), String.valueOf(e.getMessage()));
    out.printf("  %s FAILED: %s; the next class goes on%n", workload.label(), e.getMessage());
    out.flush();
  }

  /**
   * How much of what the rounds read fits in the RegionServers' block caches together, which decides how files are
   * stored in the arms tried ({@link CalibrationCandidate#triesRowIndex}, {@link
   * CalibrationCandidate#triesSmallerFiles}); says which.
   */
  private CacheFit cacheFit(PolicyEnvironment environment) throws IOException {
    long caches = new ServerStatsReader(target.connection()).workload().servers().stream()
        .mapToLong(RegionServerState::blockCacheMaxBytes).sum();
    CacheFit fit = CacheFit.of(environment.datasetBytes(), caches);
    String said = switch (fit) {
      case ARM_AND_PACER -> "an arm's copy and the pacer's fit in them together; a row index ("
          + CalibrationCandidate.ROW_INDEX.name() + ") is tried for the classes whose Gets are most of their"
          + " operations, where it may save the CPU of seeking in cached blocks";
      case ONE_COPY -> "one copy fits in them, but not an arm's and the pacer's together, which a round reads at"
          + " once; neither a row index (it lost there) nor smaller files (a user's one table stays in the caches,"
          + " where they save no disk read) is tried";
      case NONE -> "one copy outgrows them; smaller files (" + CalibrationCandidate.SMALLER_FILES.name() + ") are"
          + " tried for the classes that read more than they write, where they may save disk reads";
    };
    out.printf("the records' files, %,d MiB a copy, and the RegionServers' block caches, %,d MiB together: %s%n",
        Math.round(environment.datasetBytes() / (1 << 20)), caches >> 20, said);
    out.flush();
    return fit;
  }

  /**
   * @param rewrite what a candidate's copy takes to be written anew, by estimate
   * @param writtenBefore the values of the copies the classes planned before this one write anew, which this class's
   *     copies of the same values share ({@link WrittenCopies}); takes this class's
   */
  private Plan plan(PcmWorkload workload, PolicyEnvironment environment, CacheFit fit,
      Duration rewrite, Set<Map<PolicySetting, String>> writtenBefore) {
    Policy policy = settings.policies().get(workload.workloadClass());
    Policy.Evaluated paper = policy.evaluate(environment);
    Policy.Evaluated hbaseFractions = policy.withHBaseDefaults(PolicySetting.HEAP_FRACTIONS).evaluate(environment);
    int regionServers = environment.regionServers();
    List<CalibrationCandidate> tried = workload.isLoad()
        ? CalibrationCandidate.ofLoad(workload, paper, paper.presplitRegions() / regionServers)
        : CalibrationCandidate.of(workload, paper, fit);
    Map<PolicySetting, String> heapCandidate = HeapFractionRounds.candidate(paper.values(), hbaseFractions.values());
    Optional<String> heapNotMeasured = heapNotMeasured(workload, heapCandidate, regionServers);
    return new Plan(workload, hbaseFractions, tried, heapCandidate, heapNotMeasured,
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
  private void printPlan(List<Plan> plans, Duration left, boolean budgetShort) {
    Duration needs = Plan.needs(plans);
    out.printf("%d s of the budget left for %d class%s, split by what each needs for %d rounds of its table settings"
        + " and its heap fractions, by estimate: %s%n", left.toSeconds(), plans.size(), plans.size() == 1 ? "" : "es",
        CalibrationJudge.MIN_ROUNDS, plans.stream().map(plan -> plan.workload().label() + " " + plan.need()
            .toSeconds() + " s").collect(Collectors.joining(", ")));
    if (budgetShort) {
      List<Duration> shares = CalibrationBudget.shares(left, plans.stream().map(Plan::need).toList());
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
    Duration compaction = PcmYcsb.loadAndCompact(target, settings.ycsb(Map.of(PcmYcsb.TABLE_PROPERTY,
        table.getNameAsString()), regions), table, workDir.resolve("load"), out,
        "the load of the calibration's records");
    out.printf("  flushed and major-compacted in %.0f s: as long as a copy takes to be written anew for a candidate"
        + " whose files differ (block size, encoding, compression), by estimate%n", compaction.toNanos() / 1e9);
    out.flush();
    return compaction;
  }

}

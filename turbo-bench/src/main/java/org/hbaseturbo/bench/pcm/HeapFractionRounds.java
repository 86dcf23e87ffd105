package org.hbaseturbo.bench.pcm;

import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.bench.ycsb.WarmYcsbClient;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.cluster.ServerControl.Restart;
import org.hbaseturbo.common.EveryStep;
import org.hbaseturbo.tune.HeapTuner;
import org.hbaseturbo.tune.RegionSpread;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicySetting;

/**
 * A class's heap fractions (memstore and block cache) measured against HBase's on the calibration's own process
 * cluster, two RegionServers side by side. The fractions are a server's, not a table's, so the table settings'
 * design (copies of the table on the same servers) cannot pair them; taking turns in time would bring back the
 * host's drift, 8.5% a round (results/pcm/concurrent-pairs-2026-12-01). Instead two copies of the records are each
 * served wholly by one server, one server runs the candidate's fractions and the other HBase's, and the client runs
 * both copies at once, half its threads on each. Each round runs twice, the servers' fractions swapped between the
 * runs: a round's ratio is the geometric mean of the two runs' (the candidate's copy's throughput over the other's),
 * in which what differs between the servers or the copies (the server that holds {@code hbase:meta}) cancels. Only
 * the spread of the rounds is left, and a candidate is kept if its median beats 1 by two standard errors of it, 1% at
 * least, at a p99 within 25% ({@link CalibrationJudge#beatsOnItsOwn}).
 *
 * <p>A swap is the servers' own settings ({@link ProcessHBaseCluster#updateServer}): the heap tuner's targets, and a
 * step that takes a fraction the whole way in one tuner period. After the fractions are in force, a run unmeasured
 * fills the block cache to its new size and flushes a memstore that shrank, then the measured run. Each server
 * carries half of a run's load, where the table settings' arms carry it all. The copies have HBase's table settings,
 * whatever the class's table rounds chose. The balancer is off meanwhile, and each swap moves back a region that
 * left its server all the same; at the end each server is given back the fractions it began with, and the
 * cluster's settings. A heap too full for the tuner to move a fraction (its guard, or HBase's own 95% mark) is met
 * by a restart of the servers with the cluster's settings: once in the rounds, and again at the end where the servers
 * cannot get their fractions back otherwise.
 */
final class HeapFractionRounds {
  /** A fraction's step when swapped: the whole way in one period of the tuner. */
  private static final String WHOLE_WAY = "1";
  /** The process cluster's heap tuner period ({@code ProcessClusterBuilder}): a swap is in force within it. */
  private static final Duration TUNER_PERIOD = Duration.ofSeconds(10);

  /** Which fractions the policy file gets from the rounds. */
  enum Verdict {
    /** The policy's beat HBase's: the policy's, marked measured. */
    POLICY,
    /** The rounds ran, and the policy's did not beat HBase's: HBase's, marked measured. */
    HBASE,
    /**
     * No round ran to its end (none fitted, the fractions fell short, a run failed): HBase's, unmeasured, as a table
     * setting whose rounds were too few to judge it falls back to HBase's default. A gain not shown on this cluster
     * is not taken on the paper's word: the paper's WO-update fractions measured 0.883 of HBase's over 21 rounds
     * (results/pcm/heap-fractions-restart-2026-12-02).
     */
    UNJUDGED,
    /**
     * The calibration does not search them here (a load, a cluster it did not start, one RegionServer, or nothing
     * to measure): HBase's, as every setting it does not measure.
     */
    NOT_SEARCHED
  }

  /**
   * What the rounds measured.
   *
   * @param candidate the policy's fractions, measured against HBase's
   * @param against HBase's fractions as a policy gives them, fitted to its heap: what the candidate ran beside
   * @param ratios each round's ratio: the geometric mean of its two runs' throughput ratios
   * @param p99Ratios each round's p99 ratio, the same way
   * @param runRatios each run's throughput ratio, the candidate's copy over the other, in order
   * @param median the rounds' median ratio
   * @param margin what the median had to beat 1 by ({@link CalibrationJudge#ownMargin})
   * @param reason the verdict's, for the user
   */
  record Result(Map<PolicySetting, String> candidate, Map<PolicySetting, String> against, List<Double> ratios,
      List<Double> p99Ratios, List<Double> runRatios, double median, double margin, Verdict verdict, String reason) {
    /** No round ran to its end, for {@code reason}: HBase's fractions, unmeasured. */
    static Result unjudged(Map<PolicySetting, String> candidate, String reason) {
      return withoutRounds(candidate, Verdict.UNJUDGED, reason);
    }

    /** The fractions are not searched, for {@code reason}: HBase's, unmeasured. */
    static Result notSearched(Map<PolicySetting, String> candidate, String reason) {
      return withoutRounds(candidate, Verdict.NOT_SEARCHED, reason);
    }

    private static Result withoutRounds(Map<PolicySetting, String> candidate, Verdict verdict, String reason) {
      return new Result(candidate, Map.of(), List.of(), List.of(), List.of(), Double.NaN, Double.NaN, verdict,
          reason);
    }

    /** Whether calibration searched the fractions, judged or not. */
    boolean searched() {
      return verdict != Verdict.NOT_SEARCHED;
    }

    /** Whether rounds judged the fractions, the policy's or HBase's. */
    boolean judged() {
      return verdict == Verdict.POLICY || verdict == Verdict.HBASE;
    }

    /** Whether the policy's fractions beat HBase's in the rounds: the only way the policy file gets them. */
    boolean policyWon() {
      return verdict == Verdict.POLICY;
    }

    /** The candidate as a policy file names it: "hfile.block.cache.size 0.6, ...". */
    String describeCandidate() {
      return String.join(", ", candidate.entrySet().stream().map(entry -> entry.getKey().key() + " "
          + entry.getValue()).toList());
    }
  }

  private final ProcessHBaseCluster servers;
  private final ClusterTarget target;
  private final CandidateTables tables;
  private final PrintWriter out;
  private final List<Double> ratios = new ArrayList<>();
  private final List<Double> p99Ratios = new ArrayList<>();
  private final List<Double> runRatios = new ArrayList<>();
  /** Each server's fractions by its name, as the rounds found them, or as a restart left them. */
  private Map<String, HeapFractions.Fractions> began = Map.of();
  /** The two copies, the i-th on server i. */
  private final List<TableName> copies = new ArrayList<>();
  /** Why the rounds ended, once they have. */
  private String ended;

  HeapFractionRounds(ProcessHBaseCluster servers, ClusterTarget target, CandidateTables tables, PrintWriter out) {
    this.servers = requireNonNull(servers, "servers is null");
    this.target = requireNonNull(target, "target is null");
    this.tables = requireNonNull(tables, "tables is null");
    this.out = requireNonNull(out, "out is null");
  }

  /**
   * A policy's heap fractions, where they differ from those a policy of HBase's gives; empty when they do not, or
   * when it sets none.
   *
   * @param values the policy's values
   * @param hbase the same policy's values with HBase's fractions ({@link Policy#withHBaseDefaults}), both fitted
   */
  static Map<PolicySetting, String> candidate(Map<PolicySetting, String> values, Map<PolicySetting, String> hbase) {
    Map<PolicySetting, String> fractions = new LinkedHashMap<>();
    PolicySetting.HEAP_FRACTIONS.stream().filter(values::containsKey)
        .forEach(setting -> fractions.put(setting, values.get(setting)));
    boolean differ = fractions.keySet().stream()
        .anyMatch(setting -> Double.parseDouble(fractions.get(setting)) != Double.parseDouble(hbase.get(setting)));
    return differ ? fractions : Map.of();
  }

  /**
   * Runs rounds until {@code until} or the rounds {@code cap} allows, then gives each server back the fractions it
   * began with and the cluster's settings. Where the servers' heap tuner holds a swap short, the servers restart with
   * the cluster's settings once and the rounds go on: a server restarted holds nothing of what the load and the
   * earlier classes left in its heap, and on 1 GiB heaps the swaps then reached their targets
   * (results/pcm/heap-fractions-restart-2026-12-02).
   *
   * @param hbaseValues the policy's values with HBase's fractions, fitted ({@link Policy#withHBaseDefaults})
   * @param prefix the names of the two copies begin with it
   * @param run YCSB's run properties of the class
   */
  Result run(Map<PolicySetting, String> candidate, Map<PolicySetting, String> hbaseValues, String prefix,
      Properties run, int threads, int runSeconds, YcsbWarmUp warmUp, long until, RoundCap cap) throws IOException {
    HeapFractions.Fractions hbase = fractions(hbaseValues, Map.of());
    HeapFractions.Fractions theirs = fractions(candidate, hbaseValues);
    // Two swaps, each in force within a tuner period, then an unmeasured and a measured run.
    long roundEstimate = 2 * (TUNER_PERIOD.toNanos() + Duration.ofSeconds(2L * runSeconds).toNanos());
    if (System.nanoTime() + roundEstimate > until) {
      return verdict(candidate, hbaseValues, Verdict.UNJUDGED, "no round fitted in the class's share of the budget");
    }
    out.printf("  heap fractions: %s against HBase's as a policy gives them, %s, on two copies of the records,"
        + " each served by one RegionServer alone, both run at once; the servers swap fractions between a round's two"
        + " runs%n", theirs, hbase);
    out.flush();
    began = HeapFractions.now(target.connection());
    // The copies stay each on its server: the balancer would spread them again.
    Closeable balancer = ClusterTarget.balancerPaused(target.connection());
    Result result;
    try {
      for (int server = 0; server < 2; server++) {
        TableName copy = tables.create(prefix + "_heap" + server, Map.of());
        int moved = RegionSpread.onto(target.connection(), copy, servers.regionServerName(server));
        out.printf("    moved %d regions of %s so that RegionServer %d holds them all%n", moved, copy, server);
        copies.add(copy);
      }
      List<String> names = copies.stream().map(TableName::getNameAsString).toList();
      try (WarmYcsbClient client = WarmYcsbClient.start(run, names, threads)) {
        out.printf("  the client warms up on both copies in turn: %s%n", client.warmUp(warmUp));
        out.flush();
        Optional<String> fellShort = rounds(client, names, theirs, hbase, runSeconds, until, cap,
            roundEstimate);
        Optional<String> unjudged = Optional.empty();
        if (fellShort.isPresent() && System.nanoTime() + roundEstimate > until) {
          // A restart would take the servers down for rounds that no longer fit: on 2026-12-06 one did, and the
          // classes ended 11 s past their deadline (results/pcm/calibrate-tail-2026-12-06). The rounds before the
          // swap that fell short stand, as they do after a restart.
          out.printf("  the servers' heap tuner held the fractions short of them (%s), and no round would fit in the"
              + " class's share after a restart: none is made%n", fellShort.get());
          if (ratios.isEmpty()) {
            unjudged = Optional.of("the servers' heap tuner held the fractions short of them (" + fellShort.get()
                + "), and no round would have fitted in the class's share of the budget after a restart");
          }
        } else if (fellShort.isPresent()) {
          out.printf("  the servers' heap tuner held the fractions short of them (%s): restarting the servers with the"
              + " cluster's settings, which empties their heaps of what the load and the earlier classes left, and"
              + " going on%n",
              fellShort.get());
          restartWithClusterSettings();
          began = HeapFractions.now(target.connection());
          Optional<String> again = rounds(client, names, theirs, hbase, runSeconds, until, cap, roundEstimate);
          if (again.isPresent()) {
            unjudged = Optional.of("the servers' heap tuner held the fractions short of them even after a restart,"
                + " so they were not judged, the rounds before it set aside: " + again.get());
          } else if (ratios.isEmpty()) {
            // The restart took what was left of the class's share: say what stopped the rounds.
            unjudged = Optional.of("the servers' heap tuner held the fractions short of them (" + fellShort.get()
                + "), and after the restart no round fitted in the class's share of the budget");
          }
        }
        result = unjudged.isPresent() ? verdict(candidate, hbaseValues, Verdict.UNJUDGED, unjudged.get())
            : judged(candidate, hbaseValues);
      } catch (IOException | RuntimeException e) {
        EveryStep.after(e, this::giveBack);
        throw e;
      }
      giveBack();
    } catch (IOException | RuntimeException e) {
      // A failure to resume the balancer is added to the rounds' own, not put in its place.
      EveryStep.after(e, balancer::close);
      throw e;
    }
    balancer.close();
    return result;
  }

  private Optional<String> rounds(WarmYcsbClient client, List<String> names, HeapFractions.Fractions theirs,
      HeapFractions.Fractions hbase, int runSeconds, long until, RoundCap cap, long roundEstimate)
      throws IOException {
    long roundNanos = roundEstimate;
    while (!cap.reached(ratios.size()) && System.nanoTime() + roundNanos < until
        && !CalibrationJudge.lostOnItsOwn(paired())) {
      long start = System.nanoTime();
      double[] throughput = new double[2];
      double[] p99 = new double[2];
      for (int candidateOn = 0; candidateOn < 2; candidateOn++) {
        keepPlaced();
        Optional<String> fellShort = HeapFractions.awaitEach(target.connection(), Map.of(
            give(candidateOn, theirs), theirs, give(1 - candidateOn, hbase), hbase));
        if (fellShort.isPresent()) {
          return fellShort;
        }
        Duration length = Duration.ofSeconds(runSeconds);
        // The threads change copies each round, so that neither copy keeps the same half of them.
        List<String> together = ratios.size() % 2 == 0 ? names : List.of(names.get(1), names.get(0));
        client.measureTogether(together, length);
        List<WarmYcsbClient.Measurement> measured = client.measureTogether(together, length);
        WarmYcsbClient.Measurement candidate = byTable(measured, names.get(candidateOn));
        WarmYcsbClient.Measurement other = byTable(measured, names.get(1 - candidateOn));
        if (candidate.failures() + other.failures() > 0) {
          throw new IOException("the heap fractions' run failed " + (candidate.failures() + other.failures())
              + " of " + (candidate.operations() + other.operations()) + " operations");
        }
        throughput[candidateOn] = candidate.throughputOpsPerSecond() / other.throughputOpsPerSecond();
        p99[candidateOn] = candidate.p99Us() / other.p99Us();
      }
      runRatios.add(throughput[0]);
      runRatios.add(throughput[1]);
      ratios.add(Math.sqrt(throughput[0] * throughput[1]));
      p99Ratios.add(Math.sqrt(p99[0] * p99[1]));
      out.printf("  heap round %d: %.3f (runs %.3f and %.3f); median %.3f so far (throughput over HBase's"
          + " fractions')%n", ratios.size(), ratios.get(ratios.size() - 1), throughput[0], throughput[1],
          paired().median());
      out.flush();
      // The longest round so far: a round of a class that writes takes as long again when a flush falls in it.
      roundNanos = Math.max(roundNanos, System.nanoTime() - start);
    }
    ended = CalibrationJudge.lostOnItsOwn(paired()) ? "the policy's had measured below HBase's by more than their"
        + " margin, over " + CalibrationJudge.MIN_ROUNDS + " rounds or more: settled, the class's time left going to"
        + " the classes after it"
        : cap.reached(ratios.size()) ? cap.ended("the classes after it")
        : "the class's share of the budget was spent";
    return Optional.empty();
  }

  /** Moves back a region of a copy that left its server (a split, or a move the balancer began before it paused). */
  private void keepPlaced() throws IOException {
    for (int server = 0; server < 2; server++) {
      int moved = RegionSpread.onto(target.connection(), copies.get(server), servers.regionServerName(server));
      if (moved > 0) {
        out.printf("    %d regions of %s had left RegionServer %d: moved back%n", moved, copies.get(server), server);
      }
    }
  }

  /** Gives server {@code index} {@code fractions} as its own targets, moved the whole way in one period; its name. */
  private String give(int index, HeapFractions.Fractions fractions) throws IOException {
    servers.updateServer(index, Map.of(
        HeapTuner.targetKey(PolicySetting.MEMSTORE.key()), String.valueOf(fractions.memstore()),
        HeapTuner.targetKey(PolicySetting.BLOCK_CACHE.key()), String.valueOf(fractions.blockCache()),
        HeapTuner.STEP_KEY, WHOLE_WAY), progress -> { });
    return servers.regionServerName(index).getServerName();
  }

  /**
   * Gives each server the fractions it began with, waits for them, then takes its own settings away: with no target
   * the tuner keeps a fraction where it is, so the servers run on as they began. Where the tuner holds a server short
   * of them (a heap full after collections: results/pcm/heap-fractions-2026-12-02/disk), the servers restart with the
   * cluster's settings, which is the one way back to its fractions; the next class would otherwise run beside
   * fractions nobody chose.
   */
  private void giveBack() throws IOException {
    Optional<String> fellShort;
    try {
      Map<String, HeapFractions.Fractions> targets = new LinkedHashMap<>();
      for (int server = 0; server < 2; server++) {
        HeapFractions.Fractions fractions = began.get(servers.regionServerName(server).getServerName());
        if (fractions != null) {
          targets.put(give(server, fractions), fractions);
        }
      }
      fellShort = HeapFractions.awaitEach(target.connection(), targets);
      if (fellShort.isEmpty()) {
        for (int server = 0; server < 2; server++) {
          servers.updateServer(server, Map.of(), progress -> { });
        }
      }
    } catch (IOException | RuntimeException e) {
      fellShort = Optional.of("giving them back failed: " + e.getMessage());
    }
    if (fellShort.isPresent()) {
      out.printf("  the servers did not get back the heap fractions they began with (%s): restarting them with the"
          + " cluster's settings before the next class%n", fellShort.get());
      restartWithClusterSettings();
    }
  }

  /**
   * Takes each server's own settings away, with no reload a server that is down would fail, and restarts them all:
   * they start at the cluster's fractions.
   */
  private void restartWithClusterSettings() throws IOException {
    servers.clearServerSettings();
    out.flush();
    servers.restart(Restart.ALL_AT_ONCE, Map.of(), Optional.empty(), line -> {
      out.printf("    %s%n", line);
      out.flush();
    });
  }

  /** The rounds' verdict: HBase's fractions unless the policy's beat them. */
  private Result judged(Map<PolicySetting, String> candidate, Map<PolicySetting, String> hbaseValues) {
    if (ratios.isEmpty()) {
      return verdict(candidate, hbaseValues, Verdict.UNJUDGED, "no round fitted in the class's share of the budget");
    }
    CalibrationJudge.Paired paired = paired();
    boolean beats = CalibrationJudge.beatsOnItsOwn(paired);
    return verdict(candidate, hbaseValues, beats ? Verdict.POLICY : Verdict.HBASE, String.format("median %.3f of"
        + " HBase's fractions' throughput over %d round%s (p99 %.3f), %s (1 + %.3f, two standard errors of the median"
        + " from the rounds' spread, at least %.0f%%, over %d rounds at least); the rounds ended when %s",
        paired.median(), ratios.size(), ratios.size() == 1 ? "" : "s", paired.p99Median(), beats ? "beats HBase's"
            : "does not beat HBase's", CalibrationJudge.ownMargin(paired), CalibrationJudge.MIN_GAIN * 100,
        CalibrationJudge.MIN_ROUNDS, ended));
  }

  private Result verdict(Map<PolicySetting, String> candidate, Map<PolicySetting, String> hbaseValues,
      Verdict verdict, String reason) {
    out.printf("  heap fractions: %s: %s%n", switch (verdict) {
      case POLICY -> "the policy's kept";
      case HBASE -> "HBase's kept";
      case UNJUDGED -> "HBase's kept, not judged";
      case NOT_SEARCHED -> "HBase's kept, not searched";
    }, reason);
    out.flush();
    Map<PolicySetting, String> against = new LinkedHashMap<>();
    candidate.keySet().forEach(setting -> against.put(setting, hbaseValues.getOrDefault(setting,
        setting.hbaseDefault())));
    CalibrationJudge.Paired paired = paired();
    return new Result(candidate, against, ratios, p99Ratios, runRatios, paired.median(),
        ratios.isEmpty() ? Double.NaN : CalibrationJudge.ownMargin(paired), verdict, reason);
  }

  private CalibrationJudge.Paired paired() {
    return new CalibrationJudge.Paired(ratios, p99Ratios);
  }

  /** A memstore and block-cache pair: {@code values}' where given, else {@code others}', else HBase's default. */
  private static HeapFractions.Fractions fractions(Map<PolicySetting, String> values,
      Map<PolicySetting, String> others) {
    return new HeapFractions.Fractions(fraction(PolicySetting.MEMSTORE, values, others),
        fraction(PolicySetting.BLOCK_CACHE, values, others));
  }

  private static double fraction(PolicySetting setting, Map<PolicySetting, String> values,
      Map<PolicySetting, String> others) {
    return Double.parseDouble(values.getOrDefault(setting, others.getOrDefault(setting, setting.hbaseDefault())));
  }

  private static WarmYcsbClient.Measurement byTable(List<WarmYcsbClient.Measurement> measured, String table) {
    return measured.stream().filter(measurement -> measurement.table().equals(table)).findFirst().orElseThrow();
  }
}

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
 * carries half of a run's load, where the table settings' arms carry it all.
 */
final class HeapFractionRounds {
  /** A fraction's step when swapped: the whole way in one period of the tuner. */
  private static final String WHOLE_WAY = "1";

  /**
   * What the rounds measured.
   *
   * @param candidate the fractions measured against HBase's
   * @param against HBase's fractions as a policy gives them, fitted to its heap: what the candidate ran beside
   * @param ratios each round's ratio: the geometric mean of its two runs' throughput ratios
   * @param runRatios each run's throughput ratio, the candidate's copy over the other, in order
   * @param chosen whether the candidate's fractions go into the policy
   */
  record Result(Map<PolicySetting, String> candidate, Map<PolicySetting, String> against, List<Double> ratios,
      List<Double> p99Ratios,
      List<Double> runRatios, double median, double margin, boolean chosen, String reason) {
    /** No rounds, for {@code reason}. */
    static Result notMeasured(Map<PolicySetting, String> candidate, String reason) {
      return new Result(candidate, Map.of(), List.of(), List.of(), List.of(), Double.NaN, Double.NaN, false, reason);
    }

    boolean measured() {
      return !ratios.isEmpty();
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
  /** Why the rounds ended, once they have. */
  private String ended;

  HeapFractionRounds(ProcessHBaseCluster servers, ClusterTarget target, CandidateTables tables, PrintWriter out) {
    this.servers = requireNonNull(servers, "servers is null");
    this.target = requireNonNull(target, "target is null");
    this.tables = requireNonNull(tables, "tables is null");
    this.out = requireNonNull(out, "out is null");
  }

  /** The heap fractions a policy sets. */
  static final List<PolicySetting> FRACTIONS = List.of(PolicySetting.MEMSTORE, PolicySetting.BLOCK_CACHE);

  /**
   * A policy's heap fractions, where they differ from those a policy of HBase's gives; empty when they do not.
   *
   * @param values the policy's values
   * @param hbase the same policy's values with HBase's fractions ({@link Policy#withHBaseDefaults}), both fitted
   */
  static Map<PolicySetting, String> candidate(Map<PolicySetting, String> values, Map<PolicySetting, String> hbase) {
    Map<PolicySetting, String> fractions = new LinkedHashMap<>();
    FRACTIONS.stream().filter(values::containsKey).forEach(setting -> fractions.put(setting, values.get(setting)));
    boolean differ = fractions.keySet().stream()
        .anyMatch(setting -> Double.parseDouble(fractions.get(setting)) != Double.parseDouble(hbase.get(setting)));
    return differ ? fractions : Map.of();
  }

  /**
   * Runs rounds until {@code until} or {@code maxRounds} (0: no bound), then gives both servers HBase's fractions back.
   *
   * @param prefix the names of the two copies begin with it
   * @param run YCSB's run properties of the class
   */
  Result run(Map<PolicySetting, String> candidate, Map<PolicySetting, String> hbaseValues, String prefix,
      Properties run, int threads, int runSeconds, YcsbWarmUp warmUp, long until, int maxRounds) throws IOException {
    HeapFractions.Fractions theirs = fractions(candidate);
    HeapFractions.Fractions hbase = fractions(hbaseValues);
    out.printf("  heap fractions: %s against HBase's as a policy gives them, %s, on two copies of the records,"
        + " each served by one RegionServer alone, both run at once; the servers swap fractions between a round's two"
        + " runs%n", theirs, hbase);
    out.flush();
    // The copies stay each on its server: the balancer would move them back into turns.
    Closeable balancer = target.balancerPaused();
    try {
      List<TableName> copies = new ArrayList<>();
      for (int server = 0; server < 2; server++) {
        TableName copy = tables.create(prefix + "_heap" + server, Map.of());
        RegionSpread.onto(target.connection(), copy, servers.regionServerName(server),
            placed -> out.printf("    %s%n", placed));
        copies.add(copy);
      }
      List<String> names = copies.stream().map(TableName::getNameAsString).toList();
      try (WarmYcsbClient client = WarmYcsbClient.start(run, names, threads)) {
        out.printf("  the client warms up on both copies in turn: %s%n", client.warmUp(warmUp));
        out.flush();
        Optional<String> fellShort = rounds(client, names, theirs, hbase, runSeconds, until, maxRounds);
        return result(candidate, hbaseValues, fellShort);
      } finally {
        swap(-1, theirs, hbase);
      }
    } finally {
      balancer.close();
    }
  }

  private Optional<String> rounds(WarmYcsbClient client, List<String> names, HeapFractions.Fractions theirs,
      HeapFractions.Fractions hbase, int runSeconds, long until, int maxRounds) throws IOException {
    long roundNanos = 0;
    while ((maxRounds == 0 || ratios.size() < maxRounds) && System.nanoTime() + roundNanos < until) {
      long start = System.nanoTime();
      double[] throughput = new double[2];
      double[] p99 = new double[2];
      for (int candidateOn = 0; candidateOn < 2; candidateOn++) {
        Optional<String> fellShort = swap(candidateOn, theirs, hbase);
        if (fellShort.isPresent()) {
          return fellShort;
        }
        Duration length = Duration.ofSeconds(runSeconds);
        // The threads change copies every other round, so that neither copy keeps the same half of them.
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
        runRatios.add(throughput[candidateOn]);
      }
      ratios.add(Math.sqrt(throughput[0] * throughput[1]));
      p99Ratios.add(Math.sqrt(p99[0] * p99[1]));
      out.printf("  heap round %d: %.3f (runs %.3f and %.3f); median %.3f so far (throughput over HBase's"
          + " fractions')%n", ratios.size(), ratios.get(ratios.size() - 1), throughput[0], throughput[1],
          paired().median());
      out.flush();
      roundNanos = System.nanoTime() - start;
    }
    ended = maxRounds > 0 && ratios.size() >= maxRounds ? "the class had its " + maxRounds + " rounds (--max-rounds)"
        : "the class's share of the budget was spent";
    return Optional.empty();
  }

  /**
   * Gives server {@code candidateOn} the candidate's fractions and the other HBase's (-1: both HBase's), and waits for
   * them.
   *
   * @return where the servers stand if they stopped short of the fractions
   */
  private Optional<String> swap(int candidateOn, HeapFractions.Fractions theirs, HeapFractions.Fractions hbase)
      throws IOException {
    Map<String, HeapFractions.Fractions> targets = new LinkedHashMap<>();
    for (int server = 0; server < 2; server++) {
      HeapFractions.Fractions fractions = server == candidateOn ? theirs : hbase;
      servers.updateServer(server, Map.of(
          HeapTuner.targetKey(PolicySetting.MEMSTORE.key()), String.valueOf(fractions.memstore()),
          HeapTuner.targetKey(PolicySetting.BLOCK_CACHE.key()), String.valueOf(fractions.blockCache()),
          HeapTuner.STEP_KEY, WHOLE_WAY), progress -> { });
      targets.put(servers.regionServerName(server).getServerName(), fractions);
    }
    return HeapFractions.awaitEach(target.connection(), targets);
  }

  private Result result(Map<PolicySetting, String> candidate, Map<PolicySetting, String> hbaseValues,
      Optional<String> fellShort) {
    CalibrationJudge.Paired paired = paired();
    String reason;
    boolean chosen = false;
    if (fellShort.isPresent()) {
      reason = "the servers' heap tuner held the fractions short of them, so they were not measured: "
          + fellShort.get();
    } else if (ratios.size() < 2) {
      reason = ratios.size() + " round" + (ratios.size() == 1 ? "" : "s") + ", too few to judge; the rounds ended"
          + " when " + ended;
    } else {
      chosen = CalibrationJudge.beatsOnItsOwn(paired);
      reason = String.format("median %.3f of HBase's fractions' throughput over %d rounds (p99 %.3f), %s 1 + %.3f"
          + " (two standard errors of the median from the rounds' spread, at least %.0f%%); the rounds ended when %s",
          paired.median(), ratios.size(), paired.p99Median(), chosen ? "above" : "not above",
          CalibrationJudge.ownMargin(paired), CalibrationJudge.MIN_GAIN * 100, ended);
    }
    out.printf("  heap fractions: %s: %s%n", chosen ? "the candidate's kept" : "HBase's kept", reason);
    out.flush();
    Map<PolicySetting, String> against = new LinkedHashMap<>();
    candidate.keySet().forEach(setting -> against.put(setting, hbaseValues.get(setting)));
    return new Result(candidate, against, ratios, p99Ratios, runRatios, paired.median(),
        ratios.isEmpty() ? Double.NaN : CalibrationJudge.ownMargin(paired), chosen, reason);
  }

  private CalibrationJudge.Paired paired() {
    return new CalibrationJudge.Paired(ratios, p99Ratios);
  }

  /** A memstore and block-cache pair: {@code values}' where given, HBase's default otherwise. */
  private static HeapFractions.Fractions fractions(Map<PolicySetting, String> values) {
    return new HeapFractions.Fractions(
        Double.parseDouble(values.getOrDefault(PolicySetting.MEMSTORE, PolicySetting.MEMSTORE.hbaseDefault())),
        Double.parseDouble(values.getOrDefault(PolicySetting.BLOCK_CACHE,
            PolicySetting.BLOCK_CACHE.hbaseDefault())));
  }

  private static WarmYcsbClient.Measurement byTable(List<WarmYcsbClient.Measurement> measured, String table) {
    return measured.stream().filter(measurement -> measurement.table().equals(table)).findFirst().orElseThrow();
  }
}

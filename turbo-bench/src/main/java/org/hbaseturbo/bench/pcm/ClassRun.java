package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import org.hbaseturbo.bench.ycsb.ServerWarmUp;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
import org.hbaseturbo.bench.ycsb.YcsbPhase;
import org.hbaseturbo.bench.ycsb.YcsbTable;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.client.stats.WorkloadReading;
import org.hbaseturbo.tune.AuditLog;
import org.hbaseturbo.tune.PolicyExecutor;
import org.hbaseturbo.tune.Recommender;
import org.hbaseturbo.tune.policy.Policy;

/**
 * One class on one variant's cluster, in one round of {@code bench pcm}: the class's policy applied where the variant
 * has one, the servers warmed up, then the measured run (or the bulk load) and what the servers did over it.
 */
final class ClassRun {
  /**
   * One round's measured run of a class under a variant.
   *
   * @param applied what PCM or the calibrated policy changed before it, as {@link ClassResult#applied()}; empty for
   *     the other variants
   * @param warmUp how the servers were warmed up before it; none before a load, which starts from an empty table
   */
  record Measured(PhaseResult run, ServerActivity activity, List<String> applied,
      Optional<ServerWarmUp.Outcome> warmUp) {
  }

  private final PcmBenchmark.Settings settings;
  private final PrintWriter out;
  private final BenchCluster cluster;
  private final PcmVariant variant;
  private final PcmWorkload workload;
  private final int round;
  private final Path dir;
  /** What applies the variant's policy before each class, for PCM and calibrated. */
  private final Optional<PolicyExecutor> applier;
  private final ServerStatsReader stats;

  ClassRun(PcmBenchmark.Settings settings, BenchCluster cluster, PcmVariant variant, PcmWorkload workload, int round,
      Path dir, Optional<PolicyExecutor> applier, PrintWriter out) {
    this.settings = settings;
    this.out = out;
    this.cluster = cluster;
    this.variant = variant;
    this.workload = workload;
    this.round = round;
    this.dir = dir;
    this.applier = applier;
    this.stats = new ServerStatsReader(cluster.connection());
  }

  /**
   * The bulk load: into a new, empty table of one region, as HBase creates it, dropped afterwards. A policy
   * pre-splits it as {@code tune apply} does, at the quantiles of the keys the load inserts; the others leave it.
   */
  Measured load() throws IOException {
    String table = "pcm_load_" + round;
    YcsbExperiment experiment = new YcsbExperiment(cluster.target(),
        settings.ycsb(settings.loadRecords(), Map.of(PcmYcsb.TABLE_PROPERTY, table), 1), dir, out);
    Properties loadProperties = experiment.phase(YcsbPhase.Kind.LOAD, "table", false).properties();
    try (Admin admin = cluster.connection().getAdmin()) {
      YcsbTable.createIfMissing(admin, TableName.valueOf(table), YcsbPhase.DEFAULT_FAMILY, 1, loadProperties);
    }
    List<String> applied = List.of();
    if (applier.isPresent()) {
      applied = apply(applier.get().withSplitKeys(YcsbTable.keys(loadProperties)), table);
    }
    int regions = regions(table);
    if (applier.isPresent()) {
      requirePreSplit(table, regions, applied);
    }
    out.printf("  %s, %s: load into %s (%d region%s)%n", workload.label(), variant.label(), table, regions,
        regions == 1 ? "" : "s");
    WorkloadReading before = stats.workload();
    PhaseResult load = experiment.load(false);
    ServerActivity activity = ServerActivity.between(before, stats.workload());
    PcmYcsb.requireNoFailures(load, workload.label() + " load in round " + round);
    try (Admin admin = cluster.connection().getAdmin()) {
      BenchTables.dropIfExists(admin, TableName.valueOf(table));
    }
    return new Measured(load, activity, applied, Optional.empty());
  }

  /**
   * A run class: one unmeasured run to warm the servers' caches after the cluster's start, then the measured run,
   * each for the same time. The read-only classes leave the data as they found it; the classes that write leave
   * more updates behind under a faster variant, which is part of what a variant does to the classes after it.
   */
  Measured run() throws IOException {
    List<String> applied = List.of();
    if (applier.isPresent()) {
      applied = apply(rewritesFiles() ? applier.get().reopeningRegions() : applier.get(), PcmBenchmark.TABLE);
    }
    YcsbExperiment.Settings ycsb = settings.ycsb(settings.records(),
        workload.run(PcmBenchmark.TABLE, settings.runSeconds()), PcmBenchmark.LOADED_REGIONS);
    out.printf("  %s, %s: warm-up runs until the servers' JIT is quiet (at most %d), then the measured run of"
        + " round %d%n", workload.label(), variant.label(), settings.warmUp().serverRuns(), round);
    // Unmeasured, so its client needs no warm-up of its own.
    YcsbExperiment.Settings warming = ycsb.withWarmUp(YcsbWarmUp.operations(0));
    ServerWarmUp.Outcome warmUp = ServerWarmUp.untilQuiet(settings.warmUp().serverRuns(),
        number -> new YcsbExperiment(cluster.target(), warming, dir.resolve("warm-up-" + number), out)
            .run(1, 1, false));
    out.printf("  %s, %s: %s%n", workload.label(), variant.label(), warmUp.describe());
    WorkloadReading before = stats.workload();
    PhaseResult run = new YcsbExperiment(cluster.target(), ycsb, dir, out).run(round, settings.runs(), false);
    ServerActivity activity = ServerActivity.between(before, stats.workload());
    PcmYcsb.requireNoFailures(run, workload.label() + " under " + variant.label() + " in round " + round);
    return new Measured(run, activity, applied, Optional.of(warmUp));
  }

  private int regions(String table) throws IOException {
    try (Admin admin = cluster.connection().getAdmin()) {
      return admin.getRegions(TableName.valueOf(table)).size();
    }
  }

  /** A PCM load without the policy's pre-split would measure the rest of the policy alone, under its name. */
  private void requirePreSplit(String table, int regions, List<String> applied) throws IOException {
    int asked = settings.policies(variant).get(workload.workloadClass())
        .evaluate(PcmBenchmark.environment(settings.node())).presplitRegions();
    if (regions < asked) {
      throw new IOException("the " + workload.label() + " policy's pre-split left " + table + " at " + regions
          + " regions, not " + asked + ": " + String.join("; ", applied));
    }
  }

  /**
   * Applies the class's policy to the servers and {@code table}, and waits until its heap fractions hold; the
   * last line says how long that took.
   */
  private List<String> apply(PolicyExecutor executor, String table) throws IOException {
    long start = System.nanoTime();
    Policy policy = settings.policies(variant).get(workload.workloadClass());
    List<AuditLog.Entry> entries = executor.apply(new Recommender(cluster.connection()).recommend(policy,
        Optional.of(TableName.valueOf(table))), false, line -> {
          out.println("    " + line);
          out.flush();
        });
    HeapFractions.await(cluster.connection(), entries, out);
    List<String> applied = new ArrayList<>(entries.stream().map(e -> e.target() + " " + e.key() + ": "
        + e.oldValue() + " -> " + e.newValue() + " (" + e.route().name().toLowerCase(Locale.ROOT) + ", "
        + e.status() + ")").toList());
    applied.add(String.format("in force after %.1f s", (System.nanoTime() - start) / 1e9));
    if (rewritesFiles() && PolicyExecutor.changedFileValues(entries)) {
      applied.add(rewriteFiles(table));
    }
    return applied;
  }

  /** Whether this class's policy rewrites the table's files once applied ({@code --compact}). */
  private boolean rewritesFiles() {
    return settings.rewriteReadOnlyFiles() && workload.workloadClass().readOnly();
  }

  /** The table's files rewritten with the values just applied, as {@code tune apply --compact} rewrites them. */
  private String rewriteFiles(String table) throws IOException {
    try (Admin admin = cluster.connection().getAdmin()) {
      double seconds = BenchTables.flushAndCompact(admin, TableName.valueOf(table), line -> {
        out.println("    " + line);
        out.flush();
      });
      String rewritten = String.format("files rewritten with the policy's values by a major compaction in %.1f s",
          seconds);
      out.println("    " + rewritten);
      out.flush();
      return rewritten;
    }
  }
}

package org.hbaseturbo.bench;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.bench.ycsb.DbBinding;
import org.hbaseturbo.bench.ycsb.NativeHBaseClient;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
import org.hbaseturbo.bench.ycsb.YcsbProperties;
import org.hbaseturbo.bench.ycsb.YcsbSummary;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.cluster.ClusterTarget;

/**
 * The shape the benchmarks of timed YCSB runs share (scan, codec, fast path): load a table once, then for each
 * experiment and client count run every variant in turn, round after round ({@link RunOrder}), on that table, so
 * that the variants' ratios are side by side; each variant's runs become one result, named "experiment variant".
 */
public final class InterleavedRuns {
  /** Load threads: loading is not what is measured. */
  private static final int LOAD_THREADS = 4;

  private final ClusterTarget target;
  private final RunPlan plan;
  private final PrintWriter progress;
  private final RunDetails details;

  /** What a benchmark does before each measured run of a variant: flush a table that the runs write, say. */
  public interface BeforeRun {
    void prepare() throws IOException;
  }

  public InterleavedRuns(ClusterTarget target, RunPlan plan, PrintWriter progress) {
    this.target = requireNonNull(target, "target is null");
    this.plan = requireNonNull(plan, "plan is null");
    this.progress = requireNonNull(progress, "progress is null");
    this.details = new RunDetails(progress);
  }

  /** Loads {@code properties}' records with HBase's own client, into a table pre-split into the plan's regions. */
  public void load(String workload, Map<String, String> properties, Path dir) throws IOException {
    experiment(workload, properties, DbBinding.NATIVE, LOAD_THREADS, plan.regions(), dir, false).load(false);
  }

  /**
   * Flushes and major-compacts the table, and reads it once: reads then come from store files through the block
   * cache, as at the papers' millions of rows, and no variant's first run pays for bringing them into the cache.
   */
  public void settle(TableName table) throws IOException {
    try (Admin admin = target.connection().getAdmin()) {
      BenchTables.flushAndCompact(admin, table);
    }
    BenchTables.readThrough(target.connection(), table);
  }

  /**
   * Every variant's measured runs of one experiment at one client count, interleaved; returns one result per variant,
   * named "experiment variant", in the order given. How each variant's runs warmed up and how their fast-path
   * attempts ended go into the report's parameters ({@link #putParameters}).
   *
   * @param dir where each variant's runs get a directory of their own
   */
  public <V extends ClientVariant> List<VariantResult> interleave(String experiment, String workload,
      Map<String, String> properties, List<V> variants, int clients, int regions, Path dir, BeforeRun before)
      throws IOException {
    Map<V, List<PhaseResult>> runs = RunOrder.interleaved(variants, plan.runs(), (variant, run) -> {
      before.prepare();
      progress.printf("%s, %d client%s, %s: run %d of %d%n", experiment, clients, clients == 1 ? "" : "s",
          variant.label(), run, plan.runs());
      progress.flush();
      Path runDir = dir.resolve(experiment + "-" + variant.name().toLowerCase(Locale.ROOT) + "-" + clients);
      Map<String, String> variantProperties = new HashMap<>(properties);
      variantProperties.putAll(variant.properties());
      return experiment(workload, variantProperties, variant.db(), clients, regions, runDir, true)
          .run(run, plan.runs(), false);
    });
    List<VariantResult> results = new ArrayList<>();
    runs.forEach((variant, phases) -> {
      String name = experiment + " " + variant.label();
      details.record(name + " x" + clients, phases);
      results.add(YcsbSummary.summarize(name, phases));
    });
    return results;
  }

  /**
   * The report parameters of the runs so far: the plan's, and how each result's runs warmed up ("warm_up") and
   * ended their fast-path attempts ("fast_path_outcomes"), by result and client count.
   */
  public void putParameters(Map<String, Object> parameters) {
    plan.putParameters(parameters);
    details.putParameters(parameters);
  }

  /**
   * A YCSB experiment on the plan's clients' host and link.
   *
   * @param timed a run, which ends after the plan's run time, rather than the load, which ends with its records
   */
  public YcsbExperiment experiment(String workload, Map<String, String> properties, DbBinding db, int clients,
      int regions, Path dir, boolean timed) {
    Map<String, String> all = new HashMap<>(properties);
    if (timed) {
      all.putAll(YcsbProperties.timedRun(plan.runSeconds()));
    }
    return new YcsbExperiment(target, new YcsbExperiment.Settings(workload, all, clients, db, regions, warmUp(all),
        plan.clientHost(), plan.linkName()), dir, progress);
  }

  /**
   * The warm-up's operations in a run of {@code properties}: batches of as many rows as the others' operations, so
   * that a client warms up on as many rows whatever its workload (2,000 batches of 100 rows took about 20 s before
   * each run here).
   */
  private YcsbWarmUp warmUp(Map<String, String> properties) {
    int rows = Integer.parseInt(properties.getOrDefault(NativeHBaseClient.BATCH_ROWS, "1"));
    return new YcsbWarmUp((plan.warmUp().operations() + rows - 1) / rows, plan.warmUp().quietSeconds());
  }
}

package org.hbaseturbo.bench.ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(SharedHBaseCluster.class)
class YcsbExperimentIT {
  private static final int RECORDS = 2_000;
  private static final int OPERATIONS = 1_000;
  private static final int NONE_OPERATIONS = 200_000;
  private static final int WARM_UP_OPERATIONS = 200;

  @Test
  void loadsAndRunsAWorkloadInChildJvmsAndChargesBothSides(EmbeddedHBaseCluster cluster, Connection connection,
      @TempDir Path dir) throws Exception {
    TableName table = SharedHBaseCluster.uniqueTableName("ycsb");
    YcsbExperiment experiment = experiment(cluster, connection, dir, table, "a", 2);

    PhaseResult load = experiment.load(false);
    List<PhaseResult> runs = experiment.run(1, false);

    assertThat(load.operations()).isEqualTo(RECORDS);
    assertThat(load.failures()).isZero();
    assertThat(TableRows.count(connection, table)).isEqualTo(RECORDS);
    PhaseResult run = runs.get(0);
    assertThat(run.operations()).isEqualTo(OPERATIONS);
    assertThat(run.failures()).isZero();
    assertThat(run.byOperation()).containsOnlyKeys("READ", "UPDATE");
    assertThat(run.byOperation().get("READ").operations() + run.byOperation().get("UPDATE").operations())
        .isEqualTo(OPERATIONS);
    // Every read returns 10 fields of 100 bytes and every update sends about as many: the RPC counters
    // must have seen at least the values, and the client and servers must have spent CPU on them.
    assertThat(run.server()).isNotNull();
    assertThat(run.server().rpcBytes()).isGreaterThan(OPERATIONS * 1_000L / 2);
    assertThat(run.server().cpuNanos()).isPositive();
    assertThat(run.clientCpuNanos()).isPositive();
    assertThat(run.linkBytes()).isNull();

    BenchmarkReport report = experiment.report(load, runs);
    VariantResult native1 = report.results().get(1);
    assertThat(native1.variant()).isEqualTo("native");
    assertThat(native1.operations()).containsKeys("READ", "UPDATE");
    assertThat(native1.latencyUs().p50()).isPositive().isLessThanOrEqualTo(native1.latencyUs().p99());
    assertThat(native1.bytesPerOp()).isGreaterThan(500.0);
    Path json = dir.resolve("report.json");
    report.writeJson(json);
    assertThat(Files.readString(json)).contains("\"throughput_ops_s\"", "\"bytes_per_op\"",
        "\"client_cpu_us_per_op\"", "\"server_cpu_us_per_op\"", "\"p95\"");
    assertThat(BenchmarkReport.readJson(json)).isEqualTo(report);
  }

  /** Also: a warm-up told to wait for a quiet JIT does its operations, then says how its wait ended. */
  @Test
  void maxExecutionTimeStopsARunAndItsTimelineCountsEachSecond(EmbeddedHBaseCluster cluster, Connection connection,
      @TempDir Path dir) throws Exception {
    TableName table = SharedHBaseCluster.uniqueTableName("timed");
    experiment(cluster, connection, dir.resolve("load"), table, "c", 1, Map.of()).load(false);
    int quietSeconds = 2;
    long before = System.currentTimeMillis();

    PhaseResult run = experiment(cluster, connection, dir.resolve("run"), table, "c", 1,
        Map.of("operationcount", "100000000", "maxexecutiontime", "3"), DbBinding.NATIVE,
        new YcsbWarmUp(WARM_UP_OPERATIONS, quietSeconds)).run(1, 1, false);

    assertThat(run.runtimeMs()).isBetween(3_000L, 15_000L);
    assertThat(run.operations()).isPositive().isLessThan(100_000_000L);
    assertThat(run.failures()).isZero();
    assertThat(run.startEpochMs()).isBetween(before, System.currentTimeMillis());
    assertThat(run.warmUp().operations()).isGreaterThanOrEqualTo(WARM_UP_OPERATIONS);
    assertThat(run.warmUp().lastSecondCompileMs()).as("HotSpot measures its compilers' time").isNotNegative();
    assertThat(run.warmUp().jitQuiet()).as("quiet exactly when its last second compiled little")
        .isEqualTo(run.warmUp().lastSecondCompileMs() < JitQuiet.QUIET_MS_PER_WINDOW);
    assertThat(run.timeline()).hasSizeBetween(2, 15);
    assertThat(run.timeline()).isSortedAccordingTo(java.util.Comparator.comparingLong(PhaseResult.Sample::epochMs));
    assertThat(run.timeline()).isSortedAccordingTo(java.util.Comparator.comparingLong(PhaseResult.Sample::operations));
    assertThat(run.timeline().get(run.timeline().size() - 1).operations()).isLessThanOrEqualTo(run.operations());
  }

  @Test
  void fastPathBindingServesReadsAndUpdatesOverTheFastPathAndCountsItsBytes(EmbeddedHBaseCluster cluster,
      Connection connection, @TempDir Path dir) throws Exception {
    TableName table = SharedHBaseCluster.uniqueTableName("fastpath");
    experiment(cluster, connection, dir.resolve("load"), table, "a", 2).load(false);

    PhaseResult run = experiment(cluster, connection, dir.resolve("run"), table, "a", 2, Map.of(),
        DbBinding.FASTPATH).run(1, 1, false);

    assertThat(run.operations()).isEqualTo(OPERATIONS);
    assertThat(run.failures()).isZero();
    // Every read and every (unbuffered) update went over the fast path, none over RPC: its byte counter saw at
    // least the values, both ways.
    assertThat(run.fastPath().served()).isEqualTo(OPERATIONS);
    assertThat(run.fastPath().overRpc()).isZero();
    assertThat(run.fastPath().waits().replies()).as("replies counted as their callers took them")
        .isEqualTo(OPERATIONS);
    assertThat(run.server().fastPathBytes()).isGreaterThan(OPERATIONS * 1_000L / 2);
    assertThat(run.server().bytes()).isEqualTo(run.server().rpcBytes() + run.server().fastPathBytes());
  }

  /**
   * With batchrows, each read and update is one batch of that many loaded rows, over the fast path as an
   * application's Table.get(List) and put(List): every row found, none made outside the loaded key space.
   */
  @Test
  void batchrowsMakesEachReadAndUpdateABatchOfLoadedRowsOverTheFastPath(EmbeddedHBaseCluster cluster,
      Connection connection, @TempDir Path dir) throws Exception {
    TableName table = SharedHBaseCluster.uniqueTableName("batches");
    // Few enough records to load in seconds, enough that batches rewrite more of them than single rows could.
    int records = 500;
    experiment(cluster, connection, dir.resolve("load"), table, "a", 2,
        Map.of("recordcount", String.valueOf(records))).load(false);
    long loaded = System.currentTimeMillis();
    int operations = 100;
    int rows = 10;

    PhaseResult run = experiment(cluster, connection, dir.resolve("run"), table, "a", 2, Map.of("recordcount",
        String.valueOf(records), "operationcount", String.valueOf(operations), "batchrows", String.valueOf(rows)),
        DbBinding.FASTPATH).run(1, 1, false);

    assertThat(run.operations()).isEqualTo(operations);
    assertThat(run.byOperation().values()).allSatisfy(stats -> assertThat(stats.returns()).containsOnlyKeys("OK"));
    assertThat(run.fastPath().overRpc()).isZero();
    // Whole 1 KB records, `rows` of them an operation, crossed the fast path.
    assertThat(run.server().fastPathBytes()).isGreaterThan(operations * rows * 1_000L / 2);
    // The updates rewrote more rows than there were updates, warm-up's included, all of them loaded ones.
    assertThat((long) TableRows.count(connection, table, loaded))
        .isGreaterThan(run.byOperation().get("UPDATE").operations() + WARM_UP_OPERATIONS);
    assertThat(TableRows.count(connection, table, 0)).isEqualTo(records);
  }

  @Test
  void runBeforeLoadNamesTheMissingTable(EmbeddedHBaseCluster cluster, Connection connection, @TempDir Path dir)
      throws Exception {
    TableName table = SharedHBaseCluster.uniqueTableName("missing");
    YcsbExperiment experiment = experiment(cluster, connection, dir, table, "c", 1);
    assertThatThrownBy(() -> experiment.run(1, false)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("table '" + table + "' does not exist");
  }

  @Test
  void noneReachesNoServerAndMakesNoTable(EmbeddedHBaseCluster cluster, Connection connection, @TempDir Path dir)
      throws Exception {
    TableName table = SharedHBaseCluster.uniqueTableName("none");
    // Enough operations to take the client JVM some CPU: the JVM accounts its CPU time in 10 ms ticks, and 1,000
    // operations that reach no server took less than one in a full suite (its CPU read 0).
    YcsbExperiment experiment = experiment(cluster, connection, dir, table, "a", 1,
        Map.of("operationcount", String.valueOf(NONE_OPERATIONS)), DbBinding.NONE);

    PhaseResult load = experiment.load(false);
    PhaseResult run = experiment.run(1, 1, false);

    assertThat(load.operations()).isEqualTo(RECORDS);
    assertThat(run.operations()).isEqualTo(NONE_OPERATIONS);
    assertThat(run.failures()).isZero();
    assertThat(run.clientCpuNanos()).isPositive();
    try (Admin admin = connection.getAdmin()) {
      assertThat(admin.tableExists(table)).isFalse();
    }
  }

  private static YcsbExperiment experiment(EmbeddedHBaseCluster cluster, Connection connection, Path dir,
      TableName table, String workload, int regions) throws Exception {
    return experiment(cluster, connection, dir, table, workload, regions, Map.of());
  }

  private static YcsbExperiment experiment(EmbeddedHBaseCluster cluster, Connection connection, Path dir,
      TableName table, String workload, int regions, Map<String, String> overrides) throws Exception {
    return experiment(cluster, connection, dir, table, workload, regions, overrides, DbBinding.NATIVE);
  }

  private static YcsbExperiment experiment(EmbeddedHBaseCluster cluster, Connection connection, Path dir,
      TableName table, String workload, int regions, Map<String, String> overrides, DbBinding db) throws Exception {
    return experiment(cluster, connection, dir, table, workload, regions, overrides, db,
        YcsbWarmUp.operations(WARM_UP_OPERATIONS));
  }

  private static YcsbExperiment experiment(EmbeddedHBaseCluster cluster, Connection connection, Path dir,
      TableName table, String workload, int regions, Map<String, String> overrides, DbBinding db, YcsbWarmUp warmUp)
      throws Exception {
    Path conf = dir.resolve("conf");
    cluster.writeClientConfiguration(conf);
    Map<String, String> properties = new java.util.HashMap<>(Map.of("recordcount", String.valueOf(RECORDS),
        "operationcount", String.valueOf(OPERATIONS), "table", table.getNameAsString()));
    properties.putAll(overrides);
    YcsbExperiment.Settings settings = new YcsbExperiment.Settings(workload, properties, 2, db,
        regions, warmUp, Optional.empty(), "loopback");
    PrintWriter progress = new PrintWriter(new StringWriter());
    return new YcsbExperiment(new ClusterTarget(connection, conf, "shared test cluster"), settings, dir, progress);
  }
}

package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.bench.ycsb.YcsbPhase;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.testsupport.TestingTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code turbo cluster start} in one process and {@code turbo --conf DIR ...} in another, as a user would run
 * them in two shells; then a SIGTERM and a restart on the same data that finds the loaded table again; then a
 * SIGKILL and a restart that finds the rows written after the last flush, replayed from the WAL. Needs its own
 * cluster processes (this is what it tests), so it does not use the shared cluster.
 */
class ClusterInAnotherProcessIT {
  private static final int RECORDS = 500;
  private static final int ROWS_AFTER_RESTART = 20;
  private static final TableName USERTABLE = TableName.valueOf("usertable");
  private static final byte[] FAMILY = Bytes.toBytes(YcsbPhase.DEFAULT_FAMILY);

  @Test
  void ycsbAndDemoAgainstAClusterStartedElsewhereThatKeepsItsDataAcrossStopsAndKills(@TempDir Path dir)
      throws Exception {
    Path data = dir.resolve("data");
    Path conf = dir.resolve("conf");
    ClusterProcess cluster = ClusterProcess.start(data, conf, "--regionservers", "1");
    String clientConfiguration = Files.readString(conf.resolve("hbase-site.xml"));
    try {
      CommandLineRun second = CommandLineRun.of("cluster", "start", "--data", data.toString());
      assertThat(second.exitCode()).isEqualTo(TurboMain.EXIT_BAD_INPUT);
      assertThat(second.err()).startsWith("turbo: data directory " + data + " is in use by a running cluster"
          + " (process " + cluster.process().pid() + ")");
      runCommandsAgainst(conf, dir);
    } catch (Throwable failure) {
      cluster.kill();
      throw failure;
    }
    assertThat(cluster.stop()).contains("embedded HBase stopped");

    ClusterProcess restarted = ClusterProcess.start(data, conf, "--regionservers", "1");
    // The same ZooKeeper port: a client configuration written before the restart still finds the cluster.
    assertThat(conf.resolve("hbase-site.xml")).content().isEqualTo(clientConfiguration);
    try (Connection connection = ConnectionFactory.createConnection(ClientConfigurations.fromDirectory(conf));
        Table table = connection.getTable(USERTABLE)) {
      assertThat(TestingTables.countRows(connection, USERTABLE)).isEqualTo(RECORDS);
      // In the memstore and the WAL only: what a killed server must not lose.
      for (int i = 0; i < ROWS_AFTER_RESTART; i++) {
        table.put(new Put(Bytes.toBytes("after-restart-" + i)).addColumn(FAMILY, Bytes.toBytes("field0"),
            Bytes.toBytes(i)));
      }
    } finally {
      restarted.kill();
    }

    ClusterProcess afterKill = ClusterProcess.start(data, conf, "--regionservers", "1");
    try (Connection connection = ConnectionFactory.createConnection(ClientConfigurations.fromDirectory(conf))) {
      assertThat(TestingTables.countRows(connection, USERTABLE)).isEqualTo(RECORDS + ROWS_AFTER_RESTART);
    } catch (Throwable failure) {
      afterKill.kill();
      throw failure;
    }
    assertThat(afterKill.stop()).contains("embedded HBase stopped");
    // HBase's log stays with the cluster's data.
    assertThat(data.resolve("logs").resolve("turbo.log")).content().contains("HMaster");
  }

  private static void runCommandsAgainst(Path conf, Path dir) throws Exception {
    CommandLineRun load = CommandLineRun.of("--conf", conf.toString(), "ycsb", "load", "--workload", "c",
        "--threads", "2", "-p", "recordcount=" + RECORDS, "--out", dir.resolve("load").toString());
    load.assertSucceeded();
    assertThat(load.out()).contains("created table usertable", "INSERT");

    Path json = dir.resolve("r.json");
    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "ycsb", "run", "--workload", "c",
        "--threads", "2", "-p", "recordcount=" + RECORDS, "-p", "operationcount=400", "--warmup", "100",
        "--json", json.toString(), "--out", dir.resolve("run").toString());
    run.assertSucceeded();
    JsonNode result = new ObjectMapper().readTree(json.toFile()).get("results").get(0);
    assertThat(result.get("throughput_ops_s").asDouble()).isPositive();
    JsonNode read = result.get("operations").get("READ");
    assertThat(read.get("count").asLong()).isEqualTo(400);
    for (String percentile : List.of("p50", "p95", "p99")) {
      assertThat(read.get("latency_us").get(percentile).asDouble()).isPositive();
    }
    // A read of YCSB's default record returns 10 fields of 100 bytes.
    assertThat(result.get("bytes_per_op").asDouble()).isGreaterThan(1_000);
    assertThat(result.get("client_cpu_us_per_op").asDouble()).isPositive();
    assertThat(result.get("server_cpu_us_per_op").asDouble()).isPositive();
    assertThat(result.get("failures").asLong()).isZero();

    CommandLineRun missing = CommandLineRun.of("--conf", conf.toString(), "ycsb", "run", "-p", "table=nosuch");
    assertThat(missing.exitCode()).isEqualTo(TurboMain.EXIT_BAD_INPUT);
    assertThat(missing.err().strip()).isEqualTo("turbo: table 'nosuch' does not exist on the cluster; load it"
        + " first (turbo ycsb load)");

    // Each RegionServer checks the codecs itself; all six of the papers' and ZSTD work, in pure Java.
    CommandLineRun codecs = CommandLineRun.of("--conf", conf.toString(), "compress", "codecs");
    codecs.assertSucceeded();
    assertThat(codecs.out().lines()).anySatisfy(line -> assertThat(line).matches(
        "lzo +1/1 RegionServers +org\\.hbaseturbo\\.compress\\.codec\\.LzoCodec"));
    for (String algorithm : List.of("none", "gz", "snappy", "lz4", "zstd")) {
      assertThat(codecs.out().lines()).anySatisfy(line -> assertThat(line).startsWith(algorithm + " ")
          .contains("1/1 RegionServers"));
    }

    // The demo's YCSB part against a cluster it did not start; its scan and compression sections run the
    // benchmarks that BenchScanIT and BenchCompressionIT cover, and would double this test's time. Its fast-path
    // runs last a second each: what they measure is BenchFastPathIT's, and they run here only end to end.
    Path demoOut = dir.resolve("demo");
    CommandLineRun demo = CommandLineRun.of("--conf", conf.toString(), "demo", "--records", "300",
        "--operations", "300", "--runs", "1", "--warmup", "100", "--scan-rows", "0", "--compression-rows", "0",
        "--fastpath-time", "1s", "-p", "table=demo", "--out", demoOut.toString());
    demo.assertSucceeded();
    assertThat(demo.out()).contains("plain HBase baseline", "READ", "UPDATE", "report: ");
    assertThat(demoOut.resolve("report.json")).isRegularFile();
    assertThat(demoOut.resolve("ycsb-latency.png")).isRegularFile();
  }
}

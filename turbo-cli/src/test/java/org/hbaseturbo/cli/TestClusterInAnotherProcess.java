package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.jvm.JvmOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code turbo cluster start} in one process and {@code turbo --conf DIR ...} in another, as a user would run
 * them in two shells; then a SIGTERM, and a restart on the same data that finds the loaded table again.
 * Needs its own cluster processes (this is what it tests), so it does not use the shared cluster.
 */
class TestClusterInAnotherProcess {
  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
  private static final int RECORDS = 500;

  @Test
  void ycsbAndDemoAgainstAClusterStartedElsewhereThatStopsCleanlyAndKeepsItsData(@TempDir Path dir)
      throws Exception {
    Path data = dir.resolve("data");
    Path conf = dir.resolve("conf");
    ClusterProcess cluster = ClusterProcess.start(data, conf, dir.resolve("cluster-1.log"));
    try {
      CommandLineRun load = CommandLineRun.of("--conf", conf.toString(), "ycsb", "load", "--workload", "c",
          "--threads", "2", "-p", "recordcount=" + RECORDS, "--out", dir.resolve("load").toString());
      assertThat(load.exitCode()).as(load.err()).isZero();
      assertThat(load.out()).contains("created table usertable", "INSERT");

      Path json = dir.resolve("r.json");
      CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "ycsb", "run", "--workload", "c",
          "--threads", "2", "-p", "recordcount=" + RECORDS, "-p", "operationcount=400", "--warmup", "100",
          "--json", json.toString(), "--out", dir.resolve("run").toString());
      assertThat(run.exitCode()).as(run.err()).isZero();
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
      assertThat(codecs.exitCode()).as(codecs.err()).isZero();
      assertThat(codecs.out().lines()).anySatisfy(line -> assertThat(line).matches(
          "lzo +1/1 RegionServers +org\\.hbaseturbo\\.compress\\.codec\\.LzoCodec"));
      for (String algorithm : List.of("none", "gz", "snappy", "lz4", "zstd")) {
        assertThat(codecs.out().lines()).anySatisfy(line -> assertThat(line).startsWith(algorithm + " ")
            .contains("1/1 RegionServers"));
      }

      Path demoOut = dir.resolve("demo");
      CommandLineRun demo = CommandLineRun.of("--conf", conf.toString(), "demo", "--records", "300",
          "--operations", "300", "--runs", "1", "--warmup", "100", "--compression-rows", "200", "-p", "table=demo",
          "--out", demoOut.toString());
      assertThat(demo.exitCode()).as(demo.err()).isZero();
      assertThat(demo.out()).contains("plain HBase baseline", "READ", "UPDATE", "report: ");
      assertThat(demoOut.resolve("report.json")).isRegularFile();
      assertThat(demoOut.resolve("ycsb-latency.png")).isRegularFile();
      assertThat(demoOut.resolve("compression.json")).isRegularFile();
      assertThat(demo.out()).contains("block ratio");
    } finally {
      assertThat(cluster.stop()).contains("embedded HBase stopped");
    }

    ClusterProcess restarted = ClusterProcess.start(data, conf, dir.resolve("cluster-2.log"));
    try (Connection connection = ConnectionFactory.createConnection(ClientConfigurations.fromDirectory(conf));
        Table table = connection.getTable(TableName.valueOf("usertable"));
        ResultScanner scanner = table.getScanner(new Scan())) {
      int rows = 0;
      for (Result ignored : scanner) {
        rows++;
      }
      assertThat(rows).isEqualTo(RECORDS);
    } finally {
      restarted.stop();
    }
  }

  /** {@code turbo cluster start} in a child JVM, with its stdout collected line by line. */
  private record ClusterProcess(Process process, BlockingQueue<String> lines) {
    static ClusterProcess start(Path data, Path conf, Path log) throws Exception {
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(JvmOptions.hbaseFlags());
      command.add("-D" + TurboMain.LOG_FILE_PROPERTY + "=" + log);
      command.addAll(List.of("-cp", System.getProperty("java.class.path"), TurboMain.class.getName(), "cluster",
          "start", "--regionservers", "1", "--data", data.toString(), "--client-conf", conf.toString()));
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      BlockingQueue<String> lines = new LinkedBlockingQueue<>();
      Thread reader = new Thread(() -> {
        try (BufferedReader in = new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
          in.lines().forEach(lines::add);
        } catch (IOException e) {
          lines.add("reader failed: " + e);
        }
      });
      reader.setDaemon(true);
      reader.start();
      ClusterProcess cluster = new ClusterProcess(process, lines);
      cluster.awaitLine("serving", START_TIMEOUT);
      assertThat(conf.resolve("hbase-site.xml")).isRegularFile();
      return cluster;
    }

    /** SIGTERM, then everything the process printed until it exited. */
    String stop() throws Exception {
      // Process.destroy() would also close our end of its stdout; the handle only sends the signal.
      process.toHandle().destroy();
      assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("cluster process stopped").isTrue();
      StringBuilder printed = new StringBuilder();
      String line;
      while ((line = lines.poll(1, TimeUnit.SECONDS)) != null) {
        printed.append(line).append('\n');
      }
      return printed.toString();
    }

    private void awaitLine(String prefix, Duration timeout) throws Exception {
      long deadline = System.nanoTime() + timeout.toNanos();
      StringBuilder seen = new StringBuilder();
      while (System.nanoTime() < deadline) {
        String line = lines.poll(1, TimeUnit.SECONDS);
        if (line != null) {
          seen.append(line).append('\n');
          if (line.startsWith(prefix)) {
            return;
          }
        }
        if (!process.isAlive() && lines.isEmpty()) {
          throw new AssertionError("cluster process exited with " + process.exitValue() + ":\n" + seen);
        }
      }
      process.destroyForcibly();
      throw new AssertionError("no '" + prefix + "' line within " + timeout + ":\n" + seen);
    }
  }
}

package org.hbaseturbo.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.fastpath.FastPathCounters;
import org.hbaseturbo.wire.fastpath.FastPathStatus;

/**
 * One client JVM of {@link FastPathManyClientsIT}: {@code CONNECTIONS} fast-path connections, each with sessions of
 * its own, used one after another by the main thread, so that each connection has one UCX worker and one endpoint
 * to each RegionServer. A round is, on every connection, a Put of each of its {@code ROWS} rows (spread over
 * {@code REGIONS} regions by their first digit) and then a Get of each, which must read what was put.
 *
 * <p>Arguments: {@code CONF_DIR TABLE JVM CONNECTIONS ROWS REGIONS}. It opens every connection and runs a round on
 * each, then prints a line of JSON ({@code "phase": "ready"}) and waits for commands on standard input, a line each:
 * {@code round} runs another round ({@code "phase": "round"}), {@code close} closes every connection
 * ({@code "phase": "closed"}); {@code exit}, or the end of its input (the test's JVM ended), ends it, with exit code 1
 * where any operation failed or read a wrong value. Each line carries the connections' fast-path counters, summed,
 * and this JVM's {@link TestingFootprint}, with the heap in use after a collection.
 */
public final class FastPathClientsJvm {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] QUALIFIER = Bytes.toBytes("q");
  /** First failures kept for the report; the count is of all. */
  private static final int FAILURES_KEPT = 5;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Configuration conf;
  private final TableName table;
  private final int jvm;
  private final int rows;
  private final int regions;
  private final List<FastPathConnection> connections = new ArrayList<>();
  private int round;
  private long operations;
  private long failed;
  private long wrong;
  private final List<String> failures = new ArrayList<>();
  /** Time spent making connections, and running rounds on them. */
  private long connectingNanos;
  private long roundsNanos;

  private FastPathClientsJvm(Configuration conf, TableName table, int jvm, int rows, int regions) {
    this.conf = conf;
    this.table = table;
    this.jvm = jvm;
    this.rows = rows;
    this.regions = regions;
  }

  public static void main(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(new Path(args[0], "hbase-site.xml"));
    FastPathClientsJvm client = new FastPathClientsJvm(conf, TableName.valueOf(args[1]), Integer.parseInt(args[2]),
        Integer.parseInt(args[4]), Integer.parseInt(args[5]));
    int connections = Integer.parseInt(args[3]);
    ObjectNode ready = JSON.createObjectNode();
    ready.set("started", client.footprint());
    long start = System.nanoTime();
    client.open();
    ready.set("one_connection", client.footprint());
    for (int i = 1; i < connections; i++) {
      client.open();
    }
    ready.put("open_seconds", (System.nanoTime() - start) / 1e9);
    ready.put("connecting_seconds", client.connectingNanos / 1e9);
    ready.put("rounds_seconds", client.roundsNanos / 1e9);
    ready.set("java_threads", threadsByName());
    client.report("ready", ready);
    BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String command = commands.readLine(); command != null && !command.equals("exit");
        command = commands.readLine()) {
      ObjectNode line = JSON.createObjectNode();
      long began = System.nanoTime();
      switch (command) {
        case "round" -> client.roundOnEach();
        case "close" -> client.closeAll();
        default -> throw new IllegalArgumentException("unknown command '" + command + "'");
      }
      line.put("seconds", (System.nanoTime() - began) / 1e9);
      client.report(command.equals("close") ? "closed" : "round", line);
    }
    client.closeAll();
    System.exit(client.failed + client.wrong == 0 ? 0 : 1);
  }

  /** Opens one more connection and runs the rounds so far on it. */
  private void open() throws IOException {
    long start = System.nanoTime();
    FastPathConnection connection = FastPathConnection.wrap(ConnectionFactory.createConnection(conf));
    connections.add(connection);
    long connected = System.nanoTime();
    connectingNanos += connected - start;
    round(connection, connections.size() - 1, round);
    roundsNanos += System.nanoTime() - connected;
  }

  private void roundOnEach() {
    round++;
    for (int i = 0; i < connections.size(); i++) {
      round(connections.get(i), i, round);
    }
  }

  private void round(FastPathConnection connection, int index, int which) {
    try (Table rows = connection.getTable(table)) {
      for (int i = 0; i < this.rows; i++) {
        Put put = new Put(row(index, which, i)).addColumn(FAMILY, QUALIFIER, value(index, which, i));
        attempt(() -> rows.put(put));
      }
      for (int i = 0; i < this.rows; i++) {
        int row = i;
        attempt(() -> {
          Result read = rows.get(new Get(row(index, which, row)));
          if (!Bytes.equals(read.getValue(FAMILY, QUALIFIER), value(index, which, row))) {
            wrong++;
            failure("row " + Bytes.toString(row(index, which, row)) + " read "
                + Bytes.toStringBinary(read.getValue(FAMILY, QUALIFIER)));
          }
        });
      }
    } catch (IOException e) {
      failed++;
      failure("closing the table: " + e);
    }
  }

  /** What one operation does; an exception counts it as failed. */
  private interface Operation {
    void run() throws IOException;
  }

  private void attempt(Operation operation) {
    operations++;
    try {
      operation.run();
    } catch (IOException | RuntimeException e) {
      failed++;
      failure(e.toString());
    }
  }

  private void failure(String what) {
    if (failures.size() < FAILURES_KEPT) {
      failures.add(what);
    }
  }

  /** Row {@code i} of connection {@code index}'s round {@code which}: its first digit picks the region. */
  private byte[] row(int index, int which, int i) {
    return Bytes.toBytes(String.format("%d/j%d/c%03d/r%d/%03d", i % regions, jvm, index, which, i));
  }

  private byte[] value(int index, int which, int i) {
    return Bytes.toBytes("value of " + Bytes.toString(row(index, which, i)));
  }

  private void closeAll() throws IOException {
    for (FastPathConnection connection : connections) {
      connection.close();
    }
    connections.clear();
  }

  /** One line of JSON on stdout: the phase, {@code fields}, the counters and failures so far, the footprint. */
  private void report(String phase, ObjectNode fields) throws IOException {
    ObjectNode line = JSON.createObjectNode().put("phase", phase).put("jvm", jvm).put("pid",
        ProcessHandle.current().pid()).put("connections", connections.size()).put("operations", operations)
        .put("failed", failed).put("wrong", wrong);
    line.putPOJO("failures", failures);
    ObjectNode counters = line.putObject("counters");
    for (FastPathStatus status : FastPathStatus.values()) {
      counters.put(status.name().toLowerCase(java.util.Locale.ROOT),
          connections.stream().mapToLong(c -> c.counters().answered(status)).sum());
    }
    counters.put("unavailable", connections.stream().map(FastPathConnection::counters)
        .mapToLong(FastPathCounters::unavailable).sum());
    counters.put("fell_back", connections.stream().map(FastPathConnection::counters)
        .mapToLong(FastPathCounters::fellBack).sum());
    counters.put("served", connections.stream().map(FastPathConnection::counters)
        .mapToLong(FastPathCounters::served).sum());
    line.put("cpu_seconds", ((com.sun.management.OperatingSystemMXBean) ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime() / 1e9);
    line.setAll(fields);
    line.set("footprint", footprint());
    System.out.println(JSON.writeValueAsString(line));
    System.out.flush();
  }

  /**
   * This JVM's threads, counted by their names without numbers ("hconnection-#-metaLookup-shared--pool-#"): which of
   * them each connection adds.
   */
  private static ObjectNode threadsByName() {
    Map<String, Integer> counts = new TreeMap<>();
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      counts.merge(thread.getName().replaceAll("0x[0-9a-f]+|[0-9]+", "#"), 1, Integer::sum);
    }
    ObjectNode threads = JSON.createObjectNode();
    counts.forEach(threads::put);
    return threads;
  }

  /** This JVM's footprint, and its heap in use after a full collection. */
  private ObjectNode footprint() throws IOException {
    System.gc();
    ObjectNode figures = JSON.createObjectNode();
    TestingFootprint.ofThisProcess().figures().forEach(figures::put);
    figures.put("heap_used_bytes", ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    return figures;
  }
}

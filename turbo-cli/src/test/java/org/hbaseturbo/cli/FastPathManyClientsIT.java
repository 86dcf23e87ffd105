package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.cluster.ProcessClusterBuilder;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.jvm.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many clients at once (issue 47, item 3): {@value #JVMS} client JVMs of {@value #CONNECTIONS_PER_JVM} fast-path
 * connections each, 256 in all, against a process cluster of 2 RegionServers, every connection of the same user with
 * a session of its own on each server, as {@code FastPathChannel} opens one per connection and RegionServer. Each
 * connection puts rows into every region of a table split over both servers and reads them back ({@link
 * FastPathClientsJvm}); then, once half the sessions' lifetime has passed, it does so again, which renews every
 * session. 256 sessions of one user on a server is exactly {@code turbo.fastpath.server.user.max-sessions}' default:
 * a renewal that opened its new session before closing the old one, or any session left behind, would be refused.
 *
 * <p>What must hold: every operation served by the fast path and reading back what was written (no error, no
 * fall-back); each server opened exactly 256 sessions and then 256 more in the renewals, holds all 256 at once after
 * them, made one UCX endpoint per connection and no more (the renewals kept them), executed as many requests as the
 * clients were served, refused none, and holds no session once the clients closed their connections. What it costs,
 * each server's and each client JVM's memory, threads, descriptors and UCX segments before, with and after the
 * sessions, is written to {@code target/fastpath-many-clients.json} (results/fastpath/sessions-2026-11-28 holds a
 * run's).
 *
 * <p>It runs a process cluster of its own: what a session costs is read from each RegionServer's process (its
 * memory, mappings and threads in {@code /proc}, its heap through {@code jcmd}) and its metrics on its info server,
 * where the shared cluster runs both RegionServers in the test's JVM, without info servers.
 */
class FastPathManyClientsIT {
  private static final int JVMS = 4;
  private static final int CONNECTIONS_PER_JVM = 64;
  private static final int CONNECTIONS = JVMS * CONNECTIONS_PER_JVM;
  private static final int SERVERS = 2;
  private static final int REGIONS = 8;
  /** Rows each connection puts and gets in a round, {@code ROWS / REGIONS} in each region. */
  private static final int ROWS = 16;
  /**
   * Short, so that clients renew within the test (at half of it). Opening all connections can take longer than that on
   * 2 busy cores, and a later open drops the sessions expired by then: all 256 are held at once after the renewals,
   * which take about 10 s.
   */
  private static final Duration LIFETIME = Duration.ofSeconds(40);
  private static final Duration CLIENTS_BOUND = Duration.ofSeconds(120);
  private static final Duration METRICS_BOUND = Duration.ofSeconds(30);
  private static final Path FIGURES = Path.of("target", "fastpath-many-clients.json");
  /**
   * {@code -Dturbo.many-clients.linger-seconds=N}: measure the servers every 25 s for N s after the clients closed
   * their connections, and again after they exited: what UCX frees, and when. 0, the default, measures once.
   */
  private static final Duration LINGER = Duration.ofSeconds(Long.getLong("turbo.many-clients.linger-seconds", 0));
  private static final Duration LINGER_STEP = Duration.ofSeconds(25);
  /**
   * {@code -Dturbo.many-clients.ucx-log=DIR}: the RegionServers and the client JVMs log UCX at debug level into DIR
   * (the endpoints made and freed).
   */
  private static final String UCX_LOG = System.getProperty("turbo.many-clients.ucx-log");
  private static final String SESSIONS = "turbo_fast_path_sessions";
  private static final String OPENED = "turbo_fast_path_sessions_opened";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern HISTOGRAM_TOTAL = Pattern.compile("(?m)^Total\\s+(\\d+)\\s+(\\d+)\\s*$");
  private static final Pattern WORKER_THREAD = Pattern.compile("(?m)^\"(FastPath-\\d+-\\d+)\".*cpu=([0-9.]+)ms");

  /** A client JVM: its process, the lines of JSON it printed, its input for commands. */
  private record ClientJvm(int index, Process process, BlockingQueue<JsonNode> lines, OutputStream commands) {
    void send(String command) throws IOException {
      commands.write((command + "\n").getBytes(StandardCharsets.UTF_8));
      commands.flush();
    }

    /** Its next line of JSON, which must be of {@code phase}. */
    JsonNode await(String phase, long deadlineNanos) throws InterruptedException {
      JsonNode line = lines.poll(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
      assertThat(line).as("client JVM %d's '%s' line (alive: %s)", index, phase, process.isAlive()).isNotNull();
      assertThat(line.path("phase").asText()).as("%s", line).isEqualTo(phase);
      return line;
    }
  }

  @Test
  void twoHundredFiftySixConnectionsEachWithSessionsOfItsOwnAreAllServedAndRenewedWithinTheUserBound(
      @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path data) throws Exception {
    long began = System.nanoTime();
    TableName name = TableName.valueOf("many_clients");
    ObjectNode figures = JSON.createObjectNode();
    List<ClientJvm> clients = new ArrayList<>();
    try (ProcessHBaseCluster cluster = cluster(data);
        Connection admin = ConnectionFactory.createConnection(cluster.clientConfiguration())) {
      figures.put("cluster_start_seconds", seconds(began));
      splitOverBothServers(admin, name);
      Path conf = cluster.writeClientConfiguration(data.resolve("client-conf")).getParent();
      ArrayNode servers = figures.putArray("servers");
      for (int i = 0; i < SERVERS; i++) {
        servers.addObject().put("index", i).put("pid", cluster.regionServerPids().get(i)).putObject("phases");
      }
      measureServers(cluster, servers, "before", SESSIONS, 0);

      long start = System.nanoTime();
      for (int i = 0; i < JVMS; i++) {
        clients.add(launch(i, conf, name, data));
      }
      ArrayNode ready = awaitAll(clients, "ready", figures.putArray("clients_ready"));
      long allReady = System.nanoTime();
      figures.put("clients_ready_seconds", seconds(start));
      assertAllServed(ready, 1);
      // Sessions of the first connections may have expired by now (and been dropped by later opens); the last
      // connection's were opened a moment ago.
      measureServers(cluster, servers, "open", OPENED, CONNECTIONS);
      assertServersServed(servers, "open", ready, CONNECTIONS);
      for (JsonNode server : servers) {
        JsonNode open = server.get("phases").get("open");
        assertThat(open.get("metrics").get(SESSIONS).asLong()).isBetween(1L, (long) CONNECTIONS);
        // Each client worker's endpoint made once: UCX mapped each of its segments once, none again.
        JsonNode footprint = open.get("footprint");
        assertThat(footprint.get("ucx_peer_segments").asLong()).as("client segments mapped: %s", footprint)
            .isGreaterThanOrEqualTo(CONNECTIONS).isEqualTo(footprint.get("ucx_peer_mappings").asLong());
      }

      // A session is due for renewal half its lifetime after it was opened: the last, at the last ready line.
      long renewable = allReady + LIFETIME.toNanos() / 2 + TimeUnit.SECONDS.toNanos(1);
      Await.until(LIFETIME, "the sessions to be due for renewal", () -> System.nanoTime() - renewable > 0);
      sendAll(clients, "round");
      ArrayNode renewed = awaitAll(clients, "round", figures.putArray("clients_renewed"));
      assertAllServed(renewed, 2);
      // All renewed within the lifetime, and none dropped since: no session was opened after the renewals.
      measureServers(cluster, servers, "renewed", SESSIONS, CONNECTIONS);
      assertServersServed(servers, "renewed", renewed, 2 * CONNECTIONS);
      for (JsonNode server : servers) {
        // A renewed session kept its client worker's endpoint: no segment mapped again. Before the clients kept it,
        // one server held every replaced endpoint (1,024 mappings of 512 segments) until the clients ended.
        JsonNode footprint = server.get("phases").get("renewed").get("footprint");
        assertThat(footprint.get("ucx_peer_mappings").asLong()).as("client segments mapped after renewals: %s",
            footprint).isEqualTo(footprint.get("ucx_peer_segments").asLong()).isGreaterThanOrEqualTo(CONNECTIONS);
      }

      sendAll(clients, "close");
      awaitAll(clients, "closed", figures.putArray("clients_closed"));
      measureServers(cluster, servers, "closed", SESSIONS, 0);
      linger(cluster, servers, "closed");

      sendAll(clients, "exit");
      for (ClientJvm client : clients) {
        assertThat(client.process().waitFor(30, TimeUnit.SECONDS)).as("client JVM %d exited", client.index())
            .isTrue();
        assertThat(client.process().exitValue()).as("client JVM %d's exit code", client.index()).isZero();
      }
      measureServers(cluster, servers, "exited", SESSIONS, 0);
      linger(cluster, servers, "exited");
      figures.put("test_seconds", seconds(began));
    } finally {
      for (ClientJvm client : clients) {
        client.process().destroyForcibly();
      }
      Files.createDirectories(FIGURES.getParent());
      JSON.writerWithDefaultPrettyPrinter().writeValue(FIGURES.toFile(), figures);
    }
  }

  /** 2 RegionServers whose sessions live {@link #LIFETIME}; logging UCX at debug level where asked. */
  private static ProcessHBaseCluster cluster(Path data) throws IOException {
    ProcessClusterBuilder builder = ProcessHBaseCluster.builder().regionServers(SERVERS)
        .regionServerHeap("512m").set("turbo.fastpath.server.session.lifetime", LIFETIME.toMillis() + "ms")
        .dataDir(data);
    if (UCX_LOG != null) {
      for (int i = 0; i < SERVERS; i++) {
        builder.regionServerWrapper(i, List.of("env", "UCX_LOG_LEVEL=debug",
            "UCX_LOG_FILE=" + Path.of(UCX_LOG).toAbsolutePath().resolve("regionserver-" + i + "-%p.log")));
      }
    }
    return builder.start();
  }

  private static void sendAll(List<ClientJvm> clients, String command) throws IOException {
    for (ClientJvm client : clients) {
      client.send(command);
    }
  }

  /** Each client's next line, of {@code phase}, added to {@code lines}. */
  private static ArrayNode awaitAll(List<ClientJvm> clients, String phase, ArrayNode lines)
      throws InterruptedException {
    long deadline = System.nanoTime() + CLIENTS_BOUND.toNanos();
    for (ClientJvm client : clients) {
      lines.add(client.await(phase, deadline));
    }
    return lines;
  }

  /** Where asked ({@link #LINGER}): the servers measured again every 25 s for that long, as phases "AFTER-25s"... */
  private static void linger(ProcessHBaseCluster cluster, ArrayNode servers, String after) throws Exception {
    for (long waited = LINGER_STEP.toSeconds(); waited <= LINGER.toSeconds(); waited += LINGER_STEP.toSeconds()) {
      Thread.sleep(LINGER_STEP.toMillis());
      measureServers(cluster, servers, after + "-" + waited + "s", SESSIONS, 0);
    }
  }

  /**
   * A table of {@value #REGIONS} regions, split by the rows' first digit: the even ones on one server, the odd ones on
   * the other.
   */
  private static void splitOverBothServers(Connection connection, TableName name) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      byte[][] splits = new byte[REGIONS - 1][];
      for (int i = 1; i < REGIONS; i++) {
        splits[i - 1] = Bytes.toBytes(Integer.toString(i));
      }
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build(), splits);
      List<ServerName> servers = admin.getRegionServers().stream().sorted().toList();
      assertThat(servers).hasSize(SERVERS);
      List<RegionInfo> regions = admin.getRegions(name).stream().sorted(RegionInfo.COMPARATOR).toList();
      for (int i = 0; i < regions.size(); i++) {
        ServerName target = servers.get(i % SERVERS);
        if (!admin.getRegions(target).contains(regions.get(i))) {
          admin.move(regions.get(i).getEncodedNameAsBytes(), target);
        }
      }
      for (ServerName server : servers) {
        assertThat(admin.getRegions(server).stream().filter(region -> region.getTable().equals(name)).count())
            .as("regions of %s on %s", name, server).isEqualTo(REGIONS / SERVERS);
      }
    }
  }

  private static ClientJvm launch(int index, Path conf, TableName table, Path data) throws IOException {
    List<String> command = new ArrayList<>(ChildJvm.command(FastPathClientsJvm.class, List.of(conf.toString(),
        table.getNameAsString(), Integer.toString(index), Integer.toString(CONNECTIONS_PER_JVM),
        Integer.toString(ROWS), Integer.toString(REGIONS))));
    // A heap touched in full at start: what the resident set gains with connections is then all outside the heap,
    // which the heap in use after a collection measures apart.
    // C1 alone: with C2 as well, each JVM took about 17.5 s of CPU to open its 64 connections, with C1 alone 9 to 11 s.
    command.addAll(1, List.of("-Xms384m", "-Xmx384m", "-XX:+AlwaysPreTouch", "-XX:TieredStopAtLevel=1"));
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectError(data.resolve("client-" + index + ".err").toFile());
    builder.environment().put("UCX_LOG_LEVEL", UCX_LOG == null ? "error" : "debug");
    if (UCX_LOG != null) {
      builder.environment().put("UCX_LOG_FILE", Path.of(UCX_LOG).toAbsolutePath().resolve("client-" + index + ".log")
          .toString());
    }
    Process process = builder.start();
    BlockingQueue<JsonNode> lines = new LinkedBlockingQueue<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
          StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          if (line.startsWith("{\"phase\"")) {
            lines.add(JSON.readTree(line));
          }
        }
      } catch (IOException ended) {
        // The process ended; a missing line fails its await.
      }
    }, "client-" + index + "-stdout");
    reader.setDaemon(true);
    reader.start();
    return new ClientJvm(index, process, lines, process.getOutputStream());
  }

  /** Every operation of every client JVM served over the fast path, and read back as written, after {@code rounds}. */
  private static void assertAllServed(ArrayNode lines, int rounds) {
    for (JsonNode line : lines) {
      assertThat(line.get("failed").asLong()).as("failed operations: %s", line).isZero();
      assertThat(line.get("wrong").asLong()).as("wrong reads: %s", line).isZero();
      assertThat(line.get("connections").asInt()).isEqualTo(CONNECTIONS_PER_JVM);
      assertThat(line.get("operations").asLong()).isEqualTo((long) rounds * CONNECTIONS_PER_JVM * ROWS * 2);
      JsonNode counters = line.get("counters");
      assertThat(counters.get("fell_back").asLong()).as("operations that fell back to RPC: %s", line).isZero();
      assertThat(counters.get("served").asLong()).as("served over the fast path: %s", line)
          .isEqualTo(line.get("operations").asLong());
    }
  }

  /**
   * What the servers did: the sessions each holds, opened since the start, requests executed as many as the clients
   * were served, nothing refused or left unanswered.
   */
  private static void assertServersServed(ArrayNode servers, String phase, ArrayNode clients, int openedEach) {
    long served = 0;
    for (JsonNode client : clients) {
      served += client.get("counters").get("served").asLong();
    }
    long executed = 0;
    for (JsonNode server : servers) {
      JsonNode now = server.get("phases").get(phase).get("metrics");
      JsonNode before = server.get("phases").get("before").get("metrics");
      assertThat(delta(now, before, "turbo_fast_path_sessions_opened")).as("sessions opened on %s", server.get("pid"))
          .isEqualTo(openedEach);
      for (String refused : List.of("turbo_fast_path_refused_malformed", "turbo_fast_path_refused_no_session",
          "turbo_fast_path_refused_not_signed", "turbo_fast_path_refused_replayed", "turbo_fast_path_dropped_expired",
          "turbo_fast_path_refused_not_sure", "turbo_fast_path_unanswered", "turbo_fast_path_sessions_not_allowed")) {
        assertThat(delta(now, before, refused)).as("%s on %s", refused, server.get("pid")).isZero();
      }
      executed += delta(now, before, "turbo_fast_path_executed");
    }
    assertThat(executed).as("requests the servers executed, against operations the clients were served")
        .isEqualTo(served);
  }

  private static long delta(JsonNode now, JsonNode before, String name) {
    return now.path(name).asLong() - before.path(name).asLong();
  }

  /**
   * Each server's figures in {@code phase}, once its metric {@code awaited} is {@code value}: its Turbo metrics, its
   * footprint, its live heap and the CPU time of its fast-path workers.
   */
  private static void measureServers(ProcessHBaseCluster cluster, ArrayNode servers, String phase, String awaited,
      long value) throws Exception {
    for (int i = 0; i < SERVERS; i++) {
      long start = System.nanoTime();
      String info = cluster.regionServerInfoAddresses().get(i);
      long pid = cluster.regionServerPids().get(i);
      TestingPrometheus[] seen = new TestingPrometheus[1];
      Await.until(() -> {
        seen[0] = TestingPrometheus.awaitLine(info, awaited, METRICS_BOUND);
        return seen[0].values().get(awaited) == value;
      }, METRICS_BOUND, Duration.ofMillis(200), awaited + " " + value, () -> new IOException("RegionServer " + pid
          + " shows " + awaited + " " + seen[0].values().get(awaited) + " in phase '" + phase + "', not " + value));
      ObjectNode figures = ((ObjectNode) servers.get(i).get("phases")).putObject(phase);
      ObjectNode metrics = figures.putObject("metrics");
      seen[0].values().entrySet().stream().filter(entry -> entry.getKey().startsWith("turbo_fast_path_"))
          .sorted(Map.Entry.comparingByKey())
          .forEach(entry -> metrics.put(entry.getKey(), entry.getValue().longValue()));
      ObjectNode footprint = figures.putObject("footprint");
      TestingFootprint.of(pid).figures().forEach(footprint::put);
      footprint.put("live_heap_bytes", liveHeapBytes(pid));
      ObjectNode workers = figures.putObject("worker_cpu_ms");
      Matcher thread = WORKER_THREAD.matcher(jcmd(pid, "Thread.print"));
      while (thread.find()) {
        workers.put(thread.group(1), Double.parseDouble(thread.group(2)));
      }
      figures.put("measure_seconds", seconds(start));
    }
  }

  /** The bytes of live objects on the heap of JVM {@code pid}, from a class histogram (which collects first). */
  private static long liveHeapBytes(long pid) throws IOException, InterruptedException {
    Matcher total = HISTOGRAM_TOTAL.matcher(jcmd(pid, "GC.class_histogram"));
    return total.find() ? Long.parseLong(total.group(2)) : -1;
  }

  private static String jcmd(long pid, String command) throws IOException, InterruptedException {
    Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
        Long.toString(pid), command).redirectErrorStream(true).start();
    byte[] out = jcmd.getInputStream().readAllBytes();
    assertThat(jcmd.waitFor(60, TimeUnit.SECONDS)).as("jcmd %d %s", pid, command).isTrue();
    return new String(out, StandardCharsets.UTF_8);
  }

  private static double seconds(long sinceNanos) {
    return Math.round((System.nanoTime() - sinceNanos) / 1e8) / 10.0;
  }
}

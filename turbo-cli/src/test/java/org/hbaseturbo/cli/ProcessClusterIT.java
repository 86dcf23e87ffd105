package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.client.compress.CodecAvailability;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.client.stats.TableOperationCounts;
import org.hbaseturbo.client.stats.WorkloadReading;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.cluster.ServerControl;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.compress.TurboCodecs;
import org.hbaseturbo.jvm.ClassArchive;
import org.hbaseturbo.report.JsonFiles;
import org.hbaseturbo.server.HBaseLine;
import org.hbaseturbo.testsupport.TestingTables;
import org.hbaseturbo.tune.HeapTuner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process cluster: each RegionServer a JVM of its own, with HBase's jars and the server jar alone on its
 * classpath. Runs its own cluster (this is what it tests), apart from the shared embedded one.
 */
class ProcessClusterIT {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final int ROWS = 2_000;
  private static final TableName USERTABLE = TableName.valueOf("usertable");
  /** Enough for the load to outlast the crash of a RegionServer. */
  private static final int YCSB_RECORDS = 20_000;
  /**
   * The master finds a killed RegionServer dead when its ZooKeeper session expires: after 10 s here rather than
   * HBase's 90 s, which the embedded ZooKeeper caps at 40 s (20 of its 2 s ticks); all that while, the load waits.
   */
  private static final String SESSION_TIMEOUT_MS = "10000";
  /**
   * Far above what a RegionServer takes to stop here (seconds), and above the watch's 30 s between its SIGTERM and
   * its SIGKILL, so that only a RegionServer that never ends reaches it.
   */
  private static final long REGION_SERVER_END_SECONDS = 60;
  /** Far above the milliseconds that the watch of a RegionServer takes to end once the RegionServer has. */
  private static final Duration WATCH_END = Duration.ofSeconds(5);

  @Test
  void regionServersRunTheServerJarAloneInHeapsOfTheirOwnRestartWithNewSettingsAndSurviveACrash(@TempDir Path data)
      throws Exception {
    TableName name = TableName.valueOf("process_cluster");
    Path lib = null;
    try (ProcessHBaseCluster cluster = ProcessHBaseCluster.builder().regionServers(2).regionServerHeap("384m")
        .set("zookeeper.session.timeout", SESSION_TIMEOUT_MS).dataDir(data).start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration())) {
      // The RegionServer library (HBase's jars and the server jar), then its own configuration directory.
      for (int i = 0; i < 2; i++) {
        List<String> classpath = classpathOf(cluster.regionServerPids().get(i));
        assertThat(classpath).hasSize(2);
        assertThat(classpath.get(0)).endsWith("turbo-regionserver/target/lib-hbase" + HBaseLine.ofThisJvm() + "/*");
        assertThat(classpath.get(1)).isEqualTo(data.toAbsolutePath().resolve("regionservers/rs-" + i + "/conf")
            .toString());
        lib = Path.of(classpath.get(0)).getParent();
        assertThat(ProcessHandle.of(cluster.regionServerPids().get(i)).orElseThrow().info().arguments()
            .orElseThrow()).as("a RegionServer ends at its first OutOfMemoryError").contains(
                "-XX:+ExitOnOutOfMemoryError");
      }
      try (var jars = Files.list(lib)) {
        List<String> ours = jars.map(jar -> jar.getFileName().toString())
            .filter(jar -> jar.startsWith("turbo-") || jar.startsWith("aircompressor")).toList();
        assertThat(ours).singleElement().asString()
            .matches("turbo-server-.*-deploy-hbase" + Pattern.quote(HBaseLine.ofThisJvm()) + "\\.jar");
      }
      try (Admin admin = connection.getAdmin()) {
        // Heap and memory per server come from each RegionServer's own JVM, not from this one's.
        assertThat(maxHeapsMb(admin)).hasSize(2).allSatisfy(mb -> assertThat(mb).isBetween(300L, 384L));
        // ZSTD from the server jar's relocated aircompressor: the table's files are written in the child JVMs.
        admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder
            .newBuilder(FAMILY).setCompressionType(Compression.Algorithm.ZSTD).build())
            .build(), splits());
      }
      TestingTables.load(connection, name, FAMILY, Bytes.toBytes("q"), 0, ROWS);
      try (Admin admin = connection.getAdmin()) {
        admin.flush(name);
      }
      assertThat(nativeScan(connection, name)).hasSize(ROWS);
      try (PreparedScan prepared = PreparedScan.prepare(connection, name, new Scan().addFamily(FAMILY));
          ResultScanner rows = prepared.execute(new byte[0], new byte[0], 100)) {
        List<String> preparedRows = new ArrayList<>();
        for (Result result : rows) {
          preparedRows.add(Bytes.toString(result.getRow()) + "=" + Bytes.toString(result.value()));
        }
        assertThat(preparedRows).isEqualTo(nativeScan(connection, name));
      }
      assertThat(new ServerStatsReader(connection).read().counters()).as("stats endpoint").isPresent();
      // Each of the six codecs, with Turbo's codec class, compresses and decompresses on each RegionServer.
      Map<String, String> expected = new java.util.TreeMap<>();
      TurboCodecs.codecs().forEach((algorithm, codec) -> expected.put(algorithm.getName(), "works " + codec));
      assertThat(CodecAvailability.check(connection)).hasSize(2).allSatisfy(answer -> {
        Map<String, String> checked = new java.util.TreeMap<>();
        answer.getChecksList().stream().filter(check -> expected.containsKey(check.getAlgorithm()))
            .forEach(check -> checked.put(check.getAlgorithm(), (check.getWorks() ? "works " : check.getError() + " ")
                + check.getCodecClass()));
        assertThat(checked).isEqualTo(expected);
      });

      // A restart with a new heap and setting: new JVMs, the setting in each server's own file, no row lost.
      List<Long> pidsBefore = cluster.regionServerPids();
      List<String> progress = new ArrayList<>();
      cluster.restart(ServerControl.Restart.ALL_AT_ONCE, Map.of("hbase.regionserver.handler.count", "40"),
          Optional.of("448m"), progress::add);
      assertThat(progress).last().asString().startsWith("restart done: 2 RegionServers");
      assertThat(cluster.regionServerPids()).doesNotContainAnyElementsOf(pidsBefore);
      try (Admin admin = connection.getAdmin()) {
        assertThat(maxHeapsMb(admin)).hasSize(2).allSatisfy(mb -> assertThat(mb).isBetween(400L, 448L));
      }
      for (int i = 0; i < 2; i++) {
        assertThat(data.resolve("regionservers/rs-" + i + "/conf/hbase-site.xml")).content()
            .contains("<name>hbase.regionserver.handler.count</name><value>40</value>");
      }
      assertThat(nativeScan(connection, name)).hasSize(ROWS);

      // One server's own settings (tune calibrate's heap fractions, side by side): its heap tuner moves its block
      // cache the whole way in one period; the other server keeps the cluster's settings and its fractions.
      Path rs0 = data.resolve("regionservers/rs-0/conf/hbase-site.xml");
      Path rs1 = data.resolve("regionservers/rs-1/conf/hbase-site.xml");
      cluster.updateServer(1, Map.of(HeapTuner.targetKey("hfile.block.cache.size"), "0.2",
          HeapTuner.targetKey("hbase.regionserver.global.memstore.size"), "0.4", HeapTuner.STEP_KEY, "1"),
          progress::add);
      assertThat(progress).last().asString().startsWith("update_config done: RegionServer 1 reloaded");
      assertThat(rs1).content().contains("<name>turbo.tune.blockcache.target</name><value>0.2</value>",
          "<name>hbase.regionserver.handler.count</name><value>40</value>");
      assertThat(rs0).content().doesNotContain("turbo.tune.blockcache.target");
      String server1 = cluster.regionServerName(1).getServerName();
      ServerStatsReader fractions = new ServerStatsReader(connection);
      Await.until(Duration.ofSeconds(30), "RegionServer 1's block cache to shrink to 0.2 of its heap", () ->
          fractions.workload().servers().stream().allMatch(server -> Math.abs((double) server.blockCacheMaxBytes()
              / server.heapMaxBytes() - (server.server().equals(server1) ? 0.2 : 0.4)) < 0.011));
      cluster.updateServer(1, Map.of(), progress::add);
      assertThat(rs1).content().doesNotContain("turbo.tune.blockcache.target")
          .contains("<name>hbase.regionserver.handler.count</name><value>40</value>");
      assertThatThrownBy(() -> cluster.updateServer(2, Map.of(), progress::add))
          .isInstanceOf(InvalidInputException.class).hasMessage("RegionServer 2: expected 0 to 1");

      // A crash under a YCSB load over the fast path: the endpoints to the killed server fail, its inserts go over
      // RPC, whose retries wait while its regions are reassigned (its WAL replayed), and the load completes with
      // every record acknowledged.
      Path clientConf = cluster.writeClientConfiguration(data.resolve("client-conf")).getParent();
      CompletableFuture<CommandLineRun> load = CompletableFuture.supplyAsync(() -> CommandLineRun.of("--conf",
          clientConf.toString(), "ycsb", "load", "--db", "fastpath", "--workload", "a", "--threads", "2", "-p",
          "recordcount=" + YCSB_RECORDS, "--out", data.resolve("ycsb-load").toString()));
      awaitRows(connection, USERTABLE, load);
      cluster.killRegionServer(0);
      CommandLineRun loaded = load.get(5, TimeUnit.MINUTES);
      loaded.assertSucceeded();
      assertThat(new ServerStatsReader(connection).read().counters().orElseThrow().fastPathBytes())
          .as("bytes the surviving RegionServer's fast path carried").isPositive();
      assertThat(nativeScan(connection, USERTABLE)).hasSize(YCSB_RECORDS);
      assertThat(nativeScan(connection, name)).hasSize(ROWS);
    }
    // The classes of the build's first RegionServer to serve (this test's, or one before it) went into the build's
    // class archive; it is there once its dump in the background ended.
    Path archive = ClassArchive.ofLibrary(lib, "RegionServers").archive();
    Await.until(Duration.ofMinutes(5), "the class archive of " + lib + ", " + archive, () -> Files.exists(archive));
    try (ProcessHBaseCluster restarted = ProcessHBaseCluster.builder().regionServers(1).regionServerHeap("384m")
        .dataDir(data).start();
        Connection connection = ConnectionFactory.createConnection(restarted.clientConfiguration())) {
      assertThat(nativeScan(connection, name)).hasSize(ROWS);
      assertThat(nativeScan(connection, USERTABLE)).hasSize(YCSB_RECORDS);
      // A server started after that maps it.
      long pid = restarted.regionServerPids().get(0);
      assertThat(ProcessHandle.of(pid).orElseThrow().info().arguments().orElseThrow())
          .contains("-XX:SharedArchiveFile=" + archive);
      assertThat(Files.readString(Path.of("/proc", String.valueOf(pid), "maps"))).contains(archive.toString());
    }
  }

  /** The values of {@code keys} in force, the same on every RegionServer. */
  private static Map<String, String> inForce(Path conf, List<String> keys) throws Exception {
    try (Connection connection = ConnectionFactory.createConnection(ClientConfigurations.fromDirectory(conf))) {
      var byServer = new ServerStatsReader(connection).settings(keys);
      assertThat(new java.util.HashSet<>(byServer.values())).as("the same on every RegionServer: " + byServer)
          .hasSize(1);
      return byServer.values().iterator().next();
    }
  }

  /** Waits until every RegionServer runs with these memstore and block cache fractions, 30 s at most. */
  private static void awaitFractions(Path conf, double memstore, double blockCache, String why) throws Exception {
    try (Connection connection = ConnectionFactory.createConnection(ClientConfigurations.fromDirectory(conf))) {
      ServerStatsReader reader = new ServerStatsReader(connection);
      Await.until(() -> reader.workload().servers().stream().allMatch(server ->
          Math.abs((double) server.memstoreLimitBytes() / server.heapMaxBytes() - memstore) < 0.011
              && Math.abs((double) server.blockCacheMaxBytes() / server.heapMaxBytes() - blockCache) < 0.011),
          Duration.ofSeconds(30), Duration.ofMillis(500), why, () -> new IOException(why + ": the servers' memstore"
              + " and block cache did not reach " + memstore + " and " + blockCache + " of their heaps within 30 s"));
    }
  }

  /** Waits until the load has written a first row, so that the crash comes in the middle of it. */
  private static void awaitRows(Connection connection, TableName table, CompletableFuture<CommandLineRun> load)
      throws Exception {
    Await.until(() -> {
      if (load.isDone()) {
        throw new IOException("the YCSB load ended before it wrote a row: " + load.join());
      }
      try (Admin admin = connection.getAdmin()) {
        if (!admin.tableExists(table) || !admin.isTableAvailable(table)) {
          return false;
        }
      }
      try (Table rows = connection.getTable(table);
          ResultScanner scanner = rows.getScanner(new Scan().setLimit(1))) {
        return scanner.next() != null;
      }
    }, Duration.ofMinutes(2), Duration.ofMillis(200), "the YCSB load's first row",
        () -> new IOException("the YCSB load wrote no row in 2 minutes"));
  }

  /** Each live server's max heap, once every one has reported it (a new server reports 0 until its first report). */
  private static List<Long> maxHeapsMb(Admin admin) throws Exception {
    AtomicReference<List<Long>> heaps = new AtomicReference<>(List.of());
    Await.until(() -> {
      heaps.set(admin.getClusterMetrics().getLiveServerMetrics().values().stream()
          .map(metrics -> (long) metrics.getMaxHeapSize().get(org.apache.hadoop.hbase.Size.Unit.MEGABYTE)).toList());
      return heaps.get().stream().allMatch(mb -> mb > 0);
    }, Duration.ofSeconds(30), Duration.ofMillis(500), "every server's max heap",
        () -> new IOException("not every live server reported its max heap within 30 s: " + heaps.get() + " MB"));
    return heaps.get();
  }

  @Test
  void theCommandLineStartsRestartsAndOutlivesNothing(@TempDir Path dir) throws Exception {
    Path data = dir.resolve("data");
    Path conf = dir.resolve("conf");
    // The heap tuner every 2 s, by steps of 0.1, so that a change of heap fractions is in force within seconds.
    Path site = SiteFiles.write(dir.resolve("site.xml"), Map.of("hbase.regionserver.heapmemory.tuner.period", "2000",
        "turbo.tune.heap.step", "0.1"));
    ClusterProcess launcher = ClusterProcess.start(data, conf, "--processes", "--regionservers", "2", "--rs-heap",
        "384m", "--site", site.toString());
    List<ProcessHandle> regionServers;
    try {
      CommandLineRun load = CommandLineRun.of("--conf", conf.toString(), "ycsb", "load", "--workload", "c",
          "--threads", "2", "-p", "recordcount=300", "--out", dir.resolve("load").toString());
      load.assertSucceeded();

      // A rolling restart under a YCSB run paced to outlast it: not one failed operation, the new value in force. The
      // run takes 120 s: a restart (two JVM starts, four region moves) once outlasted a run of 60 s on a slow CI host.
      Path runResult = dir.resolve("run.json");
      CompletableFuture<CommandLineRun> run;
      try (Connection connection = ConnectionFactory.createConnection(ClientConfigurations.fromDirectory(conf))) {
        ServerStatsReader stats = new ServerStatsReader(connection);
        WorkloadReading beforeRun = stats.workload();
        run = CompletableFuture.supplyAsync(() -> CommandLineRun.of("--conf", conf.toString(), "ycsb", "run",
            "--workload", "a", "--threads", "2", "--warmup", "0", "-p", "recordcount=300", "-p",
            "operationcount=18000", "-p", "target=150", "--json", runResult.toString(), "--out",
            dir.resolve("run").toString()));
        // The restart begins once the run is under way: a second of its operations have reached the servers.
        Await.until(() -> {
          if (run.isDone()) {
            throw new IOException("the YCSB run ended before the restart: " + run.join());
          }
          TableOperationCounts counts = stats.workload().tablesSince(beforeRun).get("usertable");
          return counts != null && counts.reads() + counts.writes() >= 300;
        }, Duration.ofMinutes(1), Duration.ofMillis(200), "the YCSB run to reach the servers",
            () -> new IOException("the YCSB run's operations did not reach the servers within a minute"));
      }
      CommandLineRun restart = CommandLineRun.of("cluster", "restart", "--data", data.toString(), "--rolling",
          "--set", "hbase.regionserver.handler.count=40");
      restart.assertSucceeded();
      assertThat(restart.out()).contains("RegionServer 0: moving its regions to the others",
          "RegionServer 1: started", "restart done: 2 RegionServers, one at a time");
      assertThat(run).as("the YCSB run still going when the restart ended").isNotDone();
      try (Connection connection = ConnectionFactory.createConnection(ClientConfigurations.fromDirectory(conf))) {
        assertThat(new ServerStatsReader(connection).settings(List.of("hbase.regionserver.handler.count")))
            .hasSize(2).allSatisfy((server, settings) -> assertThat(settings)
                .containsEntry("hbase.regionserver.handler.count", "40"));
      }

      CommandLineRun.assertRefused(CommandLineRun.of("cluster", "restart", "--data", data.toString(), "--set",
          "hbase.rootdir=/elsewhere"), null);
      CommandLineRun.assertRefused(CommandLineRun.of("cluster", "restart", "--data", data.toString(), "--set",
          "hbase.hstore.compaction.min=12"), "turbo: --set: hbase.hstore.compaction.min=12 is above"
          + " hbase.hstore.compaction.max=10, so HBase would never choose a minor compaction; raise"
          + " hbase.hstore.compaction.max too");
      CommandLineRun.assertRefused(CommandLineRun.of("cluster", "restart", "--data", dir.resolve("none").toString()),
          "turbo: no cluster runs on " + dir.resolve("none").toAbsolutePath() + "; start one with './turbo cluster"
          + " start --processes --data " + dir.resolve("none").toAbsolutePath() + "'");
      // tune apply online, while the YCSB run goes on: heap fractions through the heap tuner, a compaction setting
      // through update_config, no restart; rollback puts back what was there the same way.
      List<String> keys = List.of("hbase.regionserver.global.memstore.size", "hfile.block.cache.size",
          "hbase.hstore.compaction.min");
      Map<String, String> before = inForce(conf, keys);
      Path policy = dir.resolve("rm.yaml");
      // Fractions within what a 384 MiB heap leaves the heap tuner's guard (0.41 together), so not fitted down.
      Files.writeString(policy, "class: RM\nheap_gb: 0.375\nsettings:\n"
          + "  hbase.regionserver.global.memstore.size: 0.1\n  hfile.block.cache.size: 0.3\n"
          + "  hbase.hstore.compaction.min: 4\n");
      Path audit = dir.resolve("audit.jsonl");
      CommandLineRun apply = CommandLineRun.of("--conf", conf.toString(), "tune", "apply", "--class", "RM",
          "--policy", policy.toString(), "--data", data.toString(), "--audit", audit.toString());
      apply.assertSucceeded();
      assertThat(apply.out()).contains("update_config done: 2 RegionServers").doesNotContain("restart done",
          "planned");
      assertThat(inForce(conf, keys)).containsEntry("hbase.hstore.compaction.min", "4");
      awaitFractions(conf, 0.1, 0.3, "memstore and block cache moved by the tuner");
      CommandLineRun rollback = CommandLineRun.of("--conf", conf.toString(), "tune", "rollback", "--data",
          data.toString(), "--audit", audit.toString());
      rollback.assertSucceeded();
      assertThat(inForce(conf, List.of("hbase.hstore.compaction.min"))).isEqualTo(Map.of(
          "hbase.hstore.compaction.min", before.getOrDefault("hbase.hstore.compaction.min", "3")));
      awaitFractions(conf, 0.4, 0.4, "back to HBase's defaults");

      // What follows the restart above ran while the YCSB run went on, and changed nothing it could fail on.
      CommandLineRun ran = run.get(3, TimeUnit.MINUTES);
      ran.assertSucceeded();
      List<VariantResult> results = JsonFiles.read(runResult, BenchmarkReport.class).results();
      assertThat(results).isNotEmpty().allSatisfy(result -> {
        assertThat(result.failures()).as("failed operations").isZero();
        assertThat(result.operationsPerRun()).isEqualTo(18_000);
      });

      regionServers = launcher.processes().stream().filter(ProcessClusterIT::isRegionServer).toList();
      assertThat(regionServers).as("RegionServer JVMs among the launcher's processes").hasSize(2);
    } catch (Throwable failure) {
      launcher.processes().forEach(ProcessHandle::destroyForcibly);
      throw failure;
    }

    // SIGKILL of the launcher, whose shutdown hook then does not run: its RegionServers see their input from it end
    // and go, and nothing of the cluster is left, not even what ran and watched them (found by the processes' mark,
    // so also those that init took over).
    try {
      launcher.kill();
      for (ProcessHandle regionServer : regionServers) {
        assertThat(regionServer.onExit()).as("a RegionServer ended after its launcher was killed")
            .succeedsWithin(REGION_SERVER_END_SECONDS, TimeUnit.SECONDS);
      }
      launcher.awaitNoneLeft(WATCH_END, "the RegionServers ended");
    } finally {
      launcher.processes().forEach(ProcessHandle::destroyForcibly);
    }

    // A restart on the same data finds the rows; SIGTERM then stops it, and nothing of it is left once it exited.
    ClusterProcess restarted = ClusterProcess.start(data, conf, "--processes", "--regionservers", "1", "--rs-heap",
        "384m");
    String printed;
    List<String> left;
    try {
      try (Connection connection = ConnectionFactory.createConnection(ClientConfigurations.fromDirectory(conf))) {
        assertThat(nativeScan(connection, TableName.valueOf("usertable"))).hasSize(300);
      }
      printed = restarted.stop();
    } finally {
      left = ClusterProcess.describe(restarted.processes());
      restarted.processes().forEach(ProcessHandle::destroyForcibly);
    }
    assertThat(printed).contains("process cluster stopped");
    assertThat(left).as("processes left once the launcher exited after SIGTERM").isEmpty();
  }

  /** A RegionServer's JVM: not the shells that start and watch it, whose arguments name its main class too. */
  private static boolean isRegionServer(ProcessHandle process) {
    return process.info().command().orElse("").endsWith("/java") && List.of(process.info().arguments()
        .orElse(new String[0])).contains("org.apache.hadoop.hbase.regionserver.HRegionServer");
  }

  private static byte[][] splits() {
    return IntStream.of(500, 1000, 1500).mapToObj(TestingTables::row).toArray(byte[][]::new);
  }

  private static List<String> nativeScan(Connection connection, TableName name) throws IOException {
    List<String> rows = new ArrayList<>();
    try (Table table = connection.getTable(name); ResultScanner scanner = table.getScanner(new Scan())) {
      for (Result result : scanner) {
        rows.add(Bytes.toString(result.getRow()) + "=" + Bytes.toString(result.value()));
      }
    }
    return rows;
  }

  /** The -cp entries of a running JVM, from the operating system. */
  private static List<String> classpathOf(long pid) {
    String[] arguments = ProcessHandle.of(pid).orElseThrow().info().arguments().orElseThrow();
    for (int i = 0; i < arguments.length - 1; i++) {
      if (arguments[i].equals("-cp")) {
        return List.of(arguments[i + 1].split(java.io.File.pathSeparator));
      }
    }
    throw new AssertionError("no -cp in " + String.join(" ", arguments));
  }
}

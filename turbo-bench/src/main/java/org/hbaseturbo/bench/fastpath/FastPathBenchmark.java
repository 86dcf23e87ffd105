package org.hbaseturbo.bench.fastpath;

import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.bench.InterleavedRuns;
import org.hbaseturbo.bench.RatioReports;
import org.hbaseturbo.bench.RunPlan;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.RatioTable;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.bench.ycsb.DbBinding;
import org.hbaseturbo.bench.ycsb.FastPathHBaseClient;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import org.hbaseturbo.bench.ycsb.ServerWarmUp;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.report.Environment;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;

/**
 * The hybrid fast path paper's experiments (Huang et al., High-Performance Design of HBase with RDMA over
 * InfiniBand, IPDPS 2012), each fast-path transport side by side with the native client in one run, all through
 * YCSB:
 * <ul>
 *   <li>its micro-benchmark: one client thread, one record served from the memstore, Get and Put latency by value
 *       size (experiments "get-SIZE" and "put-SIZE");
 *   <li>its YCSB experiments: read-only, write-only (100% update) and 50/50 on whole 1 KB records, by client count
 *       (experiments "read", "update", "mixed");
 *   <li>the same reads and updates in batches of 100 records, one {@code Table.get(List)} or {@code Table.put(List)}
 *       an operation (experiments "multiget", "batchput").
 * </ul>
 * Each (experiment, clients) runs its variants in turn, run after run ({@link RunOrder#interleaved}).
 */
public final class FastPathBenchmark {
  /** Results are named "experiment variant"; each is compared with the native client's. */
  public static final RatioTable RATIOS = new RatioTable("experiment", "op", FastPathVariant.NATIVE.label(), "op",
      report -> 1);
  /** A micro-benchmark Get's fast-path request, header included, about: the UCX round trip's request. */
  private static final int GET_REQUEST_BYTES = 128;
  /** What a Get's reply carries beside the value (header, cell's key, protobuf), about. */
  private static final int REPLY_OVERHEAD_BYTES = 128;
  /** The table of the YCSB experiments; the micro-benchmark's are named after the value size. */
  private static final String YCSB_TABLE = "fastpath_ycsb";
  /** YCSB's workload A, its mix replaced by each experiment's. */
  private static final String WORKLOAD = "a";
  /** Values larger than the client's default fast-path request limit (1 MiB) would go over RPC. */
  public static final int MAX_VALUE_BYTES = 512 << 10;
  /**
   * Unmeasured runs of each workload and variant at most before the measured ones, as {@code bench pcm}'s
   * (PcmBenchmark.WarmUp); each adds a run of --run-time where the servers still compile.
   */
  static final int SERVER_WARM_UP_RUNS = 3;

  private final ClusterTarget target;
  private final Settings settings;
  private final Path workDir;
  private final PrintWriter progress;
  private final InterleavedRuns runs;
  /** The RegionServer's own processing of each micro-benchmark experiment's operation, p50 in microseconds. */
  private final Map<String, Double> serverProcessingUs = new LinkedHashMap<>();
  /** A UCX round trip of each micro-benchmark Get's sizes over each fast-path variant's transports, p50 in us. */
  private final Map<String, Double> ucxRoundTripUs = new LinkedHashMap<>();
  private final Map<String, Double> ucxParkedRoundTripUs = new LinkedHashMap<>();
  private final Map<String, Double> ucxParkedEmptyWakeUps = new LinkedHashMap<>();
  /** How the servers' warm-up of each workload and variant ended ({@link #warmUpServers}), by "workload variant". */
  private final Map<String, String> serverWarmUps = new LinkedHashMap<>();
  /** The CPU per operation no client and no transport can save, by YCSB experiment and client count. */
  private final Map<String, Map<String, Object>> cpuFloors = new LinkedHashMap<>();

  /**
   * @param sizes value sizes of the micro-benchmark in bytes; empty: no micro-benchmark
   * @param workloads YCSB experiments; empty: none
   * @param variants the native client among them, the baseline of every ratio
   * @param records YCSB records the YCSB experiments load
   * @param plan the YCSB experiments' client counts (the micro-benchmark has one client), the runs of both, each
   *     client JVM's warm-up and where the client JVMs run: where not on this host, their only fast-path transport is
   *     TCP on their link's device
   * @param serversOnHosts whether the RegionServers run on hosts of their own ({@code --hosts}), which the clients
   *     reach over their links: TCP only, as behind a link
   */
  public record Settings(List<Integer> sizes, List<FastPathWorkload> workloads, List<FastPathVariant> variants,
      long records, RunPlan plan, boolean serversOnHosts) {
    public Settings {
      requireNonNull(plan, "plan is null");
      sizes = List.copyOf(sizes);
      workloads = List.copyOf(workloads);
      variants = List.copyOf(variants);
      if (sizes.isEmpty() && workloads.isEmpty()) {
        throw new InvalidInputException("nothing to measure: give value sizes (--sizes) or YCSB workloads"
            + " (--workloads)");
      }
      for (int size : sizes) {
        if (size < 1 || size > MAX_VALUE_BYTES) {
          throw new InvalidInputException("--sizes must be between 1 and " + MAX_VALUE_BYTES + " bytes (512k),"
              + " was " + size);
        }
      }
      if (!variants.contains(FastPathVariant.NATIVE) || variants.size() < 2) {
        throw new InvalidInputException("the variants must be native and at least one fast-path transport, was "
            + variants.stream().map(FastPathVariant::label).toList());
      }
      if (records < 1) {
        throw new InvalidInputException("--records must be at least 1, was " + records);
      }
      if (serversOnHosts) {
        requireTcpOnly("with --hosts", variants);
      } else if (plan.behindLink()) {
        requireTcpOnly("behind --link " + plan.linkName(), variants);
      }
    }

    /**
     * @throws InvalidInputException when a variant other than TCP would run where the client JVMs and the
     *     RegionServers are on different hosts ({@code where}): shared memory does not reach another host (UCX would
     *     use it anyway, bypassing the links), and auto would pick it
     */
    private static void requireTcpOnly(String where, List<FastPathVariant> variants) {
      List<String> local = variants.stream().filter(v -> v.db() == DbBinding.FASTPATH && v != FastPathVariant.TCP)
          .map(FastPathVariant::transport).toList();
      if (!local.isEmpty()) {
        throw new InvalidInputException("--transport " + String.join(",", local) + " cannot run " + where + ": the"
            + " client JVMs and the RegionServers are on different hosts, which shared memory does not reach (and"
            + " auto would choose shared memory, bypassing the links); use --transport tcp");
      }
    }
  }

  public FastPathBenchmark(ClusterTarget target, Settings settings, Path workDir, PrintWriter progress) {
    this.target = requireNonNull(target, "target is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.workDir = requireNonNull(workDir, "workDir is null");
    this.progress = requireNonNull(progress, "progress is null");
    this.runs = new InterleavedRuns(target, settings.plan(), progress);
  }

  public BenchmarkReport run() throws IOException {
    List<VariantResult> results = new ArrayList<>();
    Closeable balancer = target.balancerPaused();
    try {
      warmUpServers();
      for (int size : settings.sizes()) {
        results.addAll(micro(size));
      }
      if (!settings.workloads().isEmpty()) {
        results.addAll(ycsb());
      }
    } finally {
      balancer.close();
    }
    return new BenchmarkReport("fastpath", Environment.machine(), Environment.versions(target.hbaseVersion()),
        parameters(), results);
  }

  /**
   * Prints the table and the latency breakdown, and writes the JSON report to {@code json}, the ratios beside it
   * ({@code <name>-ratios.json}) and the charts into the work directory.
   */
  public void report(BenchmarkReport report, Path json) throws IOException {
    Map<String, Object> parameters = report.parameters();
    String title = "fastpath: runs of " + parameters.get("run_seconds") + " s, link " + parameters.get("link")
        + ", medians of " + parameters.get("runs") + " run(s); micro-benchmark: one client, one record; YCSB: "
        + parameters.get("records") + " records of 1 KB" + batches(parameters);
    RatioReports.write(report, RATIOS, title, json, workDir, progress);
    progress.print(LatencyBreakdown.describe(report));
    progress.flush();
  }

  /** What one op is in the experiments whose op is a batch ("; multiget: one op = 100 rows"); empty if none. */
  private static String batches(Map<String, Object> parameters) {
    StringBuilder batches = new StringBuilder();
    if (parameters.get("rows_per_op") instanceof Map<?, ?> rows) {
      rows.forEach((workload, count) -> {
        if (((Number) count).intValue() > 1) {
          batches.append("; ").append(workload).append(": one op = ").append(count).append(" rows");
        }
      });
    }
    return batches.toString();
  }

  /**
   * Unmeasured runs of every variant's Gets and Puts, and of the batches of them to be measured, before any measured
   * one, each until the RegionServers' JIT is quiet ({@link ServerWarmUp}, at most {@link #SERVER_WARM_UP_RUNS}):
   * the servers compile each path (RPC, the fast path; a batch is RPC's multi call) as it is first used, and the
   * variant measured first would pay for it (three times the p50 of a warm server, here). One run each was not
   * enough: in a run of batches of Puts at 16 clients (results/fastpath/batchput-waits-2026-12-01) the servers still
   * compiled for 2.9 s in native's measured run and 1.6 s in the fast path's.
   */
  private void warmUpServers() throws IOException {
    List<FastPathWorkload> workloads = new ArrayList<>(List.of(FastPathWorkload.READ, FastPathWorkload.UPDATE));
    settings.workloads().stream().filter(workload -> workload.rowsPerOperation() > 1).forEach(workloads::add);
    progress.printf("warming up the RegionServers: %s of every variant, runs of %d s until their JIT is quiet (at"
        + " most %d each), not measured%n", workloads.stream().map(FastPathWorkload::label).toList(),
        settings.plan().runSeconds(), SERVER_WARM_UP_RUNS);
    TableName table = TableName.valueOf("fastpath_warmup");
    Path dir = workDir.resolve("warmup");
    Map<String, String> record = oneRecord(table, 1024, dir);
    for (FastPathVariant variant : settings.variants()) {
      for (FastPathWorkload workload : workloads) {
        Map<String, String> properties = new HashMap<>(record);
        properties.putAll(workload.properties());
        properties.putAll(variant.properties());
        String name = workload.label() + " " + variant.label();
        String ended = ServerWarmUp.untilQuiet(SERVER_WARM_UP_RUNS,
            number -> runs.experiment(WORKLOAD, properties, variant.db(), 1, 1,
                dir.resolve(workload.label() + "-" + variant.label() + "-" + number), true).run(1, 1, false))
            .describe();
        progress.printf("  %s: %s%n", name, ended);
        serverWarmUps.put(name, ended);
      }
    }
    drop(table);
  }

  /**
   * The micro-benchmark at one value size: a table of one record, read by one client, then overwritten. Gets run
   * first, on the loaded record in the memstore; each run of Puts starts from a flushed memstore. After each, the
   * RegionServer's own processing of the operation is timed in-process, where it runs in this JVM.
   */
  private List<VariantResult> micro(int size) throws IOException {
    TableName table = TableName.valueOf("fastpath_" + size + "b");
    progress.printf("micro-benchmark, values of %s: one record in %s%n", sizeLabel(size), table);
    Path dir = workDir.resolve("micro-" + size);
    Map<String, String> record = oneRecord(table, size, dir);
    Optional<ServerProcessing> server = ServerProcessing.of(target, table);
    List<VariantResult> results = new ArrayList<>();
    String get = "get-" + sizeLabel(size);
    results.addAll(compare(get, FastPathWorkload.READ, record, 1, 1, dir, table, false));
    if (server.isPresent()) {
      serverProcessingUs.put(get, server.get().getP50Us());
    }
    timeUcxRoundTrips(get, size);
    String put = "put-" + sizeLabel(size);
    results.addAll(compare(put, FastPathWorkload.UPDATE, record, 1, 1, dir, table, false));
    if (server.isPresent()) {
      serverProcessingUs.put(put, server.get().putP50Us());
    }
    drop(table);
    return results;
  }

  /**
   * The transport's part of the Get's floor for each fast-path variant: a UCX round trip of a request of a Get's
   * size and a reply of the record's, in this JVM ({@link UcxRoundTrip}).
   */
  private void timeUcxRoundTrips(String experiment, int size) {
    if (settings.plan().clientHost().isPresent()) {
      progress.printf("note: no UCX round trip floor with the clients on a host of their own: it is timed in this"
          + " JVM, on the servers' side of the link%n");
      return;
    }
    for (FastPathVariant variant : settings.variants()) {
      if (variant.db() != DbBinding.FASTPATH) {
        continue;
      }
      Configuration conf = new Configuration(false);
      Properties props = new Properties();
      props.putAll(variant.properties());
      if (variant == FastPathVariant.TCP) {
        // Both ends are in this JVM: over loopback.
        props.put(FastPathHBaseClient.DEVICES, "lo");
      }
      FastPathHBaseClient.useFastPath(conf, props);
      try {
        UcxRoundTrip.Times times = UcxRoundTrip.measure(ChannelSettings.transports(conf), GET_REQUEST_BYTES,
            size + REPLY_OVERHEAD_BYTES);
        String name = experiment + " " + variant.label();
        ucxRoundTripUs.put(name, times.polledP50Us());
        ucxParkedRoundTripUs.put(name, times.parkedP50Us());
        ucxParkedEmptyWakeUps.put(name, times.emptyWakeUpsPerRoundTrip());
      } catch (FastPathUnavailableException e) {
        progress.printf("note: no UCX round trip over %s: %s%n", variant.label(), e.getMessage());
      }
    }
  }

  /** A new table of one YCSB record of one field of {@code size} bytes; returns the properties that name it. */
  private Map<String, String> oneRecord(TableName table, int size, Path dir) throws IOException {
    Map<String, String> record = Map.of("table", table.getNameAsString(), "recordcount", "1", "fieldcount", "1",
        "fieldlength", String.valueOf(size));
    drop(table);
    runs.experiment(WORKLOAD, record, DbBinding.NATIVE, 1, 1, dir.resolve("load"), false).load(false);
    return record;
  }

  private void drop(TableName table) throws IOException {
    try (Admin admin = target.connection().getAdmin()) {
      BenchTables.dropIfExists(admin, table);
    }
  }

  /**
   * The YCSB experiments on one table of {@code records} whole records, flushed, compacted and read once after its
   * load so that reads come from the block cache; each run that writes starts from a flushed, compacted table.
   */
  private List<VariantResult> ycsb() throws IOException {
    TableName table = TableName.valueOf(YCSB_TABLE);
    Map<String, String> records = Map.of("table", YCSB_TABLE, "recordcount", String.valueOf(settings.records()));
    drop(table);
    progress.printf("YCSB experiments: loading %,d records into %s%n", settings.records(), table);
    Path dir = workDir.resolve("ycsb");
    runs.load(WORKLOAD, records, dir.resolve("load"));
    runs.settle(table);
    Optional<ServerFloor> server = ServerFloor.of(target, table);
    List<VariantResult> results = new ArrayList<>();
    for (FastPathWorkload workload : settings.workloads()) {
      for (int clients : settings.plan().clients()) {
        List<VariantResult> compared = compare(workload.label(), workload, records, clients,
            settings.plan().regions(), dir, table, true);
        results.addAll(compared);
        cpuFloors.put(workload.label() + " x" + clients, cpuFloor(workload, records, clients, dir, table, server,
            compared));
      }
    }
    return results;
  }

  /**
   * The CPU per operation of an experiment that no client library and no transport can save: YCSB's own work in a
   * client of as many threads ({@link DbBinding#NONE}, one run) and the RegionServers' own request path
   * ({@link ServerFloor}, an embedded cluster only); with the native client's CPU per operation in the same run, the
   * lowest CPU ratio any fast path could reach, and the highest throughput ratio once the cores are busy; with its
   * throughput, the highest throughput ratio the request path's latency leaves one client of single-row operations.
   */
  private Map<String, Object> cpuFloor(FastPathWorkload workload, Map<String, String> records, int clients,
      Path dir, TableName table, Optional<ServerFloor> server, List<VariantResult> compared) throws IOException {
    Map<String, String> properties = new HashMap<>(records);
    properties.putAll(workload.properties());
    progress.printf("%s, %d client%s: the CPU floor (YCSB alone%s)%n", workload.label(), clients,
        clients == 1 ? "" : "s", server.isPresent() ? ", then the RegionServers called in-process" : "");
    progress.flush();
    Path runDir = dir.resolve(workload.label() + "-floor-" + clients);
    PhaseResult alone = runs.experiment(WORKLOAD, properties, DbBinding.NONE, clients, settings.plan().regions(),
        runDir, true).run(1, 1, false);
    double ycsbUs = alone.clientCpuNanos() / 1_000.0 / alone.operations();
    Map<String, Object> floor = new LinkedHashMap<>();
    floor.put("ycsb_client_cpu_us_per_op", ycsbUs);
    if (server.isEmpty()) {
      return floor;
    }
    ServerFloor.Measure inProcess = server.get().measure(workload, clients);
    double serverUs = inProcess.cpuUsPerOperation();
    floor.put("server_cpu_us_per_op", serverUs);
    floor.put("server_ops_per_s", inProcess.operationsPerSecond());
    compared.stream().filter(result -> result.variant().equals(workload.label() + " " + FastPathVariant.NATIVE.label()))
        .findFirst().ifPresent(nativeResult -> {
          floor.put("native_ops_per_s", nativeResult.throughputOpsS());
          // A batch's floor calls its servers' shares in turn, which a client sends at once: no bound for batches.
          if (workload.rowsPerOperation() == 1) {
            floor.put("highest_throughput_ratio_in_process", inProcess.operationsPerSecond()
                / nativeResult.throughputOpsS());
          }
          if (nativeResult.serverCpuUsPerOp() != null) {
            double nativeUs = nativeResult.clientCpuUsPerOp() + nativeResult.serverCpuUsPerOp();
            floor.put("native_cpu_us_per_op", nativeUs);
            floor.put("lowest_cpu_ratio", (ycsbUs + serverUs) / nativeUs);
            floor.put("highest_throughput_ratio_cores_busy", nativeUs / (ycsbUs + serverUs));
          }
        });
    return floor;
  }

  /**
   * Every variant's runs of one experiment, interleaved.
   *
   * @param compact whether a run that writes starts from a major-compacted table, rather than a flushed one
   */
  private List<VariantResult> compare(String experiment, FastPathWorkload workload, Map<String, String> data,
      int clients, int regions, Path dir, TableName table, boolean compact) throws IOException {
    Map<String, String> properties = new HashMap<>(data);
    properties.putAll(workload.properties());
    return runs.interleave(experiment, WORKLOAD, properties,
        settings.variants(), clients, regions, dir, () -> {
          if (workload.writes()) {
            try (Admin admin = target.connection().getAdmin()) {
              if (compact) {
                BenchTables.flushAndCompact(admin, table);
              } else {
                admin.flush(table);
              }
            }
          }
        });
  }

  /** 1B, 100B, 1KB, 64KB: binary kilobytes, as the paper's sizes. */
  static String sizeLabel(int bytes) {
    return bytes >= 1024 && bytes % 1024 == 0 ? bytes / 1024 + "KB" : bytes + "B";
  }

  private Map<String, Object> parameters() {
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("sizes_bytes", settings.sizes());
    parameters.put("workloads", settings.workloads().stream().map(FastPathWorkload::label).toList());
    parameters.put("variants", settings.variants().stream().map(FastPathVariant::label).toList());
    parameters.put("records", settings.records());
    runs.putParameters(parameters);
    parameters.put("run_order", "first unmeasured runs of every variant's Gets and Puts, and of its batches where"
        + " multiget or batchput is measured, each until the servers' JIT is quiet (at most "
        + SERVER_WARM_UP_RUNS + " runs; server_warm_up says how each ended); then interleaved: run 1"
        + " of every variant in turn, then run 2, ..., the order rotated by"
        + " one variant each run; micro-benchmark: gets on the loaded record, then puts, the memstore flushed before"
        + " each run of puts; YCSB: the table flushed, major-compacted and read once after its load, and flushed and"
        + " major-compacted before each run that writes");
    parameters.put("warmup", "each client JVM does warmup_operations_per_client_jvm operations (multiget and"
        + " batchput: rows, in batches of 100); then " + YcsbWarmUp.QUIET_RULE + ", for at most"
        + " warmup_jit_quiet_seconds_at_most more; warm_up says how each result's runs ended theirs");
    parameters.put("server_warm_up", serverWarmUps);
    parameters.put("cluster", target.description());
    parameters.put("workload", "micro-benchmark: one record of one field of SIZE bytes, one client thread, Gets"
        + " (read) or Puts (update) of it; YCSB: records of 10 fields of 100 bytes, whole records read and written"
        + " (readallfields, writeallfields), unbuffered updates; multiget and batchput: one operation is one"
        + " Table.get(List) or Table.put(List) of 100 rows, YCSB's key and 99 drawn uniformly from the loaded ones");
    Map<String, Integer> rows = new LinkedHashMap<>();
    settings.workloads().forEach(workload -> rows.put(workload.label(), workload.rowsPerOperation()));
    parameters.put("rows_per_op", rows);
    parameters.put("servers_on_hosts", settings.serversOnHosts());
    parameters.put("transports", "fastpath-shm: client limited to shared memory (UCX_TLS=posix,cma);"
        + " fastpath-tcp: UCX_TLS=tcp on the device the cluster's client configuration names (lo on a cluster of this"
        + " host, the bridge to hosts of their own), or behind a link on the client's end of it; fastpath-auto: every"
        + " transport the client's settings allow; the RegionServers offer shared memory and TCP on the device they"
        + " bind to");
    parameters.put("ucx_in_benchmark_jvm", UcxRuntime.describe());
    parameters.put("cpu_floor", cpuFloors);
    parameters.put("cpu_floors", "per YCSB experiment and client count, the CPU per operation that no client"
        + " library and no transport can save, each measured once after the experiment's runs:"
        + " ycsb_client_cpu_us_per_op, a YCSB client of as many threads whose binding answers every operation at"
        + " once (--db none); server_cpu_us_per_op, this JVM's CPU per operation while as many threads call the"
        + " RegionServers' RSRpcServices in-process (get, mutate, multi; requests built beforehand, for random"
        + " loaded rows) as the fast path's workers call it: the thread's current RPC call, under the user's Subject,"
        + " not received, parsed, checked against a session or answered; embedded cluster only;"
        + " lowest_cpu_ratio, their sum over the native client's client + server CPU per operation in the same run,"
        + " under which no fast path's CPU ratio can go; highest_throughput_ratio_cores_busy, its inverse, over which"
        + " no fast path's throughput ratio can go once client and servers keep the host's cores busy;"
        + " server_ops_per_s, the operations a second those in-process callers completed, and, for operations of one"
        + " row (not multiget or batchput, whose floor calls each server's share in turn where a client sends them"
        + " at once), highest_throughput_ratio_in_process, that over the native client's throughput in the same run:"
        + " one synchronous client of any transport waits for the same call and cannot complete more, busy cores or"
        + " not (the request path's own latency, for an update its WAL sync's, bounds it); with more clients, the"
        + " figure is of as many calls at once, where a fast path's workers may run fewer, so it bounds less"
        + " strictly");
    parameters.put(LatencyBreakdown.PARAMETER, serverProcessingUs);
    parameters.put("ucx_round_trip_p50_us", ucxRoundTripUs);
    parameters.put("ucx_round_trip", "UCX alone, between two workers of the benchmark's JVM over the variant's"
        + " transports: a request of " + GET_REQUEST_BYTES + " bytes sent as the client sends, answered inside the"
        + " receive callback with a reply of the value's size plus " + REPLY_OVERHEAD_BYTES + " bytes, the client"
        + " polling; a Get's floor is this plus the RegionServer's own processing (" + LatencyBreakdown.PARAMETER
        + ")");
    parameters.put("ucx_round_trip_parked_p50_us", ucxParkedRoundTripUs);
    parameters.put("ucx_round_trip_parked_empty_wake_ups", ucxParkedEmptyWakeUps);
    parameters.put("ucx_round_trip_parked", "the same round trip with both workers parking in UCX's wait for events"
        + " whenever they have nothing to progress: the host's floor for a round trip that wakes both sides, as"
        + " fast-path waiters and workers do once polling does not pay; and the client's wake-ups that found"
        + " nothing to progress, per round trip");
    return parameters;
  }
}

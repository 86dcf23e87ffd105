package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.hbaseturbo.bench.RunPlan;
import org.hbaseturbo.bench.fastpath.FastPathBenchmark;
import org.hbaseturbo.bench.fastpath.FastPathVariant;
import org.hbaseturbo.bench.fastpath.FastPathWorkload;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.common.InvalidInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo bench fastpath}: the hybrid fast path paper's experiments against the native client. */
@Command(name = "fastpath", mixinStandardHelpOptions = true,
    description = {"The hybrid fast path paper's experiments (Huang et al., High-Performance Design of HBase with"
        + " RDMA over InfiniBand, IPDPS 2012), each fast-path transport side by side with the native client,"
        + " through YCSB (--db native and --db fastpath): its micro-benchmark (one client, one record in the"
        + " memstore, Get and Put latency by value size: experiments get-SIZE and put-SIZE) and its YCSB"
        + " experiments on whole 1 KB records (read-only, 100%% update and 50/50: read,"
        + " update, mixed) by client count; beside them, the same reads and updates in batches of 100 records"
        + " (multiget, batchput).",
        "Reports throughput, p50 latency, bytes per operation (RPC and fast path, both directions), client +"
            + " server CPU per operation and each variant's ratio to the native client, the median of run-by-run"
            + " ratios. Runs are interleaved (run 1 of every variant, then run 2, ...). How many operations the"
            + " fast path served, and how many went over RPC instead, is in the JSON (fast_path_outcomes).",
        "After each YCSB experiment, the CPU per operation no client and no transport can save (cpu_floor in the"
            + " JSON): YCSB's own work (--db none) and, on the embedded cluster, the RegionServers' request path"
            + " called in-process; with the native client's CPU per operation, the best ratios any fast path could"
            + " reach on this host."})
final class BenchFastPathCommand implements Callable<Integer> {
  @ParentCommand
  BenchCommand parent;

  @Spec
  CommandSpec spec;

  @Mixin
  LocalClusterOptions embedded;

  @Option(names = "--sizes", paramLabel = "SIZE,...", split = ",", defaultValue = "1,100,1k,4k,16k,64k",
      description = "Value sizes of the micro-benchmark: bytes, or k for KiB, 1 to 512k; none to skip it"
          + " (default: ${DEFAULT-VALUE}).")
  List<String> sizes;

  @Option(names = "--workloads", paramLabel = "W,...", split = ",", defaultValue = "read,update,mixed",
      description = "YCSB experiments: read (read-only), update (100%% update), mixed (50/50), each operation one"
          + " record; multiget, batchput: each operation one Table.get(List) or Table.put(List) of 100 records, so"
          + " their throughput is in batches per second and their --warmup counts rows; none to skip them (default:"
          + " ${DEFAULT-VALUE}).")
  List<String> workloads;

  @Option(names = "--transport", paramLabel = "T,...", split = ",", defaultValue = "shm,tcp",
      description = "Fast-path transports, each a variant beside native: shm (shared memory, a client on the"
          + " RegionServer's host), tcp (a client on another host; behind --link, the only one, on the link's"
          + " device), auto (UCX's choice: RDMA where present) (default: ${DEFAULT-VALUE}).")
  List<String> transports;

  @Range(min = 1, max = 100_000_000)
  @Option(names = "--records", paramLabel = "N", defaultValue = "20000",
      description = "Records the YCSB experiments load (1 to 100,000,000; default: ${DEFAULT-VALUE}).")
  long records;

  @Range(min = 1, max = 1_024)
  @Option(names = "--clients", paramLabel = "N,N,...", split = ",", defaultValue = "4,16",
      description = "Client threads of the YCSB experiments, one measurement per count (each 1 to 1,024; the"
          + " micro-benchmark has one; default: ${DEFAULT-VALUE}).")
  List<Integer> clients;

  @Mixin
  RunOptions runs = new RunOptions(RunPlan.DEFAULT_RUNS);

  @Mixin
  RunTimeOptions runTime = new RunTimeOptions(RunPlan.DEFAULT_RUN_SECONDS);

  // 2,000 operations left the client and server JIT compiling through the measured runs: perf saw C2 take 23% of
  // both cores during a 64-client read run (2026-11-28). A single client's 1 KB Gets measured 107 us at p50 after
  // 10,000 operations, with C2 still taking 64% of the client JVM's CPU, and 28 us after 100,000 (2026-11-29); at
  // that rate the JIT went quiet within seconds.
  @Mixin
  WarmUpOptions warmUp = new WarmUpOptions(10_000, 30);

  @Range(min = 1, max = 1_000)
  @Option(names = "--regions", paramLabel = "N", defaultValue = "" + RunPlan.DEFAULT_REGIONS,
      description = "Regions the YCSB experiments' table is pre-split into (1 to 1,000; default: ${DEFAULT-VALUE}).")
  int regions;

  @Mixin
  LinkOptions link;

  /** The ratios to the native client go beside the JSON report, as {@code <name>-ratios.json}. */
  @Mixin
  BenchOutputOptions output;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    return RatioBenchmarks.run("fastpath", parent.main.conf(), link, embedded, output, out,
        linkName -> settings(Optional.empty(), linkName), (target, clientHost, linkName, dir) -> {
          FastPathBenchmark benchmark = new FastPathBenchmark(target, settings(clientHost, linkName), dir, out);
          return new RatioBenchmarks.Ran(benchmark.run(), benchmark::report, FastPathBenchmark.RATIOS);
        });
  }

  FastPathBenchmark.Settings settings(Optional<ClientHost> clientHost, String linkName) {
    List<FastPathVariant> variants = new ArrayList<>(List.of(FastPathVariant.NATIVE));
    transports.stream().map(FastPathVariant::ofTransport).distinct().forEach(variants::add);
    return new FastPathBenchmark.Settings(orNone(sizes).stream().map(BenchFastPathCommand::bytes).toList(),
        orNone(workloads).stream().map(FastPathWorkload::of).toList(), variants, records,
        RunPlan.builder().clients(clients).runs(runs.runs).runSeconds(runTime.seconds()).warmUp(warmUp.warmUp())
            .regions(regions).clientHost(clientHost, linkName).build(), embedded.onHosts());
  }

  /** A list given as "none" is empty. */
  private static List<String> orNone(List<String> values) {
    return values.size() == 1 && values.get(0).equalsIgnoreCase("none") ? List.of() : values;
  }

  /** "100" or "4k" (KiB) as bytes. */
  static int bytes(String size) {
    String value = size.trim().toLowerCase(Locale.ROOT);
    int unit = value.endsWith("k") ? 1024 : 1;
    String digits = unit == 1 ? value : value.substring(0, value.length() - 1);
    if (!digits.matches("[0-9]{1,7}")) {
      throw new InvalidInputException("--sizes takes sizes in bytes, or with k for KiB (100, 4k), not '" + size
          + "'");
    }
    return Integer.parseInt(digits) * unit;
  }
}

package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.hbaseturbo.bench.RunPlan;
import org.hbaseturbo.bench.scan.ScanBenchmark;
import org.hbaseturbo.bench.scan.ScanComparison;
import org.hbaseturbo.bench.scan.ScanSchema;
import org.hbaseturbo.bench.scan.ScanVariant;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.common.InvalidInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo bench scan}: the Prepared Scan paper's Figure 2. */
@Command(name = "scan", mixinStandardHelpOptions = true,
    description = {"The Prepared Scan paper's experiment (its Figure 2): YCSB scans of --scan-length rows from"
        + " each client count, with the native scan, the native scan with gzip-compressed RPC"
        + " (hbase.client.rpc.compressor), the native scan over Turbo's compact cell codec, and the prepared scan over"
        + " RPC and over the fast path (UCX; TCP behind --link, which shared memory would bypass), on two schemas:"
        + " the paper's (10 values of 100 bytes, 1-byte column names, 5-10 byte row keys) and YCSB's default.",
        "Reports throughput, latency, bytes on the wire per scan (both directions), client and server CPU, and"
            + " each variant's ratio to the native scan. The paper ran 1,000,000 rows (--rows 1000000) on 1 GbE"
            + " (--link 1gbit); the default is demo scale. The variants run in turn, their order rotated from run to"
            + " run; each ratio is reported with its range over the runs."})
final class BenchScanCommand implements Callable<Integer> {
  @ParentCommand
  BenchCommand parent;

  @Spec
  CommandSpec spec;

  @Mixin
  LocalClusterOptions embedded;

  @Range(min = 1, max = 100_000_000)
  @Option(names = "--rows", paramLabel = "N", defaultValue = "20000",
      description = "Rows per schema (1 to 100,000,000; default: ${DEFAULT-VALUE}).")
  long rows;

  @Range(min = 1, max = 1_024)
  @Option(names = "--clients", paramLabel = "N,N,...", split = ",", defaultValue = "2,4,8,16,24",
      description = "Concurrent YCSB client threads, one measurement per count (each 1 to 1,024; default:"
          + " ${DEFAULT-VALUE}).")
  List<Integer> clients;

  @Range(min = 1, max = 1_000_000)
  @Option(names = "--scan-length", paramLabel = "ROWS", defaultValue = "10",
      description = "Rows per scan (1 to 1,000,000 and at most --rows; default: ${DEFAULT-VALUE}, the paper's).")
  int scanLength;

  @Option(names = "--schema", paramLabel = "paper|ycsb", split = ",", defaultValue = "paper,ycsb",
      description = "Schemas to run (default: ${DEFAULT-VALUE}).")
  List<String> schemas;

  @Option(names = "--variants", paramLabel = "V,V,...", split = ",",
      defaultValue = "native,native+gzip,native+compact,prepared,prepared+fastpath",
      description = "Scan variants, native among them (default: ${DEFAULT-VALUE}).")
  List<String> variants;

  @Mixin
  RunOptions runs = new RunOptions(5);

  @Mixin
  RunTimeOptions runTime = new RunTimeOptions(8);

  @Range(min = 0, max = 10_000_000)
  @Option(names = "--warmup", paramLabel = "N", defaultValue = "1000",
      description = "Unmeasured scans each client JVM does before it measures (0 to 10,000,000; default:"
          + " ${DEFAULT-VALUE}).")
  int warmUp;

  @Range(min = 1, max = 1_000)
  @Option(names = "--regions", paramLabel = "N", defaultValue = "4",
      description = "Regions each table is pre-split into (1 to 1,000; default: ${DEFAULT-VALUE}).")
  int regions;

  @Mixin
  LinkOptions link;

  /** The ratios to the native scan go beside the JSON report, as {@code <name>-ratios.json}. */
  @Mixin
  BenchOutputOptions output;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    return RatioBenchmarks.run("scan", parent.main.conf(), link, embedded, output, out,
        linkName -> settings(Optional.empty(), linkName), (target, clientHost, linkName, dir) -> {
          ScanBenchmark benchmark = new ScanBenchmark(target, settings(clientHost, linkName), dir, out);
          return new RatioBenchmarks.Ran(benchmark.run(), benchmark::report, ScanComparison.TABLE);
        });
  }

  private ScanBenchmark.Settings settings(Optional<ClientHost> clientHost, String linkName) {
    List<ScanSchema> chosen = schemas.stream().map(BenchScanCommand::schema).toList();
    return new ScanBenchmark.Settings(chosen, variants.stream().map(ScanVariant::of).toList(), rows, scanLength,
        RunPlan.builder().clients(clients).runs(runs.runs).runSeconds(runTime.seconds())
            .warmUp(YcsbWarmUp.operations(warmUp)).regions(regions).clientHost(clientHost, linkName).build());
  }

  private static ScanSchema schema(String name) {
    return Arrays.stream(ScanSchema.values()).filter(schema -> schema.userName().equals(name)).findFirst()
        .orElseThrow(() -> new InvalidInputException("unknown schema '" + name + "': expected paper or ycsb"));
  }
}

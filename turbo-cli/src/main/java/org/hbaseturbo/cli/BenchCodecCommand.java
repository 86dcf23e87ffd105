package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.hbaseturbo.bench.RunPlan;
import org.hbaseturbo.bench.codec.CodecBenchmark;
import org.hbaseturbo.bench.codec.CodecOperation;
import org.hbaseturbo.bench.codec.CodecVariant;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.cluster.ClientHost;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo bench codec}: the compact cellblock codec against HBase's default, for unchanged clients. */
@Command(name = "codec", mixinStandardHelpOptions = true,
    description = {"The compact cellblock codec (hbase.client.rpc.codec=org.hbaseturbo.wire.codec.CompactCellCodec)"
        + " against HBase's default codec, each with and without gzip-compressed cellblocks"
        + " (hbase.client.rpc.compressor), for YCSB's unchanged native client: 10-row scans, gets of whole rows and"
        + " buffered puts of whole rows, on YCSB's default schema (10 fields of 100 bytes).",
        "Reports bytes on the wire per operation (both directions), throughput, latency, client + server CPU per"
            + " operation, and each variant's ratio to the default codec. Runs are interleaved (run 1 of every"
            + " variant, then run 2, ...) and reported as medians. --link RATE reproduces a network that bytes on"
            + " the wire bound (e.g. --link 100mbit)."})
final class BenchCodecCommand implements Callable<Integer> {
  @ParentCommand
  BenchCommand parent;

  @Spec
  CommandSpec spec;

  @Mixin
  LocalClusterOptions embedded;

  @Option(names = "--operations", paramLabel = "scan,get,put", split = ",", defaultValue = "scan,get,put",
      description = "Operations to measure (default: ${DEFAULT-VALUE}).")
  List<String> operations;

  @Option(names = "--variants", paramLabel = "V,V,...", split = ",",
      defaultValue = "default,compact,default+gzip,compact+gzip",
      description = "Codec variants, default among them (default: ${DEFAULT-VALUE}).")
  List<String> variants;

  @Range(min = 10, max = 100_000_000)
  @Option(names = "--records", paramLabel = "N", defaultValue = "50000",
      description = "YCSB rows loaded (10 to 100,000,000; default: ${DEFAULT-VALUE}).")
  long records;

  @Range(min = 1, max = 1_024)
  @Option(names = "--clients", paramLabel = "N,N,...", split = ",", defaultValue = "8",
      description = "Concurrent YCSB client threads, one measurement per count (each 1 to 1,024; default:"
          + " ${DEFAULT-VALUE}).")
  List<Integer> clients;

  @Mixin
  RunOptions runs = new RunOptions(3);

  @Mixin
  RunTimeOptions runTime = new RunTimeOptions(10);

  @Range(min = 0, max = 10_000_000)
  @Option(names = "--warmup", paramLabel = "N", defaultValue = "2000",
      description = "Unmeasured operations each client JVM does before it measures (0 to 10,000,000; default:"
          + " ${DEFAULT-VALUE}).")
  int warmUp;

  @Range(min = 1, max = 1_000)
  @Option(names = "--regions", paramLabel = "N", defaultValue = "4",
      description = "Regions the table is pre-split into (1 to 1,000; default: ${DEFAULT-VALUE}).")
  int regions;

  @Mixin
  LinkOptions link;

  /** The ratios to the default codec go beside the JSON report, as {@code <name>-ratios.json}. */
  @Mixin
  BenchOutputOptions output;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    return RatioBenchmarks.run("codec", parent.main.conf(), link, embedded, output, out,
        linkName -> settings(Optional.empty(), linkName), (target, clientHost, linkName, dir) -> {
          CodecBenchmark benchmark = new CodecBenchmark(target, settings(clientHost, linkName), dir, out);
          return new RatioBenchmarks.Ran(benchmark.run(), benchmark::report, CodecBenchmark.RATIOS);
        });
  }

  private CodecBenchmark.Settings settings(Optional<ClientHost> clientHost, String linkName) {
    return new CodecBenchmark.Settings(operations.stream().map(CodecOperation::of).toList(),
        variants.stream().map(CodecVariant::of).toList(), records, RunPlan.builder().clients(clients).runs(runs.runs)
            .runSeconds(runTime.seconds()).warmUp(YcsbWarmUp.operations(warmUp)).regions(regions)
            .clientHost(clientHost, linkName).build());
  }
}

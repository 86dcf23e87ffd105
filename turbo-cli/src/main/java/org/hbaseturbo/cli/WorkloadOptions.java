package org.hbaseturbo.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.hbaseturbo.bench.ycsb.DbBinding;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.cluster.ClientHost;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options shared by the commands that run YCSB: what to run, how, and on which embedded cluster. */
final class WorkloadOptions {
  @Option(names = "--workload", paramLabel = "a|b|c|d|e|f|FILE", defaultValue = "a",
      description = "YCSB core workload A-F, or a YCSB workload file (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "-p", paramLabel = "KEY=VALUE",
      description = "A YCSB property (recordcount, operationcount, fieldlength, table, columnfamily,"
          + " clientbuffering, durability, ...); overrides the workload's. Unknown names, and values the property"
          + " does not take (durability=BOGUS, fieldlength=-1), are refused before anything starts.")
  Map<String, String> properties = new LinkedHashMap<>();

  @Range(min = 1, max = 1_024)
  @Option(names = "--threads", paramLabel = "N", defaultValue = "4",
      description = "YCSB client threads (1 to 1,024; default: ${DEFAULT-VALUE}).")
  int threads;

  @Option(names = "--db", paramLabel = "BINDING", defaultValue = "native",
      description = "YCSB binding: native = the plain HBase client; prepared = scans through Prepared Scan, the"
          + " rest through the plain client; fastpath = Gets and Puts over the fast path (-p fastpathtransports=tcp"
          + " -p fastpathdevices=lo limit its UCX transports), the rest through the plain client"
          + "; none = no server, every operation answers OK at once: what YCSB's own work costs a client"
          + " (default: ${DEFAULT-VALUE}).")
  String db;

  @Range(min = 1, max = 1_000)
  @Option(names = "--regions", paramLabel = "N", defaultValue = "4",
      description = "Regions of a table that load creates, split on the quantiles of YCSB's real keys"
          + " (1 to 1,000; default: ${DEFAULT-VALUE}; 1 = no pre-split).")
  int regions;

  @Range(min = 0, max = 10_000_000)
  @Option(names = "--warmup", paramLabel = "N", defaultValue = "5000",
      description = "Operations each run does before it measures: every run is a new client JVM, whose first"
          + " thousands of operations measure the JIT rather than HBase (0 to 10,000,000; default:"
          + " ${DEFAULT-VALUE}).")
  int warmUp;

  @Mixin
  LinkOptions link;

  @Mixin
  LocalClusterOptions embedded;

  YcsbExperiment.Settings settings(Optional<ClientHost> clientHost) {
    return new YcsbExperiment.Settings(workload, properties, threads, DbBinding.of(db), regions,
        YcsbWarmUp.operations(warmUp),
        clientHost, link.name());
  }
}

package org.hbaseturbo.bench.codec;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.bench.RunChecks;
import org.hbaseturbo.bench.RunOrder;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.RatioTable;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.bench.ycsb.DbBinding;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
import org.hbaseturbo.bench.ycsb.YcsbProperties;
import org.hbaseturbo.bench.ycsb.YcsbSummary;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.report.Environment;

/**
 * The compact cellblock codec against HBase's default codec, with and without the RPC's gzip compression, for an
 * unchanged client (YCSB's native binding): scans, gets and buffered puts of whole YCSB rows. Each (operation,
 * clients) runs its variants in turn, run after run, on one loaded table, so their ratios are side by side.
 */
public final class CodecBenchmark {
  /** Results are named "operation variant"; each is compared with the default codec's. */
  public static final RatioTable RATIOS = new RatioTable("operation", "op", CodecVariant.DEFAULT.label(), "op",
      report -> 1);
  private static final String TABLE = "codec_ycsb";
  /** Load threads: loading is not what is measured. */
  private static final int LOAD_THREADS = 4;

  private final ClusterTarget target;
  private final Settings settings;
  private final Path workDir;
  private final PrintWriter progress;

  /**
   * @param runSeconds how long each measured run lasts (YCSB's maxexecutiontime)
   * @param warmUpOperations unmeasured operations each client JVM does before it measures
   */
  public record Settings(List<CodecOperation> operations, List<CodecVariant> variants, long records,
      List<Integer> clients, int runs, int runSeconds, int warmUpOperations, int regions,
      Optional<ClientHost> clientHost, String linkName) {
    public Settings {
      operations = List.copyOf(operations);
      variants = List.copyOf(variants);
      clients = RunChecks.requireClients(clients);
      if (operations.isEmpty()) {
        throw new InvalidInputException("no operation given; expected scan, get, put or a list of them");
      }
      if (!variants.contains(CodecVariant.DEFAULT)) {
        throw new InvalidInputException("--variants must include default, the baseline the others are compared"
            + " with; was " + variants.stream().map(CodecVariant::label).toList());
      }
      if (records < 10) {
        throw new InvalidInputException("--records must be at least 10 (a scan reads 10 rows), was " + records);
      }
      RunChecks.requireRuns(runs, runSeconds);
      requireNonNull(clientHost, "clientHost is null");
    }
  }

  public CodecBenchmark(ClusterTarget target, Settings settings, Path workDir, PrintWriter progress) {
    this.target = requireNonNull(target, "target is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.workDir = requireNonNull(workDir, "workDir is null");
    this.progress = requireNonNull(progress, "progress is null");
  }

  public BenchmarkReport run() throws IOException {
    progress.printf("loading %,d YCSB rows into %s%n", settings.records(), TABLE);
    experiment(Map.of(), CodecVariant.DEFAULT, LOAD_THREADS, workDir.resolve("load"), false).load(false);
    List<VariantResult> results = new ArrayList<>();
    for (CodecOperation operation : settings.operations()) {
      for (int clients : settings.clients()) {
        Map<CodecVariant, List<PhaseResult>> runs = RunOrder.interleaved(settings.variants(), settings.runs(),
            (variant, run) -> {
              if (operation.writes()) {
                // Each run of puts starts from an empty memstore and no compaction under way: a later run would
                // otherwise insert into the skip lists the earlier ones filled, and pay for compactions their
                // flushes started.
                try (Admin admin = target.connection().getAdmin()) {
                  BenchTables.flushAndCompact(admin, TableName.valueOf(TABLE));
                }
              }
              progress.printf("%s, %d clients, %s codec: run %d of %d%n", operation.label(), clients,
                  variant.label(), run, settings.runs());
              progress.flush();
              Path dir = workDir.resolve(operation.label() + "-" + variant.name().toLowerCase(Locale.ROOT) + "-"
                  + clients);
              return experiment(operation.properties(), variant, clients, dir, true).run(run, settings.runs(), false);
            });
        runs.forEach((variant, phases) -> results.add(YcsbSummary.summarize(operation.label() + " "
            + variant.label(), phases)));
      }
    }
    return new BenchmarkReport("codec", Environment.machine(), Environment.versions(target.hbaseVersion()),
        parameters(), results);
  }

  /** @param timed a run, which ends after {@code runSeconds}, rather than the load, which ends with its records */
  private YcsbExperiment experiment(Map<String, String> operation, CodecVariant variant, int clients, Path dir,
      boolean timed) {
    Map<String, String> properties = new HashMap<>(operation);
    properties.putAll(variant.properties());
    properties.put("table", TABLE);
    properties.put("recordcount", String.valueOf(settings.records()));
    if (timed) {
      properties.putAll(YcsbProperties.timedRun(settings.runSeconds()));
    }
    return new YcsbExperiment(target, new YcsbExperiment.Settings("a", properties, clients, DbBinding.NATIVE,
        settings.regions(), YcsbWarmUp.operations(settings.warmUpOperations()), settings.clientHost(),
        settings.linkName()), dir, progress);
  }

  private Map<String, Object> parameters() {
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("operations", settings.operations().stream().map(CodecOperation::label).toList());
    parameters.put("variants", settings.variants().stream().map(CodecVariant::label).toList());
    parameters.put("records", settings.records());
    parameters.put("clients", settings.clients());
    parameters.put("runs", settings.runs());
    parameters.put("run_order", "interleaved: run 1 of every variant in turn, then run 2, ..., the order rotated by"
        + " one variant each run; the table flushed and major-compacted before each run of puts");
    parameters.put("run_seconds", settings.runSeconds());
    parameters.put("warmup_operations_per_client_jvm", settings.warmUpOperations());
    parameters.put("regions", settings.regions());
    parameters.put("link", settings.linkName());
    parameters.put("cluster", target.description());
    parameters.put("workload", "YCSB core workload, 10 fields of 100 bytes; scan: 10-row scans (workload E's);"
        + " get: whole rows (readallfields); put: whole rows (writeallfields), client-side buffered");
    return parameters;
  }
}

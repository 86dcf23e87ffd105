package org.hbaseturbo.bench.scan;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.bench.RunChecks;
import org.hbaseturbo.bench.RunOrder;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.VariantResult;
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
 * The Prepared Scan paper's Figure 2: YCSB scans of {@code scanLength} rows from 2..24 concurrent clients,
 * native scan vs native scan with gzip-compressed RPC vs prepared scan, on two schemas. Each (schema,
 * clients) runs its variants in turn, run after run, on the same loaded table, so their ratios are side by side.
 */
public final class ScanBenchmark {
  /** Load threads: loading is not what is measured. */
  private static final int LOAD_THREADS = 4;

  private final ClusterTarget target;
  private final Settings settings;
  private final Path workDir;
  private final PrintWriter progress;

  /**
   * @param variants the native scan among them, the baseline of every ratio
   * @param runSeconds how long each measured run lasts (YCSB's maxexecutiontime)
   * @param warmUpOperations unmeasured scans each client JVM does before it measures
   */
  public record Settings(List<ScanSchema> schemas, List<ScanVariant> variants, long rows, List<Integer> clients,
      int scanLength, int runs, int runSeconds, int warmUpOperations, int regions, Optional<ClientHost> clientHost,
      String linkName) {
    public Settings {
      schemas = List.copyOf(schemas);
      variants = List.copyOf(variants);
      clients = RunChecks.requireClients(clients);
      if (schemas.isEmpty()) {
        throw new InvalidInputException("no schema given; expected paper, ycsb or both");
      }
      if (!variants.contains(ScanVariant.NATIVE)) {
        throw new InvalidInputException("--variants must include native, the baseline the others are compared"
            + " with; was " + variants.stream().map(ScanVariant::label).toList());
      }
      if (rows < 1) {
        throw new InvalidInputException("--rows must be at least 1, was " + rows);
      }
      if (scanLength < 1 || scanLength > rows) {
        throw new InvalidInputException("--scan-length must be between 1 and --rows (" + rows + "), was "
            + scanLength);
      }
      RunChecks.requireRuns(runs, runSeconds);
    }
  }

  public ScanBenchmark(ClusterTarget target, Settings settings, Path workDir, PrintWriter progress) {
    this.target = requireNonNull(target, "target is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.workDir = requireNonNull(workDir, "workDir is null");
    this.progress = requireNonNull(progress, "progress is null");
  }

  public BenchmarkReport run() throws IOException {
    List<VariantResult> results = new ArrayList<>();
    for (ScanSchema schema : settings.schemas()) {
      Path schemaDir = workDir.resolve(schema.userName());
      progress.printf("schema %s: loading %,d rows into %s%n", schema.userName(), settings.rows(), schema.table());
      experiment(schema, ScanVariant.NATIVE, LOAD_THREADS, schemaDir.resolve("load"), false).load(false);
      // The scans read store files through the block cache, as at the paper's million rows, not a memstore that
      // a few thousand rows leave unflushed: a scan naming its columns (the prepared one) seeks the memstore's skip
      // list once per column, where in a store file it steps to the next cell. The table is read once so that no
      // variant's first run pays for bringing the compacted files into the cache.
      TableName table = TableName.valueOf(schema.table());
      progress.printf("schema %s: flushing, major-compacting and reading %s once%n", schema.userName(), table);
      progress.flush();
      try (Admin admin = target.connection().getAdmin()) {
        BenchTables.flushAndCompact(admin, table);
      }
      BenchTables.readThrough(target.connection(), table);
      for (int clients : settings.clients()) {
        Map<ScanVariant, List<PhaseResult>> runs = RunOrder.interleaved(settings.variants(), settings.runs(),
            (variant, run) -> {
              progress.printf("schema %s, %d clients, %s: scans of %d rows, run %d of %d%n", schema.userName(),
                  clients, variant.label(), settings.scanLength(), run, settings.runs());
              progress.flush();
              Path dir = schemaDir.resolve(variant.name().toLowerCase(java.util.Locale.ROOT) + "-" + clients);
              return experiment(schema, variant, clients, dir, true).run(run, settings.runs(), false);
            });
        runs.forEach((variant, phases) -> results.add(YcsbSummary.summarize(schema.userName() + " "
            + variant.label(), phases)));
      }
    }
    return new BenchmarkReport("scan", Environment.machine(), Environment.versions(target.hbaseVersion()),
        parameters(), results);
  }

  /** @param timed a run, which ends after {@code runSeconds}, rather than the load, which ends with its rows */
  private YcsbExperiment experiment(ScanSchema schema, ScanVariant variant, int clients, Path dir, boolean timed) {
    Map<String, String> properties = new HashMap<>(schema.properties());
    properties.putAll(variant.properties());
    properties.putAll(scanOnly());
    properties.put("recordcount", String.valueOf(settings.rows()));
    if (timed) {
      properties.putAll(YcsbProperties.timedRun(settings.runSeconds()));
    }
    return new YcsbExperiment(target, new YcsbExperiment.Settings("e", properties, clients, variant.db(),
        settings.regions(), YcsbWarmUp.operations(settings.warmUpOperations()), settings.clientHost(),
        settings.linkName()), dir, progress);
  }

  /** Workload E reduced to its scans, all of {@code scanLength} rows. */
  private Map<String, String> scanOnly() {
    return Map.of("scanproportion", "1", "insertproportion", "0", "readproportion", "0", "updateproportion", "0",
        "minscanlength", String.valueOf(settings.scanLength()),
        "maxscanlength", String.valueOf(settings.scanLength()));
  }

  private Map<String, Object> parameters() {
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("schemas", settings.schemas().stream().map(ScanSchema::userName).toList());
    parameters.put("rows", settings.rows());
    parameters.put("clients", settings.clients());
    parameters.put("scan_length", settings.scanLength());
    parameters.put("runs", settings.runs());
    parameters.put("variants", settings.variants().stream().map(ScanVariant::label).toList());
    parameters.put("run_order", "interleaved: run 1 of every variant in turn, then run 2, ..., the order rotated by"
        + " one variant each run; each table flushed, major-compacted and read once after its load");
    parameters.put("run_seconds", settings.runSeconds());
    parameters.put("warmup_scans_per_client_jvm", settings.warmUpOperations());
    parameters.put("regions", settings.regions());
    parameters.put("link", settings.linkName());
    parameters.put("cluster", target.description());
    parameters.put("workload", "YCSB workload e, scans only, scan length fixed; readallfields=true");
    return parameters;
  }
}

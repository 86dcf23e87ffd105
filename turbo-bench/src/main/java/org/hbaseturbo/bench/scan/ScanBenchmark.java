package org.hbaseturbo.bench.scan;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hbaseturbo.bench.ClusterTarget;
import org.hbaseturbo.bench.link.NetworkLink;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.Environment;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
import org.hbaseturbo.bench.ycsb.YcsbSummary;
import org.hbaseturbo.common.InvalidInputException;

/**
 * The Prepared Scan paper's Figure 2: YCSB scans of {@code scanLength} rows from 2..24 concurrent clients,
 * native scan vs native scan with gzip-compressed RPC vs prepared scan, on two schemas. Each (schema,
 * clients) runs its variants one after the other on the same loaded table, so their ratios are side by side.
 */
public final class ScanBenchmark {
  /** Load threads: loading is not what is measured. */
  private static final int LOAD_THREADS = 4;

  private final ClusterTarget target;
  private final Settings settings;
  private final Path workDir;
  private final PrintWriter progress;

  /**
   * @param operationsPerRun scans each run measures (split among the clients)
   * @param warmUpOperations unmeasured scans before each run measures
   */
  public record Settings(List<ScanSchema> schemas, long rows, List<Integer> clients, int scanLength, int runs,
      long operationsPerRun, int warmUpOperations, int regions, Optional<NetworkLink> link, String linkName) {
    public Settings {
      schemas = List.copyOf(schemas);
      clients = List.copyOf(clients);
      if (schemas.isEmpty()) {
        throw new InvalidInputException("no schema given; expected paper, ycsb or both");
      }
      if (rows < 1) {
        throw new InvalidInputException("--rows must be at least 1, was " + rows);
      }
      if (clients.isEmpty() || clients.stream().anyMatch(c -> c < 1)) {
        throw new InvalidInputException("--clients must list client counts of at least 1, was " + clients);
      }
      if (scanLength < 1 || scanLength > rows) {
        throw new InvalidInputException("--scan-length must be between 1 and --rows (" + rows + "), was "
            + scanLength);
      }
      if (runs < 1) {
        throw new InvalidInputException("--runs must be at least 1, was " + runs);
      }
      if (operationsPerRun < 1) {
        throw new InvalidInputException("--operations must be at least 1, was " + operationsPerRun);
      }
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
      experiment(schema, ScanVariant.NATIVE, LOAD_THREADS, schemaDir.resolve("load")).load(false);
      for (int clients : settings.clients()) {
        // Run after run, every variant in turn: a slow spell of this shared machine then slows one run of each
        // variant rather than every run of one, and the medians compare the variants under like conditions.
        Map<ScanVariant, List<PhaseResult>> runs = new EnumMap<>(ScanVariant.class);
        for (int run = 1; run <= settings.runs(); run++) {
          for (ScanVariant variant : ScanVariant.values()) {
            progress.printf("schema %s, %d clients, %s: scans of %d rows%n", schema.userName(), clients,
                variant.label(), settings.scanLength());
            progress.flush();
            Path dir = schemaDir.resolve(variant.name().toLowerCase(java.util.Locale.ROOT) + "-" + clients);
            runs.computeIfAbsent(variant, v -> new ArrayList<>())
                .add(experiment(schema, variant, clients, dir).run(run, settings.runs(), false));
          }
        }
        for (ScanVariant variant : ScanVariant.values()) {
          results.add(YcsbSummary.summarize(schema.userName() + " " + variant.label(), runs.get(variant)));
        }
      }
    }
    return new BenchmarkReport("scan", Environment.machine(), Environment.versions(target.hbaseVersion()),
        parameters(), results);
  }

  private YcsbExperiment experiment(ScanSchema schema, ScanVariant variant, int clients, Path dir) {
    Map<String, String> properties = new HashMap<>(schema.properties());
    properties.putAll(variant.properties());
    properties.putAll(scanOnly());
    properties.put("recordcount", String.valueOf(settings.rows()));
    properties.put("operationcount", String.valueOf(settings.operationsPerRun()));
    return new YcsbExperiment(target, new YcsbExperiment.Settings("e", properties, clients, variant.db(),
        settings.regions(),
        settings.warmUpOperations(), settings.link(), settings.linkName()), dir, progress);
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
    parameters.put("run_order", "interleaved: run 1 of every variant in turn, then run 2, ...");
    parameters.put("scans_per_run", settings.operationsPerRun());
    parameters.put("warmup_scans_per_run", settings.warmUpOperations());
    parameters.put("regions", settings.regions());
    parameters.put("link", settings.linkName());
    parameters.put("cluster", target.description());
    parameters.put("workload", "YCSB workload e, scans only, scan length fixed; readallfields=true");
    return parameters;
  }
}

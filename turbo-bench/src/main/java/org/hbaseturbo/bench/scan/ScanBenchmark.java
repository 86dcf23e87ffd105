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
import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.bench.InterleavedRuns;
import org.hbaseturbo.bench.RatioReports;
import org.hbaseturbo.bench.RunPlan;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.report.Environment;

/**
 * The Prepared Scan paper's Figure 2: YCSB scans of {@code scanLength} rows from 2..24 concurrent clients,
 * native scan vs native scan with gzip-compressed RPC vs prepared scan, on two schemas: for each schema, the runs of
 * {@link InterleavedRuns} on one loaded table, each result named "schema variant".
 */
public final class ScanBenchmark {
  /** Rows per scan: the paper's. */
  public static final int DEFAULT_SCAN_LENGTH = 10;
  /** YCSB's workload E, reduced to its scans. */
  private static final String WORKLOAD = "e";

  private final ClusterTarget target;
  private final Settings settings;
  private final Path workDir;
  private final PrintWriter progress;
  private final InterleavedRuns runs;

  /**
   * @param variants the native scan among them, the baseline of every ratio
   * @param plan the client counts, runs and warm-up (its operations are scans)
   */
  public record Settings(List<ScanSchema> schemas, List<ScanVariant> variants, long rows, int scanLength,
      RunPlan plan) {
    public Settings {
      schemas = List.copyOf(schemas);
      variants = List.copyOf(variants);
      requireNonNull(plan, "plan is null");
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
    }
  }

  public ScanBenchmark(ClusterTarget target, Settings settings, Path workDir, PrintWriter progress) {
    this.target = requireNonNull(target, "target is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.workDir = requireNonNull(workDir, "workDir is null");
    this.progress = requireNonNull(progress, "progress is null");
    this.runs = new InterleavedRuns(target, settings.plan(), progress);
  }

  public BenchmarkReport run() throws IOException {
    List<VariantResult> results = new ArrayList<>();
    for (ScanSchema schema : settings.schemas()) {
      Path schemaDir = workDir.resolve(schema.userName());
      progress.printf("schema %s: loading %,d rows into %s%n", schema.userName(), settings.rows(), schema.table());
      runs.load(WORKLOAD, properties(schema), schemaDir.resolve("load"));
      // The scans read store files through the block cache, as at the paper's million rows, not a memstore that
      // a few thousand rows leave unflushed: a scan naming its columns (the prepared one) seeks the memstore's skip
      // list once per column, where in a store file it steps to the next cell.
      TableName table = TableName.valueOf(schema.table());
      progress.printf("schema %s: flushing, major-compacting and reading %s once%n", schema.userName(), table);
      progress.flush();
      runs.settle(table);
      for (int clients : settings.plan().clients()) {
        results.addAll(runs.interleave(schema.userName(), WORKLOAD,
            properties(schema), settings.variants(), clients, settings.plan().regions(), schemaDir, () -> { }));
      }
    }
    return new BenchmarkReport("scan", Environment.machine(), Environment.versions(target.hbaseVersion()),
        parameters(), results);
  }

  /**
   * Prints the table and writes the JSON report to {@code json}, the ratios beside it ({@code <name>-ratios.json})
   * and the charts into the work directory.
   */
  public void report(BenchmarkReport report, Path json) throws IOException {
    Map<String, Object> parameters = report.parameters();
    RatioReports.write(report, ScanComparison.TABLE, "scan: " + parameters.get("rows") + " rows per schema, scans"
        + " of " + parameters.get("scan_length") + " rows, runs of " + parameters.get("run_seconds") + " s, link "
        + parameters.get("link") + ", medians of " + parameters.get("runs") + " run(s)", json, workDir, progress);
  }

  /** The schema's records, scanned by workload E reduced to its scans, all of {@code scanLength} rows. */
  private Map<String, String> properties(ScanSchema schema) {
    Map<String, String> properties = new HashMap<>(schema.properties());
    properties.putAll(Map.of("scanproportion", "1", "insertproportion", "0", "readproportion", "0",
        "updateproportion", "0", "minscanlength", String.valueOf(settings.scanLength()),
        "maxscanlength", String.valueOf(settings.scanLength())));
    properties.put("recordcount", String.valueOf(settings.rows()));
    return properties;
  }

  private Map<String, Object> parameters() {
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("schemas", settings.schemas().stream().map(ScanSchema::userName).toList());
    parameters.put("rows", settings.rows());
    parameters.put("scan_length", settings.scanLength());
    runs.putParameters(parameters);
    parameters.put("variants", settings.variants().stream().map(ScanVariant::label).toList());
    parameters.put("run_order", "interleaved: run 1 of every variant in turn, then run 2, ..., the order rotated by"
        + " one variant each run; each table flushed, major-compacted and read once after its load");
    parameters.put("cluster", target.description());
    parameters.put("workload", "YCSB workload e, scans only, scan length fixed; readallfields=true");
    return parameters;
  }
}

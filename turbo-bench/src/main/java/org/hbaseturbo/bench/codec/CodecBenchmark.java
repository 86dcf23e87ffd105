package org.hbaseturbo.bench.codec;

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
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.bench.InterleavedRuns;
import org.hbaseturbo.bench.RatioReports;
import org.hbaseturbo.bench.RunPlan;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.RatioTable;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.report.Environment;

/**
 * The compact cellblock codec against HBase's default codec, with and without the RPC's gzip compression, for an
 * unchanged client (YCSB's native binding): scans, gets and buffered puts of whole YCSB rows, each operation the runs
 * of {@link InterleavedRuns} on one loaded table, each result named "operation variant".
 */
public final class CodecBenchmark {
  /** Results are named "operation variant"; each is compared with the default codec's. */
  public static final RatioTable RATIOS = new RatioTable("operation", "op", CodecVariant.DEFAULT.label(), "op",
      report -> 1);
  private static final String TABLE = "codec_ycsb";
  /** YCSB's workload A, its mix replaced by each operation's. */
  private static final String WORKLOAD = "a";

  private final ClusterTarget target;
  private final Settings settings;
  private final Path workDir;
  private final PrintWriter progress;
  private final InterleavedRuns runs;

  /** @param variants the default codec among them, the baseline of every ratio */
  public record Settings(List<CodecOperation> operations, List<CodecVariant> variants, long records, RunPlan plan) {
    public Settings {
      operations = List.copyOf(operations);
      variants = List.copyOf(variants);
      requireNonNull(plan, "plan is null");
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
    }
  }

  public CodecBenchmark(ClusterTarget target, Settings settings, Path workDir, PrintWriter progress) {
    this.target = requireNonNull(target, "target is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.workDir = requireNonNull(workDir, "workDir is null");
    this.progress = requireNonNull(progress, "progress is null");
    this.runs = new InterleavedRuns(target, settings.plan(), progress);
  }

  public BenchmarkReport run() throws IOException {
    progress.printf("loading %,d YCSB rows into %s%n", settings.records(), TABLE);
    Map<String, String> records = Map.of("table", TABLE, "recordcount", String.valueOf(settings.records()));
    runs.load(WORKLOAD, records, workDir.resolve("load"));
    List<VariantResult> results = new ArrayList<>();
    for (CodecOperation operation : settings.operations()) {
      Map<String, String> properties = new HashMap<>(records);
      properties.putAll(operation.properties());
      for (int clients : settings.plan().clients()) {
        results.addAll(runs.interleave(operation.label(), WORKLOAD,
            properties, settings.variants(), clients, settings.plan().regions(), workDir, () -> {
              if (operation.writes()) {
                // Each run of puts starts from an empty memstore and no compaction under way: a later run would
                // otherwise insert into the skip lists the earlier ones filled, and pay for compactions their
                // flushes started.
                try (Admin admin = target.connection().getAdmin()) {
                  BenchTables.flushAndCompact(admin, TableName.valueOf(TABLE));
                }
              }
            }));
      }
    }
    return new BenchmarkReport("codec", Environment.machine(), Environment.versions(target.hbaseVersion()),
        parameters(), results);
  }

  /**
   * Prints the table and writes the JSON report to {@code json}, the ratios beside it ({@code <name>-ratios.json})
   * and the charts into the work directory.
   */
  public void report(BenchmarkReport report, Path json) throws IOException {
    Map<String, Object> parameters = report.parameters();
    RatioReports.write(report, RATIOS, "codec: " + parameters.get("records") + " YCSB rows, runs of "
        + parameters.get("run_seconds") + " s, link " + parameters.get("link") + ", medians of "
        + parameters.get("runs") + " run(s)", json, workDir, progress);
  }

  private Map<String, Object> parameters() {
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("operations", settings.operations().stream().map(CodecOperation::label).toList());
    parameters.put("variants", settings.variants().stream().map(CodecVariant::label).toList());
    parameters.put("records", settings.records());
    runs.putParameters(parameters);
    parameters.put("run_order", "interleaved: run 1 of every variant in turn, then run 2, ..., the order rotated by"
        + " one variant each run; the table flushed and major-compacted before each run of puts");
    parameters.put("cluster", target.description());
    parameters.put("workload", "YCSB core workload, 10 fields of 100 bytes; scan: 10-row scans (workload E's);"
        + " get: whole rows (readallfields); put: whole rows (writeallfields), client-side buffered");
    return parameters;
  }
}

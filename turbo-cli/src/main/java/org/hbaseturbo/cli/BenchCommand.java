package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.hbaseturbo.bench.ReportOutput;
import org.hbaseturbo.bench.advisor.AdvisorBenchmark;
import org.hbaseturbo.bench.advisor.AdvisorDataset;
import org.hbaseturbo.bench.advisor.AdvisorReport;
import org.hbaseturbo.bench.compression.CompressionBenchmark;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo bench}: the papers' experiments. */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Run one of the papers' experiments and report it (table, JSON, PNG), or draw a report's charts"
        + " again.",
    subcommands = {BenchCommand.Compression.class, BenchCommand.Advisor.class, BenchScanCommand.class,
        BenchPcmCommand.class, BenchCodecCommand.class, BenchFastPathCommand.class, BenchChartsCommand.class})
final class BenchCommand extends CommandGroup {
  @ParentCommand
  TurboMain main;

  @Command(name = "compression", mixinStandardHelpOptions = true,
      description = {"The compression paper's experiment: smart-home sensor rows (its Table II schema) inserted as"
          + " a stream of single-row requests into one table per codec (NONE, GZ, SNAPPY, LZ4, LZO, ZSTD), the"
          + " storage they take after a flush, and full-table selects of 25%%, 50%% and 75%% of the rows.",
          "The paper ran 200,000 to 1,000,000 rows; the default is demo scale."})
  static final class Compression implements Callable<Integer> {
    @ParentCommand
    BenchCommand parent;

    @Spec
    CommandSpec spec;

    @Mixin
    LocalClusterOptions embedded;

    @Range(min = 100, max = 100_000_000)
    @Option(names = "--rows", paramLabel = "N", defaultValue = "20000",
        description = "Sensor rows per codec (100 to 100,000,000; default: ${DEFAULT-VALUE}).")
    long rows;

    @Range(min = 1, max = 1_024)
    @Option(names = "--threads", paramLabel = "N", defaultValue = "4",
        description = "Client threads inserting (1 to 1,024; default: ${DEFAULT-VALUE}).")
    int threads;

    @Mixin
    RunOptions runs = new RunOptions(3);

    @Mixin
    BenchOutputOptions output;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      CompressionBenchmark.Settings settings = CompressionBenchmark.Settings.of(rows, threads, runs.runs);
      Path dir = output.dir("compression");
      try (TargetCluster cluster = TargetCluster.open(parent.main.conf(), embedded.settings(TargetCluster.LOOPBACK),
          dir, out)) {
        CompressionBenchmark benchmark = new CompressionBenchmark(cluster.target(), settings, dir, out);
        benchmark.report(benchmark.run(), output.json(dir, "compression"));
      }
      return 0;
    }
  }

  @Command(name = "advisor", mixinStandardHelpOptions = true,
      description = {"Checks the compression advisor on three datasets: the compression paper's sensor rows, YCSB's"
          + " default records (10 fields of 100 random bytes) and English-like text values (YCSB's record shape,"
          + " words drawn by Zipf's law from a fixed vocabulary).",
          "Each is loaded into a table; for each family the advisor recommends an encoding and codec per objective"
              + " (storage, balanced, speed) from a sample, as 'turbo compress advise' does; then every option is"
              + " measured again the same way on all the family's cells, with the advisor's choices among the"
              + " finalists of the run-off there, and the choice is scored against the best finalist by the"
              + " objective's rule: 1.0 = the best, 1.05 = 5%% worse (the target)."})
  static final class Advisor implements Callable<Integer> {
    @ParentCommand
    BenchCommand parent;

    @Spec
    CommandSpec spec;

    @Mixin
    LocalClusterOptions embedded;

    @Range(min = 100, max = 100_000_000)
    @Option(names = "--rows", paramLabel = "N", defaultValue = "20000",
        description = "Rows loaded per dataset (100 to 100,000,000; default: ${DEFAULT-VALUE}).")
    long rows;

    @Range(min = 1, max = 1_000_000)
    @Option(names = "--sample-rows", paramLabel = "N", defaultValue = AdviseCommand.DEFAULT_SAMPLE_ROWS,
        description = "Rows the advisor samples, as 'compress advise --sample-rows' (1 to 1,000,000; default:"
            + " ${DEFAULT-VALUE}).")
    int sampleRows;

    /** As {@code compress advise} measures, on the advisor's sample and again on each family's full data. */
    @Mixin
    TrialPlanOptions measuring;

    @Option(names = "--datasets", paramLabel = "NAME,...", split = ",", defaultValue = "sensor,ycsb,text",
        description = "Datasets to load and advise on, in this order (default: ${DEFAULT-VALUE}).")
    List<String> datasets;

    @Option(names = "--apply", description = "For the storage objective, also apply the choice and the best option"
        + " to the table in turn (modify the family, major-compact) and report the store file bytes the cluster"
        + " then holds.")
    boolean apply;

    @Mixin
    BenchOutputOptions output;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      AdvisorBenchmark.Settings settings = new AdvisorBenchmark.Settings(rows, sampleRows, measuring.plan(), apply,
          datasets.stream().map(AdvisorDataset::of).toList());
      Path dir = output.dir("advisor");
      try (TargetCluster cluster = TargetCluster.open(parent.main.conf(), embedded.settings(TargetCluster.LOOPBACK),
          dir, out)) {
        AdvisorReport report = new AdvisorBenchmark(cluster.target(), settings, out).run();
        ReportOutput.write(out, String.format("advisor: %,d rows per dataset, advice from %,d sampled rows, measured"
            + " in %s", rows, sampleRows, settings.plan().description()), report.render(), output.json(dir, "advisor"),
            report, List::of);
      }
      return 0;
    }
  }
}

package org.hbaseturbo.bench.advisor;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.advisor.CellSampler;
import org.hbaseturbo.advisor.CodecAdvisor;
import org.hbaseturbo.advisor.FamilyRewriter;
import org.hbaseturbo.advisor.MeasuredOptions;
import org.hbaseturbo.advisor.Measurement;
import org.hbaseturbo.advisor.Objective;
import org.hbaseturbo.advisor.StorageOption;
import org.hbaseturbo.advisor.Trial;
import org.hbaseturbo.advisor.TrialPlan;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.compress.TurboCodecs;
import org.hbaseturbo.report.Environment;

/**
 * Checks the advisor's choices: for each dataset, a table loaded on the cluster; for each of its families, the
 * advisor's recommendations from a sample, as {@code turbo compress advise} makes them; then every option
 * measured again, the same way, on all the family's cells, with the advisor's choices among the finalists; each
 * choice scored against the best finalist of the full data by its objective's rule ({@link Objective#score}).
 */
public final class AdvisorBenchmark {
  /** The target: the advisor's choice within 5% of the best measured option. */
  public static final double TARGET = 1.05;
  private static final String TABLE_PREFIX = "turbo_bench_advisor_";

  private final ClusterTarget target;
  private final Settings settings;
  private final PrintWriter progress;

  /**
   * @param rows rows loaded per dataset
   * @param sampleRows rows the advisor samples
   * @param plan how the advisor measures, on the sample and again on the full data
   * @param apply whether to apply the storage objective's choice and best option to the table in turn
   * @param datasets the datasets to load and advise on, in this order
   */
  public record Settings(long rows, int sampleRows, TrialPlan plan, boolean apply, List<AdvisorDataset> datasets) {
    public Settings {
      requireNonNull(plan, "plan is null");
      datasets = List.copyOf(datasets);
      if (datasets.isEmpty()) {
        throw new InvalidInputException("no dataset to run: expected at least one of " + AdvisorDataset.labels());
      }
      if (rows < 100) {
        throw new InvalidInputException("rows must be at least 100, was " + rows);
      }
      if (sampleRows < 1) {
        throw new InvalidInputException("sample rows must be at least 1, was " + sampleRows);
      }
    }
  }

  public AdvisorBenchmark(ClusterTarget target, Settings settings, PrintWriter progress) {
    this.target = requireNonNull(target, "target is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.progress = requireNonNull(progress, "progress is null");
  }

  public AdvisorReport run() throws IOException {
    TurboCodecs.install();
    List<AdvisorResult> results = new ArrayList<>();
    List<FamilyTrials> trials = new ArrayList<>();
    Connection connection = target.connection();
    try (Admin admin = connection.getAdmin()) {
      for (AdvisorDataset dataset : settings.datasets()) {
        TableName table = TableName.valueOf(TABLE_PREFIX + dataset.label());
        recreate(admin, table, dataset);
        say("%s: loading %,d rows (%s) ...", dataset.label(), settings.rows(), dataset.description());
        load(connection, table, dataset);
        admin.flush(table);
        for (byte[] family : dataset.families()) {
          FamilyTrials measured = measure(connection, admin, table, dataset, family);
          trials.add(measured);
          results.addAll(check(table, dataset, family, measured));
        }
        BenchTables.dropIfExists(admin, table);
      }
    }
    return new AdvisorReport("advisor", Environment.machine(), Environment.versions(target.hbaseVersion()),
        parameters(), results, trials);
  }

  /**
   * Every option measured on the advisor's sample of the family and again on all its cells, where the advisor's
   * choices are finalists too, measured as precisely as the best options they are judged against.
   */
  private FamilyTrials measure(Connection connection, Admin admin, TableName table, AdvisorDataset dataset,
      byte[] family) throws IOException {
    String variant = dataset.label() + ":" + Bytes.toString(family);
    int blockSize = admin.getDescriptor(table).getColumnFamily(family).getBlocksize();
    CodecAdvisor advisor = new CodecAdvisor(connection.getConfiguration(), blockSize, settings.plan());
    List<Cell> sample = CellSampler.sample(connection, table, family, settings.sampleRows());
    say("%s: the advisor measures %d options on a sample of %,d rows (%,d cells) ...", variant,
        CodecAdvisor.options().size(), settings.sampleRows(), sample.size());
    Measurement onSample = advisor.measure(sample, List.of(), this::finalists);
    List<StorageOption> choices = Arrays.stream(Objective.values()).map(o -> onSample.recommend(o).option())
        .distinct().toList();
    // Every row: the sampler's share per region exceeds any region's rows.
    List<Cell> all = CellSampler.sample(connection, table, family, Integer.MAX_VALUE);
    say("%s: measuring every option again on all %,d cells ...", variant, all.size());
    Measurement onAll = advisor.measure(all, choices, this::finalists);
    return new FamilyTrials(variant, sample.size(), all.size(), MeasuredOptions.of(onSample),
        MeasuredOptions.of(onAll));
  }

  /** Of the advisor's progress, the finalists of the run-off; the passes are too many to print. */
  private void finalists(String step) {
    if (step.startsWith("run-off of ")) {
      say("  %s", step);
    }
  }

  private List<AdvisorResult> check(TableName table, AdvisorDataset dataset, byte[] family,
      FamilyTrials measured) throws IOException {
    String variant = measured.variant();
    List<Trial> fullFinals = measured.full().finals();
    List<AdvisorResult> results = new ArrayList<>();
    for (Objective objective : Objective.values()) {
      CodecAdvisor.Recommendation choice = measured.sample().perJvm().recommend(objective);
      StorageOption best = measured.full().perJvm().recommend(objective).option();
      Trial choiceOnFull = find(fullFinals, choice.option());
      double score = objective.score(choiceOnFull, fullFinals);
      Map<String, Long> applied = settings.apply() && objective == Objective.STORAGE
          ? applied(table, family, List.of(choice.option(), best)) : null;
      results.add(new AdvisorResult(variant, dataset.label(), Bytes.toString(family),
          objective.name().toLowerCase(Locale.ROOT), settings.plan().repeats(), measured.sampleCells(),
          measured.fullCells(), choice.option().toString(), best.toString(), score, score <= TARGET, choice.reason(),
          choiceOnFull, find(fullFinals, best), applied));
      say("%s %-8s choice %-20s best %-20s score %.3f", variant, objective.name().toLowerCase(Locale.ROOT),
          choice.option(), best, score);
    }
    return results;
  }

  /**
   * Each option applied to the family in turn (modify the family, major-compact): its store file bytes as the
   * cluster then holds them; a null value when the cluster's file system is not readable from here.
   */
  private Map<String, Long> applied(TableName table, byte[] family, List<StorageOption> options)
      throws IOException {
    FamilyRewriter rewriter = new FamilyRewriter(target.connection(), FamilyRewriter.DEFAULT_TIMEOUT,
        line -> say("  %s", line));
    Map<String, Long> bytes = new LinkedHashMap<>();
    for (StorageOption option : options) {
      if (!bytes.containsKey(option.toString())) {
        bytes.put(option.toString(), rewriter.rewrite(table, family, option).after().fileBytes());
      }
    }
    return bytes;
  }

  private Map<String, Object> parameters() {
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("rows", settings.rows());
    parameters.put("sample_rows", settings.sampleRows());
    parameters.put("jvms", settings.plan().jvms());
    parameters.put("run_off_jvms", settings.plan().runOffJvms());
    parameters.put("repeats", settings.plan().repeats());
    parameters.put("warmup", "untimed passes over every option (" + settings.plan().warmUp().description()
        + ") before the timed ones, in each measuring JVM, on the sample and again on the full data");
    parameters.put("apply", settings.apply());
    Map<String, String> datasets = new LinkedHashMap<>();
    for (AdvisorDataset dataset : settings.datasets()) {
      datasets.put(dataset.label(), dataset.description());
    }
    parameters.put("datasets", datasets);
    parameters.put("score", "Objective.score of the advisor's choice among the finalists measured on the family's"
        + " full data (HFiles written and read back through HBase in measuring JVMs of their own, speeds per second"
        + " of CPU time, the median over the measuring JVMs of each one's median timed pass; every option in the"
        + " screening JVMs, then the finalists, each objective's choice and its rivals there (the options too close"
        + " to call: behind it by the medians by no more than the screening JVMs' spread for the pair) and the"
        + " advisor's choices from the sample, in the run-off JVMs too): storage = HFile bytes / the smallest's;"
        + " speed = the fastest read MB/s / the choice's; balanced = HFile bytes / read MB/s / write MB/s^1/4, the"
        + " choice's / the least. 1.0 = the best option.");
    parameters.put("target", TARGET);
    parameters.put("cluster", target.description());
    return parameters;
  }

  private static Trial find(List<Trial> trials, StorageOption option) {
    return trials.stream().filter(trial -> trial.option().equals(option)).findFirst()
        .orElseThrow(() -> new IllegalStateException(option + " was not measured"));
  }

  private void load(Connection connection, TableName table, AdvisorDataset dataset) throws IOException {
    try (BufferedMutator mutator = connection.getBufferedMutator(table)) {
      for (long i = 0; i < settings.rows(); i++) {
        mutator.mutate(dataset.row(i));
      }
    }
  }

  /** Families with HBase's defaults (no compression, no encoding, 64 KiB blocks): what the advisor starts from. */
  private static void recreate(Admin admin, TableName table, AdvisorDataset dataset) throws IOException {
    BenchTables.dropIfExists(admin, table);
    TableDescriptorBuilder descriptor = TableDescriptorBuilder.newBuilder(table);
    for (byte[] family : dataset.families()) {
      descriptor.setColumnFamily(ColumnFamilyDescriptorBuilder.of(family));
    }
    admin.createTable(descriptor.build());
  }

  private void say(String format, Object... args) {
    progress.printf(format + "%n", args);
    progress.flush();
  }
}

package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.advisor.AdvisorRun;
import org.hbaseturbo.advisor.CodecAdvisor.Recommendation;
import org.hbaseturbo.advisor.FamilyRewriter;
import org.hbaseturbo.advisor.FamilyStorage;
import org.hbaseturbo.advisor.MeasuredOptions;
import org.hbaseturbo.advisor.Measurement;
import org.hbaseturbo.advisor.Objective;
import org.hbaseturbo.advisor.StorageOption;
import org.hbaseturbo.advisor.Trial;
import org.hbaseturbo.advisor.TrialPlan;
import org.hbaseturbo.advisor.WarmUp;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.report.Environment;
import org.hbaseturbo.report.JsonFiles;
import org.hbaseturbo.report.TextTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo compress advise}: measure encodings and codecs on a table's own cells, recommend, apply. */
@Command(name = "advise", mixinStandardHelpOptions = true,
    description = {"Sample a family's real cells, write them as HFiles of the family's BLOCKSIZE with every data"
        + " block encoding (NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1) and every codec (NONE, GZ, SNAPPY, LZ4,"
        + " LZO, ZSTD) through HBase's own writer, read them back, and recommend an option per objective. The"
        + " HFiles are written and read in measuring JVMs of their own, one after another, timed in CPU time, so"
        + " that this JVM's work and the machine's other load do not count as they would in wall-clock time; each"
        + " option's figures are the median over the JVMs.",
        "By default the measurement is quick, about a minute on the default sample of YCSB rows on 2 cores: "
            + TrialPlan.QUICK_JVMS + " JVMs, each warming up for at least " + TrialPlan.QUICK_WARMUP_SECONDS
            + " s and then timing " + TrialPlan.QUICK_REPEATS + " passes. Options a few percent apart trade places"
            + " between JVMs: each recommendation's reason names the options too close to call with it (behind it"
            + " by the medians by no more than the JVMs disagree about the two), or says how far behind the"
            + " runner-up is. --thorough measures as 'bench advisor' checked the advisor, in several minutes: "
            + TrialPlan.THOROUGH_JVMS + " JVMs of at least " + WarmUp.DEFAULT_MIN_SECONDS + " s warm-up and "
            + TrialPlan.THOROUGH_REPEATS + " timed passes, then the finalists (each objective's choice and the"
            + " options too close to call with it) again in " + TrialPlan.THOROUGH_RUN_OFF_JVMS + " more JVMs, the"
            + " choices made from their medians over all of them. --jvms, --run-off-jvms, --repeats and"
            + " --warmup-time change either.",
        "With --apply: check that its codec works on every RegionServer and, before anything is measured, that the"
            + " table's compactions are not disabled (if not, nothing is modified), set the"
            + " recommendation on the family, major-compact the family, wait for the compaction by the RegionServers'"
            + " own compaction state (at most --apply-timeout), and report the storage before and after as the"
            + " cluster reports it."})
final class AdviseCommand implements Callable<Integer> {
  /** Rows sampled unless told; {@code bench advisor} checks the advice with as many. */
  static final String DEFAULT_SAMPLE_ROWS = "5000";

  @ParentCommand
  CompressCommand parent;

  @Spec
  CommandSpec spec;

  @Mixin
  LocalClusterOptions embedded;

  @Option(names = "--table", required = true, paramLabel = "TABLE", description = "The table to sample.")
  String table;

  @Option(names = "--family", paramLabel = "FAMILY",
      description = "The column family (default: the table's only family).")
  String family;

  @Option(names = "--objective", paramLabel = "storage|balanced|speed", defaultValue = "balanced",
      description = "What matters most: storage = smallest files; speed = fastest reads; balanced = the least"
          + " file size x read time x fourth root of write time: halving the files is worth reading at half the"
          + " speed (default: ${DEFAULT-VALUE}).")
  Objective objective;

  @Range(min = 1, max = 1_000_000)
  @Option(names = "--sample-rows", paramLabel = "N", defaultValue = DEFAULT_SAMPLE_ROWS,
      description = "Rows to sample, spread over all regions (1 to 1,000,000; default: ${DEFAULT-VALUE}).")
  int sampleRows;

  @Option(names = "--thorough", description = "Measure thoroughly, as 'bench advisor' checked the advisor, rather"
      + " than quickly (see above): several minutes instead of one.")
  boolean thorough;

  @Range(min = 1, max = 100)
  @Option(names = "--jvms", paramLabel = "N",
      description = "Measuring JVMs, one after another, each warming up and timing every option anew; an option's"
          + " figures are the median over the JVMs, as what the JIT makes of the code differs from one JVM to the"
          + " next (1 to 100; default: " + TrialPlan.QUICK_JVMS + (TrialPlan.QUICK_JVMS == TrialPlan.THOROUGH_JVMS
          ? ", also with --thorough)." : ", with --thorough " + TrialPlan.THOROUGH_JVMS + ")."))
  Integer jvms;

  @Range(min = 0, max = 100)
  @Option(names = "--run-off-jvms", paramLabel = "N",
      description = "Further measuring JVMs for the finalists only: each objective's choice and the options too"
          + " close to call with it; the choices are then made from the finalists' medians over all the JVMs."
          + " 0 for no run-off (0 to 100; default: " + TrialPlan.QUICK_RUN_OFF_JVMS + ", with --thorough "
          + TrialPlan.THOROUGH_RUN_OFF_JVMS + ").")
  Integer runOffJvms;

  @Range(min = 1, max = 1_000)
  @Option(names = "--repeats", paramLabel = "N",
      description = "Timed passes per JVM, each writing and reading every option once, in an order of its own; a"
          + " JVM's figures are its median pass (1 to 1,000; default: " + TrialPlan.QUICK_REPEATS + ", with --thorough "
          + TrialPlan.THOROUGH_REPEATS + ").")
  Integer repeats;

  @DurationRange(min = "0s", max = "1h")
  @Option(names = "--warmup-time", paramLabel = "DURATION", converter = DurationArgument.Seconds.class,
      description = "Untimed passes over every option first in each JVM, for at least this long and "
          + WarmUp.DEFAULT_MIN_PASSES + " passes, so that the encoders and codecs are timed compiled by the JIT; a"
          + " number alone is seconds (0s to 1h; default: " + TrialPlan.QUICK_WARMUP_SECONDS + "s, with --thorough "
          + WarmUp.DEFAULT_MIN_SECONDS + "s).")
  DurationArgument warmupTime;

  @Option(names = "--json", paramLabel = "FILE", description = "Also write the measurements and advice as JSON.")
  Path json;

  @Option(names = "--apply", description = "Set the recommended encoding and compression on the family and"
      + " major-compact the family.")
  boolean apply;

  @DurationRange(min = "1m", max = "7d")
  @Option(names = "--apply-timeout", paramLabel = "DURATION",
      defaultValue = FamilyRewriter.DEFAULT_TIMEOUT_MINUTES + "m", converter = DurationArgument.Minutes.class,
      description = "With --apply: how long to wait for the major compaction, by the RegionServers' compaction"
          + " state, before giving up; the compaction goes on in the background; a number alone is minutes (1m to"
          + " 7d; default: ${DEFAULT-VALUE}).")
  DurationArgument applyTimeout;

  @Option(names = "--use", paramLabel = "ENCODING+CODEC",
      description = "With --apply: apply this option (for example FAST_DIFF+ZSTD) instead of measuring and"
          + " recommending.")
  String use;

  @Override
  public Integer call() throws Exception {
    AdvisorRun.Request request = request();
    if (json != null) {
      OutputDirs.requireWritableFile(json, "--json");
    }
    PrintWriter out = spec.commandLine().getOut();
    try (TargetCluster cluster = TargetCluster.open(parent.main.conf(), embedded.settings(TargetCluster.LOOPBACK),
        OutputDirs.of("compress-advise"), out)) {
      Connection connection = cluster.target().connection();
      AdvisorRun.Result result = new AdvisorRun(connection, new Printer(out)).run(request);
      result.applied().ifPresent(rewrite -> printStorage(rewrite, out));
      if (json != null && result.advice().isPresent()) {
        JsonFiles.write(json, report(connection, request, result, result.advice().get()));
        out.println("advice written to " + json.toAbsolutePath());
      }
      out.flush();
      return 0;
    }
  }

  /**
   * What the options ask the advisor for.
   *
   * @throws InvalidInputException when --use is not an option or comes without --apply, or --table is not a table
   *     name
   */
  AdvisorRun.Request request() {
    TrialPlan plan = plan();
    Optional<StorageOption> chosen = Optional.ofNullable(use).map(StorageOption::parse);
    if (chosen.isPresent() && !apply) {
      throw new InvalidInputException("--use " + use + " names what --apply applies; add --apply");
    }
    TableName name;
    try {
      name = TableName.valueOf(table);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException("--table '" + table + "' is not a table name: " + e.getMessage());
    }
    return new AdvisorRun.Request(name, Optional.ofNullable(family), sampleRows, objective, plan, apply, chosen,
        applyTimeout.duration());
  }

  /** {@link TrialPlan#QUICK} or, with --thorough, {@link TrialPlan#THOROUGH}, with the numbers given instead. */
  TrialPlan plan() {
    TrialPlan preset = thorough ? TrialPlan.THOROUGH : TrialPlan.QUICK;
    return TrialPlanOptions.plan(jvms == null ? preset.jvms() : jvms,
        runOffJvms == null ? preset.runOffJvms() : runOffJvms, repeats == null ? preset.repeats() : repeats,
        warmupTime == null ? preset.warmUp().minTime() : warmupTime.duration());
  }

  /**
   * Prints the run as it goes: each step on a line of its own; what is being measured on one line, each over the
   * last; the measurements and the advice once made, before anything is applied.
   */
  private final class Printer implements AdvisorRun.Listener {
    private final PrintWriter out;
    private final Consumer<String> lines;

    Printer(PrintWriter out) {
      this.out = out;
      this.lines = ProgressLines.to(out);
    }

    @Override
    public void step(String line) {
      lines.accept(line);
    }

    @Override
    public void measuring(String what) {
      out.printf("\r  %-72s", what);
      out.flush();
    }

    @Override
    public void advised(AdvisorRun.Advice advice) {
      Measurement measured = advice.measurement();
      out.println();
      out.print(render(measured.screening()));
      if (!measured.runOffPerJvm().isEmpty()) {
        int runOff = measured.runOffPerJvm().size();
        out.printf("finalists, measured again in %d more JVM%s (medians over %d):%n", runOff, runOff == 1 ? "" : "s",
            measured.finalsPerJvm().size());
        out.print(render(measured.finals()));
      }
      for (Recommendation recommendation : advice.recommendations()) {
        Objective each = recommendation.objective();
        out.printf("%s %-8s %s%n", each == objective ? "=>" : "  ", each.name().toLowerCase(Locale.ROOT),
            recommendation.reason());
      }
      boolean closeCalls = advice.recommendations().stream().anyMatch(each -> !each.rivals().isEmpty());
      if (!thorough && closeCalls) {
        out.println("(a quick measurement: --thorough measures longer and the close calls again in more JVMs, in"
            + " several minutes)");
      }
      out.flush();
    }
  }

  /** The storage before and after {@code rewrite}, as the cluster reports it. */
  private static void printStorage(FamilyRewriter.Rewrite rewrite, PrintWriter out) {
    FamilyStorage before = rewrite.before();
    FamilyStorage after = rewrite.after();
    out.printf("storage as the RegionServers report it: %.0f MB before, %.0f MB after%n", before.reportedMegabytes(),
        after.reportedMegabytes());
    if (before.fileBytes() != null && after.fileBytes() != null) {
      out.printf("store files on the cluster's file system: %,d bytes before, %,d bytes after (%.0f%%)%n",
          before.fileBytes(), after.fileBytes(), 100.0 * after.fileBytes() / Math.max(1, before.fileBytes()));
    }
  }

  private AdviceReport report(Connection connection, AdvisorRun.Request request, AdvisorRun.Result result,
      AdvisorRun.Advice advice) throws IOException {
    String hbaseVersion;
    try (Admin admin = connection.getAdmin()) {
      hbaseVersion = admin.getClusterMetrics().getHBaseVersion();
    }
    TrialPlan plan = request.plan();
    return new AdviceReport(Environment.machine(), Environment.versions(hbaseVersion), table, result.family(),
        result.blockSize(), request.sampleRows(), advice.sampleCells(), advice.sampleBytes(), plan.jvms(),
        plan.runOffJvms(), plan.repeats(), plan.warmUp().description(),
        request.objective().name().toLowerCase(Locale.ROOT), MeasuredOptions.of(advice.measurement()),
        advice.recommendations(), result.applied().orElse(null));
  }

  static String render(List<Trial> trials) {
    long largest = trials.stream().mapToLong(Trial::storedBytes).max().orElse(1);
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"encoding+codec", "HFile bytes", "of largest", "ratio", "write MB/s", "read MB/s"});
    for (Trial trial : trials.stream().sorted(Comparator.comparingLong(Trial::storedBytes)).toList()) {
      rows.add(new String[] {trial.option().toString(), String.format("%,d", trial.storedBytes()),
          String.format("%.0f%%", 100.0 * trial.storedBytes() / largest), String.format("%.2f", trial.ratio()),
          String.format("%,.0f", trial.writeMBps()), String.format("%,.0f", trial.readMBps())});
    }
    return TextTable.render(rows, 0);
  }

  /**
   * The advice as JSON: what was sampled, every measurement (the screening's and the finalists' medians, and each
   * measuring JVM's own figures that they and the rivals come from), every recommendation.
   */
  record AdviceReport(Map<String, Object> machine, Map<String, String> versions, String table, String family,
      int blockSize, int sampleRows, int sampleCells, long sampleBytes, int jvms, int runOffJvms, int repeats,
      String warmUp, String objective, MeasuredOptions measured, List<Recommendation> recommendations,
      FamilyRewriter.Rewrite applied) {
  }
}

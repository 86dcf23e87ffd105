package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.hbaseturbo.bench.pcm.Calibration;
import org.hbaseturbo.bench.pcm.PcmBenchmark;
import org.hbaseturbo.bench.pcm.PcmWorkload;
import org.hbaseturbo.report.JsonFiles;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.policy.Policy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo tune calibrate}: the policies' table-level settings measured on the cluster they run on. */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
    description = {"Measure, on this cluster, whether the paper's table-level settings beat HBase's defaults for"
        + " each class, and write policy files that keep only what measured faster: 'tune watch', 'apply' and"
        + " 'recommend' take them with --policy DIR.",
        "The records are loaded once into a table of the calibration's own. For each class, HBase's defaults, a"
            + " second copy of them (the A/A arm, which measures the noise) and each candidate (the paper's"
            + " settings together, then each alone) run on copies of that table (snapshot clones; the block size's"
            + " candidates major-compacted), in rounds: each arm runs at once with a pacer (one more copy of the"
            + " defaults) for --run-time, half the client's threads on each, in an order turned every round; each"
            + " arm's throughput over the pacer's beside it is taken over the defaults' same measure in the round."
            + " The host's speed, which moves from second to second, moves a pair alike; a difference shows at about"
            + " a third of its size alone, its sign kept, since the two share the servers' queues. One YCSB client"
            + " in this JVM runs every arm"
            + " of a class, its threads and connections kept from run to run, warmed up once before the first round"
            + " (--warmup operations on the arms in turn, then on while its JIT compiles, --warmup-quiet at"
            + " most). Successive halving: the better half by"
            + " median goes on with twice the rounds, down to one, while the class's share of --budget lasts, or"
            + " until every candidate left has lost by more than the noise over " + Calibration.MIN_ROUNDS
            + " rounds. A candidate is kept only if its median beats the defaults by more than the noise the A/A"
            + " arm measured (its median's distance from 1, or two standard errors of a median from the spread of"
            + " its rounds; at least 1%%) with its p99 at most 25%% above theirs; otherwise the class keeps HBase's"
            + " defaults.",
        "Searched: the block size (every class); for classes that write, flush size, blocking multiplier and"
            + " store files, compaction min and max; where two copies of the records' files (an arm's and the"
            + " pacer's, which a round reads at once) fit in the RegionServers' block caches together, for classes"
            + " whose Gets are most of their operations (RO-read, MixR), a row index in every block (ROW_INDEX_V1"
            + " data block encoding); where one copy outgrows them, for classes that read more than they write"
            + " (RO-read, RO-scan, MixR), smaller files: FAST_DIFF data block encoding with GZ compression. No"
            + " policy of the paper's sets those two, and a policy file names them only where chosen. BL runs"
            + " inserts into empty"
            + " tables, each arm's made empty again before each of its runs: the paper's policy, its table settings"
            + " (together) without its pre-split, and the pre-split alone at half, once and twice the paper's"
            + " regions a server, against HBase's one region. Every setting it does not measure (the split policy,"
            + " the maximum file size, the memstore's lower mark, the other classes' pre-split) is HBase's in the"
            + " files, not the paper's; the heap stays the paper's; the files say so. Everything it creates is"
            + " dropped at the end. Without --conf it runs on a local cluster of its own.",
        "Heap fractions (memstore, block cache), with --cluster processes and 2 RegionServers or more, for each"
            + " class but BL whose paper's fractions are not HBase's, in the rest of its share of --budget after the"
            + " table settings (all of it where they have nothing to measure): two copies of the records, each"
            + " served wholly by one RegionServer, run at once; one server runs the paper's fractions and the other"
            + " HBase's (0.4 and 0.4, fitted to the policy's heap as a policy's are), swapped between the two runs"
            + " of each round (update_config and Turbo's heap tuner, no restart), so that what differs between the"
            + " servers cancels in the round's ratio (the geometric mean of its runs'). Kept if the median of "
            + Calibration.MIN_ROUNDS + " rounds or more beats HBase's by two standard errors of it (1%% at least)"
            + " at a p99 within 25%%; the rounds end early where the median of " + Calibration.MIN_ROUNDS
            + " or more lost by as much; where no round ran to its end, HBase's are kept, unjudged."
            + " Measured at the servers' heap (--rs-heap; give it the policies'). Elsewhere the fractions are"
            + " HBase's, fitted to the policy's heap; the files say so."})
final class TuneCalibrateCommand implements Callable<Integer> {
  @ParentCommand
  TuneCommand parent;

  @Spec
  CommandSpec spec;

  @Mixin
  LocalClusterOptions local;

  @Option(names = "--class", paramLabel = "C,C,...", split = ",",
      defaultValue = "BL,RO-read,RO-scan,MixR,MixRW,MixW,WO-update",
      description = "Classes to calibrate, in this order (default: every class, ${DEFAULT-VALUE}).")
  List<String> classes;

  @Range(min = 1_000, max = 1_000_000_000)
  @Option(names = "--records", paramLabel = "N", defaultValue = "500000",
      description = "Records loaded once for every class, as bench pcm loads them (1,000 to 1,000,000,000;"
          + " default: ${DEFAULT-VALUE}).")
  long records;

  /** Short runs make many rounds; the pacer's run beside each arm takes out the host's drift. */
  @Mixin
  RunTimeOptions runTime = new RunTimeOptions(3);

  @Range(min = 2, max = 1_024)
  @Option(names = "--threads", paramLabel = "N", defaultValue = "4",
      description = "YCSB client threads, half on an arm and half on the pacer beside it (an even number, 2 to"
          + " 1,024; default: ${DEFAULT-VALUE}).")
  int threads;

  @Mixin
  WarmUpOptions warmUp = new WarmUpOptions(PcmBenchmark.WarmUp.DEFAULT.client().operations(),
      PcmBenchmark.WarmUp.DEFAULT.client().quietSeconds());

  @DurationRange(min = "1m", max = "7d")
  @Option(names = "--budget", paramLabel = "DURATION", defaultValue = "30m", converter = DurationArgument.Minutes.class,
      description = "How long the whole calibration may take, from the command's start to its end: starting and"
          + " stopping a local cluster and the load included. What is left after the load is split by what each"
          + " class needs for " + Calibration.MIN_ROUNDS + " rounds, by estimate, printed before the first class;"
          + " where it holds less, each class in turn gets its need while the budget lasts, its rounds ending at"
          + " those " + Calibration.MIN_ROUNDS + " so that what it saves goes to the classes after it, and the line"
          + " names the classes that get less than they need and what budget would hold them all (--class sets the"
          + " order). A class whose rounds run slower than their estimate goes on past its share to those "
          + Calibration.MIN_ROUNDS + " where the budget still holds what the classes after it need; a number alone"
          + " is minutes (1m to 7d; default: ${DEFAULT-VALUE}).")
  DurationArgument budget;

  @Range(min = 0, max = 1_000_000)
  @Option(names = "--max-rounds", paramLabel = "N", defaultValue = "0",
      description = "Measured rounds a class gets at most, of its table settings and of its heap fractions each, even"
          + " with budget left: for a quick look, as a choice needs " + Calibration.MIN_ROUNDS + " rounds at least,"
          + " fewer keep HBase's defaults (0 to 1,000,000; default: ${DEFAULT-VALUE}, as many as the class's share"
          + " of --budget allows).")
  int maxRounds;

  @Option(names = "-p", paramLabel = "KEY=VALUE",
      description = "A YCSB property for every run: how requests are drawn (requestdistribution=uniform|zipfian|"
          + "latest), field count and length. Not the counts, the table or the mix, which the calibration sets.")
  Map<String, String> ycsbProperties = new LinkedHashMap<>();

  @Option(names = "--out", paramLabel = "DIR",
      description = "Where the policy files (DIR/policies/<class>.yaml) and the measurements (DIR/calibration.json)"
          + " go (default: turbo-out/tune-calibrate-<time>).")
  Path outDir;

  @Mixin
  TunePolicyFiles policyFiles;

  @Override
  public Integer call() throws Exception {
    long started = System.nanoTime();
    Map<WorkloadClass, Policy> policies = policyFiles.policies();
    Calibration.Settings settings = new Calibration.Settings(classes.stream().map(String::strip)
        .map(PcmWorkload::byLabel).distinct().toList(), records, runTime.seconds(), threads,
        budget.duration(), maxRounds, policies, ycsbProperties, warmUp.warmUp());
    Path dir = OutputDirs.orTimestamped(Optional.ofNullable(outDir), "tune-calibrate");
    OutputDirs.requireWritableDirectory(dir, outDir != null ? "--out" : "output directory");
    PrintWriter out = spec.commandLine().getOut();
    int exitCode;
    try (TargetCluster cluster = TargetCluster.open(parent.main.conf(), local.settings(TargetCluster.LOOPBACK)
        .withSiteDefaults(Calibration.LOCAL_CLUSTER_SITE), dir, out)) {
      String when = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
      // The policy files outlive the cluster: they name what it was, not its processes and temporary directories.
      String calibratedOn = cluster.identity() + ", HBase " + cluster.target().hbaseVersion();
      Calibration.Outcome outcome = new Calibration(cluster.target(), cluster.processes(), settings, started,
          cluster.local(), dir.resolve("runs"), out).run();
      out.println();
      Path policyDir = dir.resolve("policies");
      for (Calibration.ClassResult result : outcome.results()) {
        PcmWorkload workload = PcmWorkload.byLabel(result.workloadClass());
        Path file = Calibration.writePolicy(policyDir, workload, policies.get(workload.workloadClass()), result,
            calibratedOn, when);
        out.printf("%-10s %-40s %s%n", workload.label(), result.choice(), file);
      }
      outcome.failures().forEach((label, why) -> out.printf("%-10s %-40s %s%n", label, "FAILED, no policy file",
          why));
      Path json = dir.resolve("calibration.json");
      Map<String, Object> report = new LinkedHashMap<>();
      report.put("calibrated_at", when);
      report.put("cluster", cluster.target().description());
      report.put("records", records);
      report.put("run_seconds", runTime.seconds());
      report.put("threads", threads);
      report.putAll(settings.warmUp().reportParameters());
      report.put("budget_seconds", budget.duration().toSeconds());
      report.put("classes_ended_seconds", outcome.classesEnded().toMillis() / 1e3);
      report.put("classes_deadline_seconds", outcome.classesDeadline().toMillis() / 1e3);
      report.put("max_rounds", maxRounds);
      report.put("ycsb_properties", ycsbProperties);
      report.put("classes", outcome.results());
      report.put("failed_classes", outcome.failures());
      JsonFiles.write(json, report);
      out.println("policies: " + policyDir.toAbsolutePath() + " (give them to tune watch, apply and recommend with"
          + " --policy " + policyDir.toAbsolutePath() + ")");
      out.println("measurements: " + json.toAbsolutePath());
      out.flush();
      exitCode = outcome.failures().isEmpty() ? 0 : 1;
      if (exitCode != 0) {
        spec.commandLine().getErr().println("turbo: the calibration of " + String.join(", ",
            outcome.failures().keySet()) + " failed (above); the other classes' policy files are written");
      }
    }
    // After the cluster's stop, which the budget holds too.
    long took = System.nanoTime() - started;
    long over = took - budget.duration().toNanos();
    out.printf("took %.1f s of its %d s budget%s%n", took / 1e9, budget.duration().toSeconds(),
        over > 0 ? String.format(", %.1f s past it", over / 1e9) : "");
    out.flush();
    return exitCode;
  }
}

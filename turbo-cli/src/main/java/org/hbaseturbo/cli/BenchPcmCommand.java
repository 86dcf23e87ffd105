package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import org.hbaseturbo.bench.pcm.AdaptivityRun;
import org.hbaseturbo.bench.pcm.PcmBenchmark;
import org.hbaseturbo.bench.pcm.PcmVariant;
import org.hbaseturbo.bench.pcm.PcmWorkload;
import org.hbaseturbo.cluster.regime.ServerConfinement;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.policy.PolicyLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo bench pcm}: the PCM paper's Figure 5 and an adaptivity run. */
@Command(name = "pcm", mixinStandardHelpOptions = true,
    description = {"The PCM paper's experiment (its Figure 5) at this machine's scale: each workload class (--classes)"
        + " as a YCSB mix, under HBase's defaults at the paper's 1 GB RegionServer heap, under the defaults at the"
        + " heap the policies give, under HBase's own DefaultHeapMemoryTuner, under the class's PCM policy, and, with"
        + " --calibrated, under the policy 'tune calibrate' measured best on this machine. Each variant runs on a"
        + " fresh process cluster (2 RegionServer JVMs) started on a copy of the same loaded records, on this host's"
        + " file system or, with --hdfs, on an HDFS of its own; writes are buffered on the client for every variant."
        + " With --regime disk the policies size heaps from a node's memory.",
        "Then the adaptivity run: one YCSB run whose mix shifts (a load of --records, 1,000,000 by default with"
            + " --regime disk, then reads, scans, 50/50)"
            + " under PCM's loop, as 'tune watch' runs it, against the same loop as a dry run. Its runs follow"
            + " --variants: with pcm, the loop with the paper's policies; with calibrated, the loop as 'tune watch"
            + " --policy DIR' runs it: the calibrated policy of each class that has one, the paper's for the rest;"
            + " with defaults-again, a second dry run, the A/A pair. Each run's servers first warm"
            + " up on a table of their own (--records, 100,000 at most), in runs of --run-time of the phases'"
            + " operations blended, until their JIT is quiet (--server-warmup-runs at most); it is dropped before"
            + " the load.",
        "--runs counts rounds: in each, every variant's cluster starts in turn (the order turned by one each round),"
            + " runs each class unmeasured (--server-warmup-runs) and once measured, and stops. Each run of a class"
            + " other than BL, and each unmeasured run before it, lasts --run-time (at least 2s). The adaptivity run"
            + " makes each of its runs once a round as well, after the classes' rounds (about 4 phases of"
            + " --phase-time and a cluster's start each). PCM's ratios are medians of round-by-round ratios.",
        "Reports throughput, p99 latency, server CPU per operation and the servers' flushes, compactions, blocked"
            + " updates, cache hits and store files; JSON and PNG charts. At its defaults it takes about two hours on 2"
            + " cores, by its parts as measured in December 2026: three variants of the class table took 57"
            + " minutes, the adaptivity run's four runs 41; --classes, --variants, --runs and --no-adaptivity run"
            + " less. The paper loaded millions of records (--records)."})
final class BenchPcmCommand implements Callable<Integer> {
  @ParentCommand
  BenchCommand parent;

  @Spec
  CommandSpec spec;

  /** {@code --classes}' word for no class: the adaptivity run alone. */
  private static final String NO_CLASS = "none";

  /** Records a cache-regime run loads by default: 0.5 GB, which the servers' memory holds. */
  static final long CACHE_RECORDS = PcmBenchmark.Builder.DEFAULT_RECORDS;

  /**
   * Records a disk-regime run loads by default: 3 GB, 1.5 GB a node of the default 2 GB, most of which the heap
   * takes, so that reads come from the disk (the committed disk figures: block-cache hit ratio 0.8).
   */
  static final long DISK_RECORDS = 3_000_000;
  /**
   * Records the adaptivity run's load inserts by default with --regime disk: what its phase of the default 40 s holds
   * on this 2-core host (1.14 to 1.28 million were inserted in 40 s), so that every run of the mix reads the same
   * table. {@link #DISK_RECORDS} did not fit: each load ended by time at a count of its own, and the runs whose load
   * stopped below 1.18 million records read from the page cache, at 3 to 6 times the others' scans and 50/50, in
   * runs of the same settings (results/pcm/adaptivity-aa-disk-2026-12-05).
   */
  static final long DISK_ADAPTIVITY_RECORDS = 1_000_000;
  /** The shortest run bench pcm has taken since its first version; shorter ones were never tried. */
  private static final int MIN_RUN_SECONDS = 2;

  @Range(min = 1_000, max = 1_000_000_000)
  @Option(names = "--records", paramLabel = "N",
      description = "Records loaded once for the run classes, and by the adaptivity run's load, however long that"
          + " takes (1,000 to 1,000,000,000; default: 500,000, and with --regime disk 3,000,000 for the classes,"
          + " 1.5 GB for each node of the default --node-memory, and 1,000,000 for the adaptivity run's load). With"
          + " --regime disk, give more than the nodes' memory (1 KB each) for reads to come from the disk.")
  Long records;

  @Range(min = 1_000, max = 1_000_000_000)
  @Option(names = "--load-records", paramLabel = "N", defaultValue = "" + PcmBenchmark.Builder.DEFAULT_LOAD_RECORDS,
      description = "Records each bulk-load (BL) run inserts into a new table (1,000 to 1,000,000,000; default:"
          + " ${DEFAULT-VALUE}).")
  long loadRecords;

  @Mixin
  RunOptions runs = new RunOptions(PcmBenchmark.Builder.DEFAULT_RUNS);

  @Mixin
  RunTimeOptions runTime = new RunTimeOptions(PcmBenchmark.Builder.DEFAULT_RUN_SECONDS);

  @Option(names = "--classes", paramLabel = "C,C,...", split = ",",
      defaultValue = "BL,RO-read,RO-scan,MixR,MixRW,MixW,WO-update",
      description = "Classes to measure (default: all, ${DEFAULT-VALUE}), in that order on each variant's cluster"
          + " whatever the order given: the load, the read-only classes, then those that write; 'none': the"
          + " adaptivity run alone.")
  List<String> classes;

  @Option(names = "--variants", paramLabel = "V,V,...", split = ",",
      defaultValue = "defaults-1g,defaults,defaults-again,hbase-tuner,pcm",
      description = "Variants to run each class under, each on a process cluster of its own (default: all,"
          + " ${DEFAULT-VALUE}, and calibrated where --calibrated is given). defaults-again is defaults on a second"
          + " cluster: its ratio to defaults is the benchmark's own noise, shown beside PCM's ratios. The adaptivity"
          + " run needs pcm or calibrated.")
  List<String> variants;

  @Option(names = "--calibrated", paramLabel = "DIR",
      description = "The policy files 'tune calibrate' wrote (its OUT/policies), one for every class measured: the"
          + " calibrated variant applies them as PCM applies the paper's, side by side with it and the stock"
          + " variants.")
  Path calibrated;

  @Range(min = 1, max = 1_024)
  @Option(names = "--threads", paramLabel = "N", defaultValue = "" + PcmBenchmark.Builder.DEFAULT_THREADS,
      description = "YCSB client threads (1 to 1,024; default: ${DEFAULT-VALUE}).")
  int threads;

  @Mixin
  WarmUpOptions warmUp = new WarmUpOptions(PcmBenchmark.WarmUp.DEFAULT.client().operations(),
      PcmBenchmark.WarmUp.DEFAULT.client().quietSeconds());

  @Range(min = 1, max = 10)
  @Option(names = "--server-warmup-runs", paramLabel = "N",
      description = "Unmeasured runs of each class at most before its measured run, each as long as it, until the"
          + " RegionServers' JIT compilers are quiet over one (under 20 ms of compiling a second per JVM): each run"
          + " adds a run of every class under every variant in every round; the adaptivity run's servers warm up"
          + " the same way before its mix (1 to 10; default: ${DEFAULT-VALUE}).")
  int serverWarmUpRuns = PcmBenchmark.WarmUp.DEFAULT.serverRuns();

  @Option(names = "--compact", description = "Apply a read-only class's policy (RO-read, RO-scan) under pcm and"
      + " calibrated as 'tune apply --compact' does: where the round's apply changes the policy's block size,"
      + " encoding or codec (a variant's copy keeps them, so its first round), its regions reopen and a major"
      + " compaction rewrites the table's files with them before the class's warm-up. Without, the files stay"
      + " as loaded, as under 'tune watch', and those settings never reach what the class reads. The adaptivity run"
      + " applies online, as 'tune watch' does, either way.")
  boolean compact;

  @Option(names = "--no-adaptivity", description = "Skip the adaptivity run.")
  boolean noAdaptivity;

  @DurationRange(min = "10s", max = "1h")
  @Option(names = "--phase-time", paramLabel = "DURATION", defaultValue = "40s",
      converter = DurationArgument.Seconds.class,
      description = "Length of each phase of the adaptivity run after its load, which inserts --records however long"
          + " that takes (but with --phase-until-switched); a number alone is seconds (10s to 1h; default:"
          + " ${DEFAULT-VALUE}).")
  DurationArgument phaseTime;

  @Option(names = "--phase-until-switched",
      description = "End each phase of the adaptivity run as soon as the watch takes its class (its policy applied,"
          + " or planned in the dry run), after --phase-time at most, and its load likewise, whatever --records"
          + " (it inserts until then, 100,000,000 records at most): to check that PCM follows every shift, not"
          + " to measure throughput over phases of one length.")
  boolean phaseUntilSwitched;

  @DurationRange(min = "1s", max = "10m")
  @Option(names = "--period", paramLabel = "DURATION", defaultValue = "5s", converter = DurationArgument.Seconds.class,
      description = "Watch period of the adaptivity run; a number alone is seconds (1s to 10m; default:"
          + " ${DEFAULT-VALUE}).")
  DurationArgument period;

  @Range(min = 1, max = 100)
  @Option(names = "--hold", paramLabel = "N", defaultValue = "2",
      description = "Periods a new class must hold before PCM switches, in the adaptivity run (1 to 100; default:"
          + " ${DEFAULT-VALUE}).")
  int hold;

  @Range(min = 0, max = 100)
  @Option(names = "--trial-periods", paramLabel = "N", defaultValue = "2",
      description = "Periods after each switch of the adaptivity run's PCM over which the switch is judged and, if"
          + " the phase ran slower under it than before it or with a p99 above its bound, rolled back, as 'tune"
          + " watch --trial-periods' does; 0:"
          + " every switch kept, as the paper's loop does (0 to 100; default: ${DEFAULT-VALUE}).")
  int trialPeriods;

  @Option(names = "-p", paramLabel = "KEY=VALUE",
      description = "A YCSB property for every phase: how requests are drawn (requestdistribution=uniform|zipfian|"
          + "latest, as the paper's Figure 6), field count and length. Not the counts, the table or the mix, which"
          + " the benchmark sets (--records, each class's mix). Checked as 'ycsb' checks -p, before anything starts.")
  Map<String, String> ycsbProperties = new LinkedHashMap<>();

  @Option(names = "--cluster", paramLabel = "processes", defaultValue = "processes",
      description = "Each variant's cluster: 'processes', the only kind bench pcm runs on (the heaps and heap fractions"
          + " it compares need RegionServer JVMs of their own), as on every command that starts a cluster of its own"
          + " (default: ${DEFAULT-VALUE}).")
  LocalClusterOptions.Kind cluster;

  @Mixin
  HdfsOptions hdfs;

  @Mixin
  RegimeOptions regime;

  @Mixin
  TunePolicyFiles policyFiles;

  @Mixin
  BenchOutputOptions output;

  /** The variants asked for; calibrated too where --calibrated is given and --variants is not. */
  private List<PcmVariant> variants() {
    List<PcmVariant> chosen = new ArrayList<>(variants.stream().map(String::strip).map(PcmVariant::byUserName)
        .toList());
    boolean named = spec.commandLine().getParseResult().hasMatchedOption("--variants");
    if (calibrated != null && !named) {
      chosen.add(PcmVariant.CALIBRATED);
    }
    if (chosen.contains(PcmVariant.CALIBRATED) && calibrated == null) {
      throw new InvalidInputException("--variants calibrated needs --calibrated DIR: the policy files 'turbo tune"
          + " calibrate' wrote");
    }
    if (calibrated != null && !chosen.contains(PcmVariant.CALIBRATED)) {
      throw new InvalidInputException("--calibrated " + calibrated + " is for the calibrated variant, which --variants"
          + " leaves out: add calibrated to --variants, or leave --calibrated out");
    }
    return chosen.stream().distinct().sorted().toList();
  }

  /** The classes asked for, in the order they run; none for 'none'. */
  private List<PcmWorkload> classes() {
    List<String> named = classes.stream().map(String::strip).toList();
    if (named.contains(NO_CLASS)) {
      if (named.size() > 1) {
        throw new InvalidInputException("--classes " + String.join(",", classes) + ": '" + NO_CLASS + "' stands"
            + " alone (the adaptivity run without the classes), or name classes without it");
      }
      return List.of();
    }
    return named.stream().map(PcmWorkload::byLabel).distinct().sorted().toList();
  }

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (parent.main.conf().isPresent()) {
      throw new InvalidInputException("bench pcm starts a fresh process cluster for each variant and cannot run on"
          + " the --conf cluster; run it without --conf");
    }
    if (runTime.seconds() < MIN_RUN_SECONDS) {
      throw new InvalidInputException("--run-time must be at least " + MIN_RUN_SECONDS + "s for bench pcm, was "
          + runTime.runTime);
    }
    int periodSeconds = period.seconds();
    if (phaseTime.seconds() < 2 * periodSeconds * hold) {
      throw new InvalidInputException("--phase-time " + phaseTime + " is too short for --period " + period
          + " and --hold " + hold + ": a phase must last at least twice the " + periodSeconds * hold
          + " s a switch takes");
    }
    if (cluster != LocalClusterOptions.Kind.processes) {
      throw new InvalidInputException("--cluster " + cluster + ": bench pcm compares heaps and heap fractions, which"
          + " need RegionServer JVMs of their own; give --cluster processes, or leave it out");
    }
    OptionalInt dataNodes = hdfs.dataNodes(true);
    Optional<ServerConfinement> node = regime.node(true, PcmBenchmark.REGION_SERVERS, dataNodes.isPresent());
    node.ifPresent(regime::requireConfinable);
    PcmBenchmark.Settings settings = PcmBenchmark.Settings.builder().records(records(node, DISK_RECORDS))
        .loadRecords(loadRecords)
        .runSeconds(runTime.seconds()).runs(runs.runs).threads(threads)
        .classes(classes())
        .variants(variants())
        .policies(policyFiles.policies())
        .calibrated(calibrated == null ? Map.of() : PolicyLoader.files(calibrated, "--calibrated"))
        .adaptivity(noAdaptivity ? Optional.empty() : Optional.of(new AdaptivityRun.Settings(
            records(node, DISK_ADAPTIVITY_RECORDS), phaseTime.seconds(), periodSeconds, hold, trialPeriods,
            phaseUntilSwitched)))
        .ycsbProperties(ycsbProperties).node(node).dataNodes(dataNodes)
        .warmUp(new PcmBenchmark.WarmUp(warmUp.warmUp(), serverWarmUpRuns)).rewriteReadOnlyFiles(compact).build();
    Path dir = output.dir("pcm");
    PcmBenchmark benchmark = new PcmBenchmark(settings, dir, out);
    benchmark.report(benchmark.run(), output.json(dir, "pcm"));
    return 0;
  }

  /** --records where given; otherwise {@code diskDefault} for nodes of the disk regime, {@link #CACHE_RECORDS} else. */
  private long records(Optional<ServerConfinement> node, long diskDefault) {
    return records != null ? records : node.isPresent() ? diskDefault : CACHE_RECORDS;
  }
}

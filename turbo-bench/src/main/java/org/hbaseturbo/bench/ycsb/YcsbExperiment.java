package org.hbaseturbo.bench.ycsb;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.client.stats.ProcessUsage;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.report.Environment;
import site.ycsb.Client;

/**
 * YCSB phases against a cluster: load (creating and optionally pre-splitting the table), runs repeated
 * for medians, and the report of both.
 */
public final class YcsbExperiment {
  private final ClusterTarget target;
  private final Settings settings;
  private final Path workDir;
  private final PrintWriter progress;
  private final Optional<Path> stopFile;

  /**
   * @param workload a core workload name or a workload file ({@link YcsbWorkloads#resolve})
   * @param overrides {@code -p} properties
   * @param regions regions to pre-split a new table into (1: no pre-split)
   * @param warmUp what each run does, unmeasured, before it measures
   * @param clientHost the host the client JVMs run on, if not this one: behind an emulated link, or the client host
   *     of a cluster of hosts
   * @param linkName how the link is named in the report's parameters
   */
  public record Settings(String workload, Map<String, String> overrides, int threads, DbBinding db, int regions,
      YcsbWarmUp warmUp, Optional<ClientHost> clientHost, String linkName) {
    /** Checks everything that can be checked before a cluster is started for nothing. */
    public Settings {
      Properties effective = YcsbWorkloads.resolve(requireNonNull(workload, "workload is null"));
      overrides = Map.copyOf(overrides);
      new TreeMap<>(overrides).forEach((name, value) -> YcsbProperties.requireValid(name, value, "given with -p"));
      effective.putAll(overrides);
      YcsbWorkloadRules.requireConsistent(effective);
      if (threads < 1) {
        throw new InvalidInputException("threads must be at least 1, was " + threads);
      }
      if (regions < 1) {
        throw new InvalidInputException("regions must be at least 1, was " + regions);
      }
      requireNonNull(warmUp, "warmUp is null");
      requireNonNull(db, "db is null");
      requireNonNull(clientHost, "clientHost is null");
    }

    /** These settings with the client's warm-up {@code warmUp}: none, for a run that is itself a warm-up. */
    public Settings withWarmUp(YcsbWarmUp warmUp) {
      return new Settings(workload, overrides, threads, db, regions, warmUp, clientHost, linkName);
    }
  }

  /**
   * Checks what only a load needs, before a cluster is started for it: enough records for the regions the table
   * is pre-split into.
   */
  public static void requireLoadable(Settings settings) {
    Properties effective = YcsbWorkloads.resolve(settings.workload());
    effective.putAll(settings.overrides());
    YcsbTable.requireSplittable(effective, settings.regions());
  }

  public YcsbExperiment(ClusterTarget target, Settings settings, Path workDir, PrintWriter progress) {
    this(target, settings, workDir, progress, Optional.empty());
  }

  private YcsbExperiment(ClusterTarget target, Settings settings, Path workDir, PrintWriter progress,
      Optional<Path> stopFile) {
    this.target = requireNonNull(target, "target is null");
    this.settings = requireNonNull(settings, "settings is null");
    this.workDir = requireNonNull(workDir, "workDir is null");
    this.progress = requireNonNull(progress, "progress is null");
    this.stopFile = stopFile;
  }

  /**
   * This experiment, with phases that also end as soon as {@code file} exists ({@link YcsbPhaseMain#STOP_FILE}); a
   * file there already is removed first, and its directory made, so that it can be created at any moment.
   */
  public YcsbExperiment stoppedBy(Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.deleteIfExists(file);
    return new YcsbExperiment(target, settings, workDir, progress, Optional.of(file));
  }

  /** A phase of this experiment; {@code printSummary} shows YCSB's own summary on stdout. */
  public YcsbPhase phase(YcsbPhase.Kind kind, String name, boolean printSummary) {
    return new YcsbPhase(kind, YcsbWorkloads.resolve(settings.workload()), settings.overrides(), settings.threads(),
        settings.warmUp(), settings.db(), target.clientConfDir(), workDir.resolve(name), settings.clientHost(),
        stopFile, printSummary);
  }

  /**
   * Creates the table if missing, then loads the workload's records. With {@link DbBinding#NONE}, which reaches no
   * server, no table is made.
   */
  public PhaseResult load(boolean printSummary) throws IOException {
    YcsbPhase load = phase(YcsbPhase.Kind.LOAD, "load", printSummary);
    Properties props = load.properties();
    if (settings.db() == DbBinding.NONE) {
      return checked(load.run(), "load");
    }
    try (Admin admin = target.connection().getAdmin()) {
      if (YcsbTable.createIfMissing(admin, TableName.valueOf(load.table()), load.family(), settings.regions(),
          props)) {
        progress.printf("created table %s (family %s, %d region%s)%n", load.table(), load.family(),
            settings.regions(), settings.regions() == 1 ? "" : "s, split on the workload's key quantiles");
      }
    }
    progress.printf("loading %s records with %d threads%n", props.getProperty(Client.RECORD_COUNT_PROPERTY),
        settings.threads());
    progress.flush();
    return checked(load.run(), "load");
  }

  /** Runs the workload's transaction phase {@code runs} times against the loaded table. */
  public List<PhaseResult> run(int runs, boolean printSummary) throws IOException {
    if (runs < 1) {
      throw new InvalidInputException("runs must be at least 1, was " + runs);
    }
    List<PhaseResult> results = new ArrayList<>();
    for (int i = 1; i <= runs; i++) {
      results.add(run(i, runs, printSummary));
    }
    return results;
  }

  /**
   * Run {@code number} of {@code of}: the transaction phase once, in a directory of its own. The first checks
   * that the table is there, so that a missing load fails with a clear message instead of YCSB's ({@link
   * DbBinding#NONE} needs none).
   */
  public PhaseResult run(int number, int of, boolean printSummary) throws IOException {
    YcsbPhase run = phase(YcsbPhase.Kind.RUN, "run-" + number, printSummary);
    if (number == 1 && settings.db() != DbBinding.NONE) {
      try (Admin admin = target.connection().getAdmin()) {
        YcsbTable.requireExists(admin, TableName.valueOf(run.table()), run.family());
      }
    }
    progress.printf("run %d/%d: workload %s, %s operations, %d threads%n", number, of, settings.workload(),
        run.properties().getProperty(Client.OPERATION_COUNT_PROPERTY), settings.threads());
    progress.flush();
    return checked(run.run(), "run " + number);
  }

  /** The report of a load (may be null) and of repeated runs, each summarised by medians. */
  public BenchmarkReport report(PhaseResult load, List<PhaseResult> runs) throws IOException {
    List<VariantResult> results = new ArrayList<>();
    if (load != null) {
      results.add(YcsbSummary.summarize(settings.db().userName() + " load", List.of(load)));
    }
    if (!runs.isEmpty()) {
      results.add(YcsbSummary.summarize(settings.db().userName(), runs));
    }
    Properties effective = phase(YcsbPhase.Kind.RUN, "report", false).properties();
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("workload", settings.workload());
    for (String key : List.of(Client.RECORD_COUNT_PROPERTY, Client.OPERATION_COUNT_PROPERTY, "fieldcount",
        "fieldlength", "requestdistribution")) {
      parameters.put(key, effective.getProperty(key, "YCSB default"));
    }
    parameters.put("threads", settings.threads());
    parameters.put("warmup_operations_per_run", settings.warmUp().operations());
    parameters.put("warmup_jit_quiet_seconds_at_most", settings.warmUp().quietSeconds());
    parameters.put("db", settings.db().userName());
    parameters.put("regions", settings.regions());
    parameters.put("link", settings.linkName());
    parameters.put("cluster", target.description());
    parameters.put("properties", new TreeMap<>(settings.overrides()));
    return new BenchmarkReport("ycsb", Environment.machine(), Environment.versions(target.hbaseVersion()), parameters,
        results);
  }

  private PhaseResult checked(PhaseResult result, String what) {
    if (!result.serverUnavailableReason().isEmpty()) {
      progress.println("note: server CPU and RPC bytes not measured: " + result.serverUnavailableReason());
    }
    if (result.server() != null) {
      for (ProcessUsage process : result.server().byProcess()) {
        progress.println("  " + process.summary());
      }
    }
    if (result.failures() > 0) {
      progress.printf("warning: %s had %,d failed operations of %,d; its figures are not a valid result%n", what,
          result.failures(), result.operations());
    }
    progress.flush();
    return result;
  }
}

package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.bench.report.JsonFiles;
import org.hbaseturbo.bench.report.TextTable;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.client.ClusterConnections;
import org.hbaseturbo.client.stats.RegionServerState;
import org.hbaseturbo.client.stats.TableOperationCounts;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.testing.RestartControl;
import org.hbaseturbo.tune.AuditLog;
import org.hbaseturbo.tune.ClassTracker;
import org.hbaseturbo.tune.HeapTuner;
import org.hbaseturbo.tune.PolicyExecutor;
import org.hbaseturbo.tune.Recommendation;
import org.hbaseturbo.tune.Recommender;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.WorkloadMonitor;
import org.hbaseturbo.tune.WorkloadWatcher;
import org.hbaseturbo.tune.WorkloadWindow;
import org.hbaseturbo.tune.WorkloadWindow.TableWorkload;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicyEnvironment;
import org.hbaseturbo.tune.policy.PolicyLoader;
import org.hbaseturbo.tune.policy.Route;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo tune}: the workload-aware configuration (PCM). */
@Command(name = "tune", mixinStandardHelpOptions = true,
    description = "Workload-aware configuration (the PCM paper): watch the workload, classify it, and recommend the"
        + " matching policy's settings.",
    subcommands = {TuneCommand.Status.class, TuneCommand.Recommend.class, TuneCommand.Apply.class,
        TuneCommand.Rollback.class, TuneCommand.Watch.class})
final class TuneCommand extends CommandGroup {
  @ParentCommand
  TurboMain main;

  @Command(name = "status", mixinStandardHelpOptions = true,
      description = {"Watch a running cluster's workload for a window and show what clients asked, cluster-wide"
          + " and per table: operations by type, the share of writes, the rate, and the PCM paper's class"
          + " (BL, WO, WM, MixW, MixRW, MixR, RM, RO-read, RO-scan) with the numbers that decided it; then each"
          + " RegionServer's state (regions, store files, memstore and block cache against their limits, cache hit"
          + " ratio, compaction and flush queues, blocked requests).",
          "Counts are exact: the server jar's WorkloadObserver counts every operation (hbase.coprocessor.region"
              + ".classes) and its stats endpoint reports them, which under AccessController needs global ADMIN."
              + " Needs --conf: a cluster that runs a workload ('cluster start' writes one)."})
  static final class Status implements Callable<Integer> {
    @ParentCommand
    TuneCommand parent;

    @Spec
    CommandSpec spec;

    @Option(names = "--table", paramLabel = "T", description = "Show this table alone besides the cluster.")
    String table;

    @Range(min = 1, max = 3_600)
    @Option(names = "--window", paramLabel = "SECONDS", defaultValue = "10",
        description = "How long to watch (1 to 3,600; default: ${DEFAULT-VALUE}).")
    int windowSeconds;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write what it saw as JSON.")
    Path json;

    @Override
    public Integer call() throws Exception {
      Path conf = requireConf(parent, "tune status");
      if (json != null) {
        OutputDirs.requireWritableFile(json, "--json");
      }
      PrintWriter out = spec.commandLine().getOut();
      try (Connection connection = connect(conf)) {
        if (table != null) {
          requireTable(connection, table);
        }
        WorkloadWindow window = watch(connection, windowSeconds, out);
        out.print(render(window, table));
        if (json != null) {
          JsonFiles.write(json, window);
          out.println("written to " + json.toAbsolutePath());
        }
        out.flush();
      }
      return 0;
    }

    static void requireTable(Connection connection, String table) throws IOException {
      TableName name;
      try {
        name = TableName.valueOf(table);
      } catch (IllegalArgumentException e) {
        throw new InvalidInputException("--table '" + table + "' is not a table name: " + e.getMessage());
      }
      try (Admin admin = connection.getAdmin()) {
        if (!admin.tableExists(name)) {
          throw new InvalidInputException("table '" + table + "' does not exist on the cluster");
        }
      }
    }

    static String render(WorkloadWindow window, String only) {
      StringBuilder text = new StringBuilder();
      text.append(String.format("%nworkload over %.1f s%n", window.seconds()));
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"table", "class", "ops/s", "gets", "scans", "scan rows", "puts", "deletes",
          "incr+append", "bulk files", "why"});
      rows.add(row("(all user tables)", window.cluster()));
      for (Map.Entry<String, TableWorkload> entry : window.tables().entrySet()) {
        if (only == null || only.equals(entry.getKey())) {
          rows.add(row(entry.getKey(), entry.getValue()));
        }
      }
      if (only != null && !window.tables().containsKey(only)) {
        rows.add(new String[] {only, "idle", "0", "", "", "", "", "", "", "", "no reads or writes"});
      }
      text.append(TextTable.render(rows, 0, 1, 10));
      text.append(String.format("%nRegionServers at the end of the window%n"));
      List<String[]> servers = new ArrayList<>();
      servers.add(new String[] {"server", "regions", "store files", "memstore MiB", "of limit", "block cache MiB",
          "of max", "cache hit %", "compaction queue", "flush queue", "blocked requests"});
      for (RegionServerState server : window.servers()) {
        servers.add(new String[] {server.server(), Long.toString(server.regions()),
            Long.toString(server.storeFiles()), mib(server.memstoreBytes()), mib(server.memstoreLimitBytes()),
            mib(server.blockCacheBytes()), mib(server.blockCacheMaxBytes()),
            Double.isNaN(server.blockCacheHitRatio()) ? "-" : String.format("%.1f", server.blockCacheHitRatio() * 100),
            Long.toString(server.compactionQueue()), Long.toString(server.flushQueue()),
            Long.toString(server.blockedRequests())});
      }
      text.append(TextTable.render(servers, 0));
      return text.toString();
    }

    private static String[] row(String name, TableWorkload workload) {
      TableOperationCounts ops = workload.classification().operations();
      return new String[] {name, workload.classification().workloadClass().label(),
          String.format("%,.0f", workload.operationsPerSecond()), String.format("%,d", ops.gets()),
          String.format("%,d", ops.scans()), String.format("%,d", ops.scanRows()), String.format("%,d", ops.puts()),
          String.format("%,d", ops.deletes()), String.format("%,d", ops.increments() + ops.appends()),
          String.format("%,d", ops.bulkLoadedFiles()), workload.classification().reason()};
    }

    private static String mib(long bytes) {
      return String.format("%,.1f", bytes / 1048576.0);
    }
  }

  static Path requireConf(TuneCommand tune, String command) {
    return tune.main.conf().orElseThrow(() -> new InvalidInputException("'" + command + "' works on a running"
        + " cluster; give its client configuration with --conf DIR (for a local one: './turbo cluster start --data"
        + " DIR' writes DIR/client-conf)"));
  }

  static Connection connect(Path conf) throws IOException {
    var configuration = ClientConfigurations.fromDirectory(conf);
    return ClusterConnections.open(configuration, ClusterConnections.describe(configuration));
  }

  static WorkloadWindow watch(Connection connection, int seconds, PrintWriter out) throws IOException {
    out.printf("watching the workload for %d s ...%n", seconds);
    out.flush();
    return new WorkloadMonitor(connection).watch(Duration.ofSeconds(seconds));
  }

  /** The policies: the shipped ones, or with a user's in their place. */
  static final class PolicyFiles {
    @Option(names = "--policy", paramLabel = "FILE|DIR",
        description = "A policy file, or a directory of them, replacing the shipped policy of each class it names.")
    Path files;

    Map<WorkloadClass, Policy> policies() throws IOException {
      return files == null ? PolicyLoader.shipped() : PolicyLoader.withOverrides(files);
    }
  }

  /** What to recommend for: the table, the class or a window to classify, the policies. */
  static final class PolicyChoice {
    @Option(names = "--table", paramLabel = "T",
        description = "Compare the table's own settings and pre-split too, and classify its workload alone.")
    String table;

    @Option(names = "--class", paramLabel = "CLASS",
        description = "Use this class's policy instead of watching: BL, WO, WM, MixW, MixRW, MixR, RM, RO-read or"
            + " RO-scan.")
    String workloadClass;

    @Range(min = 1, max = 3_600)
    @Option(names = "--window", paramLabel = "SECONDS", defaultValue = "10",
        description = "Without --class: how long to watch (1 to 3,600; default: ${DEFAULT-VALUE}).")
    int windowSeconds;

    @Mixin
    PolicyFiles policyFiles;

    /** Checks what can be checked before anything is read from the cluster. */
    Map<WorkloadClass, Policy> policies() throws IOException {
      if (workloadClass != null) {
        parseClass(workloadClass);
      }
      return policyFiles.policies();
    }

    /** The recommendation for the named or watched class; empty when the window saw no workload. */
    Optional<Recommendation> recommend(Connection connection, Map<WorkloadClass, Policy> policies, PrintWriter out)
        throws IOException {
      if (table != null) {
        Status.requireTable(connection, table);
      }
      WorkloadClass chosen;
      if (workloadClass != null) {
        chosen = parseClass(workloadClass);
      } else {
        WorkloadWindow window = watch(connection, windowSeconds, out);
        TableWorkload workload = table == null ? window.cluster() : window.tables().get(table);
        chosen = workload == null ? WorkloadClass.IDLE : workload.classification().workloadClass();
        out.printf("class: %s (%s)%n", chosen.label(), workload == null ? "no reads or writes"
            : workload.classification().reason());
        if (chosen == WorkloadClass.IDLE) {
          out.println("nothing to recommend: no workload in the window; give --class to choose a policy anyway");
          out.flush();
          return Optional.empty();
        }
      }
      Recommendation recommendation = new Recommender(connection).recommend(policies.get(chosen),
          Optional.ofNullable(table).map(TableName::valueOf));
      out.print(Recommend.render(recommendation));
      out.flush();
      return Optional.of(recommendation);
    }

    private static WorkloadClass parseClass(String label) {
      return Arrays.stream(WorkloadClass.values()).filter(c -> c != WorkloadClass.IDLE && c.label().equals(label))
          .findFirst().orElseThrow(() -> new InvalidInputException("--class '" + label + "' is not a workload"
              + " class; expected one of " + String.join(", ", Arrays.stream(WorkloadClass.values())
                  .filter(c -> c != WorkloadClass.IDLE).map(WorkloadClass::label).toList())));
    }
  }

  /** Where the audit log is, and the process cluster whose RegionServers a change restarts. */
  static final class ExecutionTarget {
    @Option(names = "--audit", paramLabel = "FILE",
        description = "The audit log: every change, one JSON line each, which rollback reads (default:"
            + " turbo-tune-audit.jsonl in the --conf directory).")
    Path audit;

    @Option(names = LocalClusterOptions.DATA_OPTION, paramLabel = "DIR",
        description = "The data directory of the Turbo process cluster that --conf reaches: RegionServer settings"
            + " and heap then apply by a rolling restart. Without it they are written as a plan for the"
            + " operator.")
    Path dataDir;

    AuditLog auditLog(Path conf) {
      Path file = audit != null ? audit : conf.resolve("turbo-tune-audit.jsonl");
      OutputDirs.requireWritableFile(file, "--audit");
      return new AuditLog(file);
    }

    Optional<PolicyExecutor.ServerControl> serverControl() {
      if (dataDir == null) {
        return Optional.empty();
      }
      Path data = dataDir.toAbsolutePath();
      return Optional.of(new PolicyExecutor.ServerControl() {
        @Override
        public void restart(Map<String, String> settings, Optional<String> heap, Consumer<String> progress)
            throws IOException {
          RestartControl.request(data, settings, heap, RestartControl.Mode.ROLLING, progress);
        }

        @Override
        public void update(Map<String, String> settings, Consumer<String> progress) throws IOException {
          RestartControl.request(data, settings, Optional.empty(), RestartControl.Mode.ONLINE, progress);
        }
      });
    }
  }

  @Command(name = "recommend", mixinStandardHelpOptions = true,
      description = {"The PCM policy for the workload's class, evaluated for this cluster (its hosts' RAM,"
          + " RegionServers per host, the table's size and regions), as a diff against what the cluster runs now:"
          + " the RegionServers' settings in force (read from each one's live configuration) and the table's and"
          + " its families' descriptors. Each change says how it would apply.",
          "The class is the one --class names, or else what 'tune status' sees over --window. The policies are"
              + " the paper's Tables IV-VI on HBase 2.6 keys; --policy FILE or DIR replaces them class by class."
              + " Nothing is changed."})
  static final class Recommend implements Callable<Integer> {
    @ParentCommand
    TuneCommand parent;

    @Spec
    CommandSpec spec;

    @Mixin
    PolicyChoice choice;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the recommendation as JSON.")
    Path json;

    @Override
    public Integer call() throws Exception {
      Path conf = requireConf(parent, "tune recommend");
      Map<WorkloadClass, Policy> policies = choice.policies();
      if (json != null) {
        OutputDirs.requireWritableFile(json, "--json");
      }
      PrintWriter out = spec.commandLine().getOut();
      try (Connection connection = connect(conf)) {
        Optional<Recommendation> recommendation = choice.recommend(connection, policies, out);
        if (recommendation.isPresent() && json != null) {
          JsonFiles.write(json, recommendation.get());
          out.println("written to " + json.toAbsolutePath());
        }
        out.flush();
      }
      return 0;
    }

    static String render(Recommendation recommendation) {
      StringBuilder text = new StringBuilder();
      PolicyEnvironment environment = recommendation.environment();
      text.append(String.format("%npolicy for %s: %s, for %.0f GiB hosts with %d of %d RegionServers each, %s in %d"
              + " regions%n", recommendation.workloadClass().label(), recommendation.policySource(),
          environment.ramGb(), environment.regionServersPerHost(), environment.regionServers(),
          recommendation.table().isEmpty() ? "user tables of " + bytes(environment.datasetBytes())
              : recommendation.table() + " of " + bytes(environment.datasetBytes()), environment.regions()));
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"setting", "now", "recommended", "applies by"});
      for (Recommendation.Change change : recommendation.changes()) {
        rows.add(new String[] {change.setting(), change.current(), change.recommended(),
            change.route().description()});
      }
      text.append(recommendation.changes().isEmpty() ? "the cluster already runs this policy\n"
          : TextTable.render(rows, 0, 1, 2, 3));
      text.append(String.format("%d settings already as recommended%n", recommendation.unchanged().size()));
      recommendation.notes().forEach(note -> text.append("note: ").append(note).append('\n'));
      return text.toString();
    }

    private static String bytes(double bytes) {
      return String.format("%,.1f MiB", bytes / 1048576);
    }
  }

  @Command(name = "apply", mixinStandardHelpOptions = true,
      description = {"Apply what 'tune recommend' shows, the way each setting reaches the servers: table and family"
          + " values with one table modification (its regions reopen, flushing); RegionServer settings and heap"
          + " by a rolling restart when --data names the Turbo process cluster, else written as a plan (an"
          + " hbase-site.xml fragment and the restart to do) for the operator. A pre-split is left to table"
          + " creation.",
          "Every change, applied or planned, goes to the audit log; 'tune rollback' restores the last apply."})
  static final class Apply implements Callable<Integer> {
    @ParentCommand
    TuneCommand parent;

    @Spec
    CommandSpec spec;

    @Mixin
    PolicyChoice choice;

    @Mixin
    ExecutionTarget target;

    @Option(names = "--dry-run", description = "Say what would change, and change nothing.")
    boolean dryRun;

    @Override
    public Integer call() throws Exception {
      Path conf = requireConf(parent, "tune apply");
      Map<WorkloadClass, Policy> policies = choice.policies();
      AuditLog audit = target.auditLog(conf);
      PrintWriter out = spec.commandLine().getOut();
      try (Connection connection = connect(conf)) {
        Optional<Recommendation> recommendation = choice.recommend(connection, policies, out);
        if (recommendation.isEmpty()) {
          return 0;
        }
        List<AuditLog.Entry> entries = new PolicyExecutor(connection, audit, target.serverControl())
            .apply(recommendation.get(), dryRun, line -> {
              out.println(line);
              out.flush();
            });
        out.print(renderEntries(entries));
        List<AuditLog.Entry> planned = entries.stream().filter(entry -> entry.status().equals("planned")).toList();
        if (!planned.isEmpty()) {
          out.print(renderPlan(planned));
        }
        if (!dryRun && !entries.isEmpty()) {
          out.println("audit log: " + audit.file().toAbsolutePath());
        }
        out.flush();
      }
      return 0;
    }
  }

  @Command(name = "rollback", mixinStandardHelpOptions = true,
      description = "Restore every setting the last 'tune apply' (not rolled back yet) changed, the same way it was"
          + " changed, and record it in the audit log.")
  static final class Rollback implements Callable<Integer> {
    @ParentCommand
    TuneCommand parent;

    @Spec
    CommandSpec spec;

    @Mixin
    ExecutionTarget target;

    @Override
    public Integer call() throws Exception {
      Path conf = requireConf(parent, "tune rollback");
      AuditLog audit = target.auditLog(conf);
      PrintWriter out = spec.commandLine().getOut();
      try (Connection connection = connect(conf)) {
        List<AuditLog.Entry> entries = new PolicyExecutor(connection, audit, target.serverControl()).rollback(line -> {
          out.println(line);
          out.flush();
        });
        out.print(entries.isEmpty() ? "nothing to roll back in " + audit.file().toAbsolutePath() + "\n"
            : renderEntries(entries));
        out.flush();
      }
      return 0;
    }
  }

  /** What the operator of a cluster that Turbo does not run does with planned changes, route by route. */
  static String renderPlan(List<AuditLog.Entry> planned) {
    StringBuilder plan = new StringBuilder("planned, not applied (Turbo does not run these RegionServers; or give"
        + " --data of a Turbo process cluster). On every RegionServer, in hbase-site.xml:\n");
    for (AuditLog.Entry entry : planned) {
      if (!entry.key().equals(Recommender.HEAP)) {
        plan.append(String.format("  <property><name>%s</name><value>%s</value></property>%n", entry.key(),
            entry.newValue()));
      }
      if (entry.route() == Route.HEAP_TUNER) {
        plan.append(String.format("  <property><name>%s</name><value>%s</value></property>%n",
            HeapTuner.targetKey(entry.key()), entry.newValue()));
      }
    }
    planned.stream().filter(entry -> entry.key().equals(Recommender.HEAP)).forEach(entry -> plan.append(
        String.format("and in hbase-env.sh: export HBASE_REGIONSERVER_OPTS=\"$HBASE_REGIONSERVER_OPTS -Xmx%s\"%n",
            entry.newValue())));
    boolean restart = planned.stream().anyMatch(entry -> entry.route() == Route.RESTART);
    plan.append(restart ? "then restart the RegionServers one at a time (HBase's graceful_stop.sh --restart"
        + " --reload)\n" : "then run update_config (hbase shell) to reload it: no restart\n");
    return plan.toString();
  }

  @Command(name = "watch", mixinStandardHelpOptions = true,
      description = {"The PCM paper's loop, in the foreground: every --period, watch the workload and classify it;"
          + " when a new class has held for --hold periods in a row, apply its policy as 'tune apply' does (online"
          + " where HBase allows, every change in the audit log). A status line per period.",
          "Stops after --periods, or on Ctrl-C, which waits for a change under way to finish, so that the cluster"
              + " and the audit log agree."})
  static final class Watch implements Callable<Integer> {
    @ParentCommand
    TuneCommand parent;

    @Spec
    CommandSpec spec;

    @Option(names = "--table", paramLabel = "T",
        description = "Watch and configure this table (and the servers); default: the user tables together and the"
            + " servers alone.")
    String table;

    @Range(min = 1, max = 3_600)
    @Option(names = "--period", paramLabel = "SECONDS", defaultValue = "30",
        description = "Length of each window (1 to 3,600; default: ${DEFAULT-VALUE}).")
    int periodSeconds;

    @Range(min = 1, max = 100)
    @Option(names = "--hold", paramLabel = "N", defaultValue = "3",
        description = "Periods in a row a new class must hold before its policy is applied, so that a blip changes"
            + " nothing (1 to 100; default: ${DEFAULT-VALUE}).")
    int hold;

    @Range(min = 0, max = 1_000_000)
    @Option(names = "--periods", paramLabel = "N", defaultValue = "0",
        description = "Stop after N periods (default: ${DEFAULT-VALUE}, until Ctrl-C).")
    int periods;

    @Option(names = "--dry-run", description = "Say what each switch would change, and change nothing.")
    boolean dryRun;

    @Mixin
    PolicyFiles policyFiles;

    @Mixin
    ExecutionTarget target;

    @Override
    public Integer call() throws Exception {
      Path conf = requireConf(parent, "tune watch");
      Map<WorkloadClass, Policy> policies = policyFiles.policies();
      AuditLog audit = target.auditLog(conf);
      PrintWriter out = spec.commandLine().getOut();
      try (Connection connection = connect(conf)) {
        if (table != null) {
          Status.requireTable(connection, table);
        }
        WorkloadWatcher watcher = new WorkloadWatcher(connection, new PolicyExecutor(connection, audit,
            target.serverControl()), policies, Optional.ofNullable(table).map(TableName::valueOf),
            new ClassTracker(hold), dryRun);
        // Ctrl-C: the JVM runs this hook while the loop goes on; it returns once no change is under way.
        Thread stop = new Thread(() -> {
          synchronized (watcher) {
            out.println("tune watch stopped; every change made is in " + audit.file().toAbsolutePath());
            out.flush();
          }
        });
        Runtime.getRuntime().addShutdownHook(stop);
        try {
          loop(watcher, out);
        } finally {
          try {
            Runtime.getRuntime().removeShutdownHook(stop);
          } catch (IllegalStateException shuttingDown) {
            // Ctrl-C: the hook runs.
          }
        }
      }
      return 0;
    }

    private void loop(WorkloadWatcher watcher, PrintWriter out) throws IOException {
      out.printf("watching %s every %d s; a new class must hold %d periods%s%n",
          table == null ? "the user tables" : table, periodSeconds, hold, dryRun ? " (dry run)" : "");
      out.flush();
      for (int period = 1; periods == 0 || period <= periods; period++) {
        WorkloadWatcher.Period watched = watcher.watch(Duration.ofSeconds(periodSeconds), line -> {
          out.println("  " + line);
          out.flush();
        });
        out.println(statusLine(period, watched, watcher.inForce()));
        if (watched.switchedTo().isPresent()) {
          out.print(renderEntries(watched.applied()));
        }
        out.flush();
      }
    }

    private static String statusLine(int period, WorkloadWatcher.Period watched, Optional<WorkloadClass> inForce) {
      String seen = watched.workload() == null ? "idle" : String.format("%s (%s, %,.0f ops/s)",
          watched.observed().label(), watched.workload().classification().reason(),
          watched.workload().operationsPerSecond());
      String policy = watched.switchedTo().map(c -> "switched to the " + c.label() + " policy")
          .orElse("policy in force: " + inForce.map(WorkloadClass::label).orElse("none yet"));
      return String.format("%s period %d: %s; %s", java.time.LocalTime.now().withNano(0), period, seen, policy);
    }
  }

  static String renderEntries(List<AuditLog.Entry> entries) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"target", "key", "was", "now", "status"});
    for (AuditLog.Entry entry : entries) {
      rows.add(new String[] {entry.target(), entry.key(), entry.oldValue() == null ? "(unset)" : entry.oldValue(),
          entry.newValue() == null ? "(unset)" : entry.newValue(), entry.status()});
    }
    return TextTable.render(rows, 0, 1, 2, 3, 4);
  }
}

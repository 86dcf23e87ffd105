package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.tune.AuditLog;
import org.hbaseturbo.tune.ClassTracker;
import org.hbaseturbo.tune.PolicyExecutor;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.WorkloadWatcher;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.split.SplitKeys;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo tune watch}: the PCM paper's loop, in the foreground. */
@Command(name = "watch", mixinStandardHelpOptions = true,
    description = {"The PCM paper's loop, in the foreground: every --period, watch the workload and classify it;"
        + " when a new class has held for --hold periods in a row, apply its policy as 'tune apply' does (online"
        + " where HBase allows, every change in the audit log; a switch to BL pre-splits an empty --table as 'tune"
        + " apply' does, given --key-format or --key-sample). Then the switch is on trial for --trial-periods:"
        + " if the workload ran slower under it than under the settings before it, or its p99 rose beyond its"
        + " bound, it is rolled back, and a switch that would set the same values again is held for --revert-hold,"
        + " as the audit log tells, also after the watch is started again. A status line per period, with the"
        + " p99 the servers counted.",
        "Stops after --periods, or on Ctrl-C, which waits for a change under way to finish, so that the cluster"
            + " and the audit log agree."})
final class TuneWatchCommand implements Callable<Integer> {
  @ParentCommand
  TuneCommand parent;

  @Spec
  CommandSpec spec;

  @Option(names = "--table", paramLabel = "T",
      description = "Watch and configure this table (and the servers); default: the user tables together and the"
          + " servers alone.")
  String table;

  @DurationRange(min = "1s", max = "1h")
  @Option(names = "--period", paramLabel = "DURATION", defaultValue = "30s", converter = DurationArgument.Seconds.class,
      description = "Length of each window; a number alone is seconds (1s to 1h; default: ${DEFAULT-VALUE}).")
  DurationArgument period;

  @Range(min = 1, max = 100)
  @Option(names = "--hold", paramLabel = "N", defaultValue = "3",
      description = "Periods in a row a new class must hold before its policy is applied, so that a blip changes"
          + " nothing (1 to 100; default: ${DEFAULT-VALUE}).")
  int hold;

  @Range(min = 0, max = 1_000_000)
  @Option(names = "--periods", paramLabel = "N", defaultValue = "0",
      description = "Stop after N periods (0 to 1,000,000; default: ${DEFAULT-VALUE}, until Ctrl-C).")
  int periods;

  @Range(min = 0, max = 100)
  @Option(names = "--trial-periods", paramLabel = "N", defaultValue = "3",
      description = {"Periods after each switch over which it is judged against the --hold periods before it (the"
          + " same class under the old settings), after one more period of warm-up where the switch reopened"
          + " regions: the switch stays only if its throughput, the cost of a switch taken online included, is no"
          + " lower than before beyond the noise of those periods (at least 3%%), and its p99 is no higher"
          + " beyond theirs (at least 25%%, plus 1 ms); otherwise it is rolled back."
          + " Each verdict is in the audit log with its figures. 0: keep every switch unjudged, as the PCM paper's"
          + " loop does (0 to 100; default: ${DEFAULT-VALUE})."})
  int trialPeriods;

  @DurationRange(min = "0s", max = "7d")
  @Option(names = "--revert-hold", paramLabel = "DURATION", defaultValue = "30m",
      converter = DurationArgument.Seconds.class,
      description = "After a switch is rolled back, a switch of its class that would set the same values is not made"
          + " for this long (its apply and its revert would each reopen the regions or move the heap for nothing),"
          + " as the audit log (--audit) tells, also to a watch started again; a number alone is seconds (0s to 7d;"
          + " default: ${DEFAULT-VALUE}).")
  DurationArgument revertHold;

  @Option(names = "--dry-run", description = "Say what each switch would change, and change nothing.")
  boolean dryRun;

  @Option(names = "--restarts",
      description = {"Also change what takes a RegionServer restart (the heap, settings read at start) by a rolling"
          + " restart, with --data. Without it, a switch changes only what HBase changes online (table and family"
          + " values, update_config, the heap tuner's fractions) and audits the rest as planned, for 'tune apply'."})
  boolean restarts;

  @Mixin
  TunePolicyFiles policyFiles;

  @Mixin
  TuneExecutionTarget target;

  @Mixin
  TuneSplitKeys splitKeys;

  @Override
  public Integer call() throws Exception {
    Optional<SplitKeys> keys = splitKeys.keys();
    Path conf = TuneCommand.requireConf(parent, "tune watch");
    Map<WorkloadClass, Policy> policies = policyFiles.policies();
    AuditLog audit = target.auditLog(conf);
    PrintWriter out = spec.commandLine().getOut();
    try (Connection connection = TuneCommand.connect(conf)) {
      if (table != null) {
        TuneCommand.requireTable(connection, table);
      }
      WorkloadWatcher watcher = new WorkloadWatcher(connection, new PolicyExecutor(connection, audit,
          target.serverControl(), restarts, keys), policies, Optional.ofNullable(table).map(TableName::valueOf),
          new ClassTracker(hold), dryRun, new WorkloadWatcher.Trials(trialPeriods,
              revertHold.duration()));
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
        table == null ? "the user tables" : table, period.seconds(), hold, dryRun ? " (dry run)"
            : trialPeriods == 0 ? "; every switch kept" : "; each switch judged over the " + trialPeriods
                + " periods after it");
    out.flush();
    for (int period = 1; periods == 0 || period <= periods; period++) {
      WorkloadWatcher.Period watched = watcher.watch(this.period.duration(),
          ProgressLines.to(out, "  "));
      out.println(statusLine(period, watched, watcher.inForce()));
      watched.judgments().forEach(judgment -> {
        out.println("  " + judgment.text());
        if (!judgment.reverted().isEmpty()) {
          out.print(AuditTable.render(judgment.reverted()));
        }
      });
      if (watched.switchedTo().isPresent() && !watched.applied().isEmpty()) {
        out.print(AuditTable.render(watched.applied()));
      }
      out.flush();
    }
  }

  private static String statusLine(int period, WorkloadWatcher.Period watched, Optional<WorkloadClass> inForce) {
    String seen = watched.notRead().map(why -> "not read, skipped (" + why + ")").orElseGet(() ->
        watched.workload() == null ? "idle" : String.format("%s (%s, %,.0f ops/s%s)",
            watched.observed().label(), watched.workload().classification().reason(),
            watched.workload().operationsPerSecond(), watched.workload().latencies().p99Millis().stream()
                .mapToObj(p99 -> ", p99 " + p99 + " ms").findFirst().orElse("")));
    String policy = watched.switchedTo().map(c -> "switched to the " + c.label() + " policy")
        .orElse("policy in force: " + inForce.map(WorkloadClass::label).orElse("none yet"));
    return String.format("%s period %d: %s; %s", java.time.LocalTime.now().withNano(0), period, seen, policy);
  }
}

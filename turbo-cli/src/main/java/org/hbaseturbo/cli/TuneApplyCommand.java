package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.client.MajorCompaction;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.AuditLog;
import org.hbaseturbo.tune.HeapTuner;
import org.hbaseturbo.tune.PolicyExecutor;
import org.hbaseturbo.tune.Recommendation;
import org.hbaseturbo.tune.Recommender;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.Route;
import org.hbaseturbo.tune.split.SplitKeys;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo tune apply}: makes the recommended changes, each in the audit log. */
@Command(name = "apply", mixinStandardHelpOptions = true,
    description = {"Apply what 'tune recommend' shows, the way each setting reaches the servers: table and family"
        + " values with one table modification (its regions reopen, flushing; under a read-only class, which writes"
        + " no file, they take the values when they next open). Where --data names the Turbo"
        + " process cluster, RegionServer settings change online where HBase allows (update_config, and the heap"
        + " tuner for the memstore and block cache fractions), the rest and the heap by a rolling restart;"
        + " elsewhere they are written as a plan (hbase-site.xml properties, and update_config or a restart) for"
        + " the operator. A policy's pre-split (BL's) splits an empty --table at the quantiles of the keys it will"
        + " hold (--key-format or --key-sample) and spreads its regions over the RegionServers; a table with data is"
        + " refused, and without keys the pre-split is not applied. With --compact, the table's files are then"
        + " rewritten with the policy's block size, encoding and compression.",
        "Every change, applied, planned or refused, goes to the audit log; 'tune rollback' restores the last apply,"
            + " but keeps a pre-split: splits are not undone."})
final class TuneApplyCommand implements Callable<Integer> {
  @ParentCommand
  TuneCommand parent;

  @Spec
  CommandSpec spec;

  @Mixin
  TunePolicyChoice choice;

  @Mixin
  TuneExecutionTarget target;

  @Mixin
  TuneSplitKeys splitKeys;

  @Option(names = "--dry-run", description = "Say what would change, and change nothing.")
  boolean dryRun;

  @Option(names = "--compact", description = "Then, where the policy sets a value files are written with (block size,"
      + " encoding, compression), whether this apply changes it or the table had it already, rewrite --table's"
      + " files with it: its regions reopen (under a read-only class too) and a major compaction rewrites every store"
      + " file, waited for at most --compact-timeout (it goes on after). A block size, encoding or compression"
      + " reaches a file only when the file is written, so without this a read-only table reads its old blocks until"
      + " its next major compaction; a major compaction alone does not do, as a region that did not reopen writes"
      + " with the values it opened with. A disabled table, or one whose compactions are disabled, is refused.")
  boolean compact;

  /** Tens of gigabytes a RegionServer compact within the default. */
  @DurationRange(min = "1m", max = "7d")
  @Option(names = "--compact-timeout", paramLabel = "DURATION", defaultValue = "30m",
      converter = DurationArgument.Minutes.class, description = "With --compact: how long to wait for the major"
          + " compaction before giving up; it goes on in the background; a number alone is minutes (1m to 7d;"
          + " default: ${DEFAULT-VALUE}).")
  DurationArgument compactTimeout;

  @Override
  public Integer call() throws Exception {
    Optional<SplitKeys> keys = splitKeys.keys();
    if (compact && choice.table == null) {
      throw new InvalidInputException("--compact rewrites a table's files: give the table with --table");
    }
    if (!compact && spec.commandLine().getParseResult().hasMatchedOption("--compact-timeout")) {
      throw new InvalidInputException("--compact-timeout is how long --compact waits: give --compact too");
    }
    Path conf = TuneCommand.requireConf(parent, "tune apply");
    Map<WorkloadClass, Policy> policies = choice.policies();
    AuditLog audit = target.auditLog(conf);
    PrintWriter out = spec.commandLine().getOut();
    try (Connection connection = TuneCommand.connect(conf)) {
      if (compact) {
        requireCompactable(connection, choice.table);
      }
      Optional<Recommendation> recommendation = choice.recommend(connection, policies, out);
      if (recommendation.isEmpty()) {
        return 0;
      }
      PolicyExecutor executor = new PolicyExecutor(connection, audit, target.serverControl(), true, keys);
      List<AuditLog.Entry> entries = (compact ? executor.reopeningRegions() : executor).apply(recommendation.get(),
          dryRun, ProgressLines.to(out));
      out.print(AuditTable.render(entries));
      List<AuditLog.Entry> planned = entries.stream().filter(entry -> entry.status() == AuditLog.Status.PLANNED)
          .toList();
      if (!planned.isEmpty()) {
        out.print(renderPlan(planned));
      }
      if (!dryRun && !entries.isEmpty()) {
        out.println("audit log: " + audit.file().toAbsolutePath());
      }
      if (compact) {
        rewriteFiles(connection, TableName.valueOf(choice.table), recommendation.get(), entries, out);
      }
      out.flush();
    }
    return 0;
  }

  /**
   * Refuses {@code --compact}, before anything changes, for a table that is disabled (it has no open region to flush
   * or compact) or whose descriptor disables compactions.
   */
  private static void requireCompactable(Connection connection, String table) throws IOException {
    TuneCommand.requireTable(connection, table);
    try (Admin admin = connection.getAdmin()) {
      if (admin.isTableDisabled(TableName.valueOf(table))) {
        throw new InvalidInputException("--compact: table '" + table + "' is disabled, so its files cannot be"
            + " rewritten; enable it (HBase shell: enable '" + table + "') or leave out --compact. Nothing was"
            + " modified");
      }
      MajorCompaction.cannotRewrite(admin.getDescriptor(TableName.valueOf(table))).ifPresent(why -> {
        throw new InvalidInputException("--compact: " + why + " or leave out --compact. Nothing was modified");
      });
    }
  }

  /**
   * The table's files, rewritten with the values files are written with (block size, encoding, compression) that
   * the policy gives it: where this apply changed them (its regions reopened), and where the table had them already,
   * as an earlier apply under a read-only class leaves them, the regions not reopened and the files older: then the
   * regions reopen first, since a region writes its files with the values it opened with.
   */
  private void rewriteFiles(Connection connection, TableName table, Recommendation recommendation,
      List<AuditLog.Entry> entries, PrintWriter out) throws IOException {
    boolean changedNow = PolicyExecutor.changedFileValues(entries);
    boolean hadThem = recommendation.unchanged().stream().anyMatch(change -> change.route() == Route.FAMILY);
    if (!changedNow && !hadThem) {
      out.println("--compact: the policy sets no value files are written with (block size, encoding, compression),"
          + " so the files of " + table + " stay as they are");
      return;
    }
    String had = table + " had the policy's file values before this apply, and its files may predate them";
    if (dryRun) {
      out.println("--compact: would " + (changedNow ? "" : "reopen the regions of " + table + " (" + had + ") and ")
          + "major-compact " + table + ", rewriting its files with these values");
      return;
    }
    try (Admin admin = connection.getAdmin()) {
      if (!changedNow) {
        out.println("--compact: " + had + ": reopening its regions");
        out.flush();
        admin.modifyTable(admin.getDescriptor(table));
      }
      out.println("rewriting the files of " + table + " with the policy's values: major compaction requested");
      out.flush();
      double seconds = MajorCompaction.flushAndAwait(admin, table, compactTimeout.duration(),
          ProgressLines.to(out, "  "));
      out.printf("major compaction of %s done in %.1f s: every region's files rewritten with the policy's values%n",
          table, seconds);
    } catch (MajorCompaction.TimedOut e) {
      throw e.compacting() ? new IOException(e.getMessage() + "; give a longer --compact-timeout to wait for it", e)
          : e;
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

}

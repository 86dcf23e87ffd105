package org.hbaseturbo.tune;

import static org.hbaseturbo.tune.ChangeHistory.APPLY;
import static org.hbaseturbo.tune.ChangeHistory.ROLLBACK;
import static org.hbaseturbo.tune.ChangeHistory.TRIAL;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.cluster.ServerControl;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.hbaseturbo.tune.policy.Route;
import org.hbaseturbo.tune.split.SplitKeys;
import org.hbaseturbo.wire.PcmMarks;

/**
 * Applies a recommendation, and rolls the last one back, the way each setting reaches the servers: table and family
 * values with one {@code modifyTable}, whose regions reopen to take them unless the class is read-only (see
 * {@link #apply}); the RegionServers' settings and heap by
 * update_config, the heap tuner or a rolling restart where Turbo runs the cluster ({@link ServerControl}), else as a
 * plan for the operator; and the pre-split a policy asks for, on an empty table only ({@link PreSplit}).
 *
 * <p>Each step is in the {@link AuditLog} before it is taken ({@link AuditLog.Status#PENDING}) and again once it is
 * over ({@link AuditLog.Status#APPLIED} or {@link AuditLog.Status#FAILED}): whatever fails, or wherever the process
 * dies, rollback finds every value that may have changed and restores it. Restoring a value that never changed
 * changes nothing, so rollback restores the values of failed and pending steps too, and may be run again after it
 * failed itself. Rollback keeps a pre-split ({@link AuditLog.Status#KEPT}): splits cannot be undone safely in general.
 */
public final class PolicyExecutor {
  private final TableDescriptors tables;
  private final PreSplit preSplit;
  private final AuditLog audit;
  private final Optional<ServerControl> servers;
  private final boolean restarts;
  /** Whether the table's regions reopen for its values under a read-only class too. */
  private final boolean reopenReadOnly;

  /**
   * @param servers how to change the RegionServers' settings; empty where Turbo does not run them
   * @param restarts whether settings a RegionServer reads only at start, and the heap, may change by restarting
   *     the servers; without, they are audited as planned and left to the operator
   */
  public PolicyExecutor(Connection connection, AuditLog audit, Optional<ServerControl> servers, boolean restarts) {
    this(connection, audit, servers, restarts, Optional.empty());
  }

  /**
   * @param splitKeys the keys an empty table will hold, where to pre-split it as its policy asks; without, the
   *     pre-split is not applied
   */
  public PolicyExecutor(Connection connection, AuditLog audit, Optional<ServerControl> servers, boolean restarts,
      Optional<SplitKeys> splitKeys) {
    this(TableDescriptors.of(connection), new PreSplit(TableSplits.of(connection), splitKeys), audit, servers,
        restarts, false);
  }

  PolicyExecutor(TableDescriptors tables, PreSplit preSplit, AuditLog audit, Optional<ServerControl> servers,
      boolean restarts) {
    this(tables, preSplit, audit, servers, restarts, false);
  }

  private PolicyExecutor(TableDescriptors tables, PreSplit preSplit, AuditLog audit, Optional<ServerControl> servers,
      boolean restarts, boolean reopenReadOnly) {
    this.tables = tables;
    this.preSplit = preSplit;
    this.audit = audit;
    this.servers = servers;
    this.restarts = restarts;
    this.reopenReadOnly = reopenReadOnly;
  }

  /**
   * Whether an apply that returned {@code entries} changed a value the table's files are written with (a family's
   * block size, encoding or compression), or in a dry run would have: only then do its files differ from what it
   * would write now. A table value (a flush size, a split policy) governs no file's contents.
   */
  public static boolean changedFileValues(List<AuditLog.Entry> entries) {
    return entries.stream().anyMatch(entry -> entry.route() == Route.FAMILY
        && (entry.status() == AuditLog.Status.APPLIED || entry.status() == AuditLog.Status.DRY_RUN));
  }

  /** This executor, pre-splitting an empty table at the quantiles of {@code splitKeys}, the keys it will hold. */
  public PolicyExecutor withSplitKeys(SplitKeys splitKeys) {
    return new PolicyExecutor(tables, preSplit.withKeys(splitKeys), audit, servers, restarts, reopenReadOnly);
  }

  /**
   * This executor, its applies reopening a table's regions under a read-only class too: for a major compaction to
   * follow ({@code tune apply --compact}), since a region writes its files with the values it opened with.
   */
  public PolicyExecutor reopeningRegions() {
    return new PolicyExecutor(tables, preSplit, audit, servers, restarts, true);
  }

  /**
   * Applies {@code recommendation}'s changes, or with {@code dryRun} only says what it would do. The table's regions
   * reopen to take its table and family values, except for a read-only class (unless {@link #reopeningRegions}): its
   * regions take them when they next open. A rollback always reopens them; a trial's revert does as the apply did.
   *
   * @return what was done, planned or (dry run) would be done, as written to the audit log last
   * @throws IOException when a step failed: the log has it as failed, the steps before it as applied, and no step
   *     after it was begun. A pre-split refused because the table is not empty is no failure: it is audited as
   *     {@link AuditLog.Status#REFUSED} and the steps after it are taken.
   */
  public List<AuditLog.Entry> apply(Recommendation recommendation, boolean dryRun, Consumer<String> progress)
      throws IOException {
    Applying run = new Applying(UUID.randomUUID().toString(), recommendation.workloadClass().label(), dryRun,
        progress);
    Map<PolicySetting, String> tableChanges = new LinkedHashMap<>();
    List<Recommendation.Change> serverRows = new ArrayList<>();
    Optional<Recommendation.Change> split = Optional.empty();
    for (Recommendation.Change row : recommendation.changes()) {
      if (row.route() == Route.PRESPLIT) {
        split = Optional.of(row);
      } else if (row.route().ofTable()) {
        tableChanges.put(PolicySetting.byKey(row.setting()).orElseThrow(), row.recommended());
      } else {
        serverRows.add(row);
      }
    }
    List<AuditLog.Entry> entries = new ArrayList<>();
    if (!tableChanges.isEmpty()) {
      entries.addAll(applyToTable(run, recommendation, tableChanges));
    }
    if (split.isPresent()) {
      // After the table's values: a split policy the policy replaces no longer refuses the splits.
      entries.addAll(preSplit(run.change(), run.workloadClass(), recommendation, split.get(), dryRun, progress));
    }
    if (!serverRows.isEmpty()) {
      entries.addAll(applyToServers(run, serverRows));
    }
    return entries;
  }

  /**
   * One apply's own: its change id and class, for every entry it audits, whether it is a dry run, and where its
   * progress goes.
   */
  private record Applying(String change, String workloadClass, boolean dryRun, Consumer<String> progress) {
    /** The status of a step before it is taken, or of every step of a dry run. */
    AuditLog.Status pending() {
      return dryRun ? AuditLog.Status.DRY_RUN : AuditLog.Status.PENDING;
    }

    AuditLog.Entry entry(AuditLog.Target target, String key, String oldValue, String newValue, Route route,
        AuditLog.Status status) {
      return PolicyExecutor.entry(change, APPLY, workloadClass, target, key, oldValue, newValue, route, status);
    }
  }

  /** The table's and its families' values, with one modification of the table. */
  private List<AuditLog.Entry> applyToTable(Applying run, Recommendation recommendation,
      Map<PolicySetting, String> changes) throws IOException {
    TableName table = TableName.valueOf(recommendation.table());
    TableDescriptor current = tables.get(table);
    TableDescriptor changed = PolicySetting.withValues(current, changes);
    List<AuditLog.Entry> values = new ArrayList<>();
    for (Map.Entry<PolicySetting, String> value : changes.entrySet()) {
      PolicySetting setting = value.getKey();
      String key = setting.descriptorKey();
      if (setting.route() == Route.FAMILY) {
        for (ColumnFamilyDescriptor family : current.getColumnFamilies()) {
          values.add(run.entry(AuditLog.Target.family(table, family.getNameAsString()), key, family.getValue(key),
              value.getValue(), setting.route(), run.pending()));
        }
      } else {
        values.add(run.entry(AuditLog.Target.table(table), key, current.getValue(key), value.getValue(),
            setting.route(), run.pending()));
      }
    }
    // A table or family value governs what regions write and how they grow: block size and encoding of the files
    // flushed and compacted, flush size, split policy. A read-only class writes no file and grows no region, so
    // reopening the regions for it would cost each its memstore and its readers a pause (measured in bench pcm's
    // adaptivity run), and buy nothing: they take the values when they next open.
    return run.dryRun() ? values : make(values, () -> modify("modifying", changed, recommendation.workloadClass(),
        run.progress()));
  }

  /**
   * The RegionServers' settings: those this executor may change, changed as one step; those that need a restart it
   * may not do, or servers it cannot reach, audited as planned. The entries come in the recommendation's order, as
   * the plan is read, each change made replaced by its outcome.
   */
  private List<AuditLog.Entry> applyToServers(Applying run, List<Recommendation.Change> rows) throws IOException {
    List<Recommendation.Change> deferred = restarts ? List.of()
        : rows.stream().filter(PolicyExecutor::needsRestart).toList();
    List<AuditLog.Entry> inOrder = new ArrayList<>();
    List<AuditLog.Entry> planned = new ArrayList<>();
    List<ServerStep> toMake = new ArrayList<>();
    for (Recommendation.Change row : rows) {
      boolean plan = !run.dryRun() && (deferred.contains(row) || servers.isEmpty());
      AuditLog.Entry entry = run.entry(AuditLog.Target.SERVERS, row.setting(), row.current(), row.recommended(),
          row.route(), plan ? AuditLog.Status.PLANNED : run.pending());
      inOrder.add(entry);
      if (plan) {
        planned.add(entry);
      } else {
        toMake.add(new ServerStep(row, entry));
      }
    }
    if (run.dryRun()) {
      return inOrder;
    }
    if (!deferred.isEmpty()) {
      run.progress().accept("planned, not applied: " + deferred.stream().map(Recommendation.Change::setting)
          .toList() + " take a RegionServer restart, which this run may not do");
    }
    if (!planned.isEmpty()) {
      audit.append(planned);
    }
    Map<String, AuditLog.Entry> outcomes = new LinkedHashMap<>();
    if (!toMake.isEmpty()) {
      PcmMarks marks = PcmMarks.applied(run.workloadClass(), run.change());
      make(toMake.stream().map(ServerStep::entry).toList(), () -> changeServers(toMake.stream()
          .map(ServerStep::row).toList(), marks, run.progress())).forEach(entry -> outcomes.put(entry.key(), entry));
    }
    return inOrder.stream().map(entry -> outcomes.getOrDefault(entry.key(), entry)).toList();
  }

  /** A RegionServer setting this apply changes, and its audit entry. */
  private record ServerStep(Recommendation.Change row, AuditLog.Entry entry) {
  }

  /**
   * Splits the empty table at the points its keys give, audited as one step; refuses, audited, a table with data.
   */
  private List<AuditLog.Entry> preSplit(String change, String workloadClass, Recommendation recommendation,
      Recommendation.Change row, boolean dryRun, Consumer<String> progress) throws IOException {
    int regions = recommendation.presplitRegions();
    if (!preSplit.hasKeys()) {
      progress.accept("not applied: " + row.setting() + " to " + regions + " regions needs the keys the table will"
          + " hold: give --key-format (YCSB's keys) or --key-sample FILE (sample keys, one a line)");
      return List.of();
    }
    TableName table = TableName.valueOf(recommendation.table());
    AuditLog.Target target = AuditLog.Target.table(table);
    Optional<String> refusal = preSplit.refusal(table);
    if (refusal.isPresent()) {
      progress.accept("refused: " + row.setting() + " of table " + table + ": " + refusal.get());
      AuditLog.Entry refused = entry(change, APPLY, workloadClass, target, row.setting(), row.current(),
          regions + " regions", Route.PRESPLIT, AuditLog.Status.REFUSED)
          .withStatus(now(), AuditLog.Status.REFUSED, refusal.get());
      if (!dryRun) {
        audit.append(List.of(refused));
      }
      return List.of(refused);
    }
    List<byte[]> points = preSplit.points(regions);
    AuditLog.Entry pending = entry(change, APPLY, workloadClass, target, row.setting(), "1 region",
        (points.size() + 1) + " regions", Route.PRESPLIT, dryRun ? AuditLog.Status.DRY_RUN : AuditLog.Status.PENDING);
    progress.accept((dryRun ? "would pre-split" : "pre-splitting") + " table " + table + " into "
        + (points.size() + 1) + " regions at the quantiles of " + preSplit.keysDescribed()
        + (points.size() + 1 < regions ? " (they give only " + points.size() + " distinct split points)" : "")
        + ": " + points.stream().map(Bytes::toStringBinary).toList());
    return dryRun ? List.of(pending) : make(List.of(pending), () -> preSplit.take(table, points, progress));
  }

  /**
   * Restores what the last apply that is not rolled back yet changed or may have changed, the same way it was
   * changed.
   *
   * @return what was restored, as written to the audit log; empty when there is nothing to roll back
   * @throws IOException when a step failed (the log has it as failed; rollback may be run again)
   */
  public List<AuditLog.Entry> rollback(Consumer<String> progress) throws IOException {
    ChangeHistory history = new ChangeHistory(audit.latest());
    Optional<String> last = history.lastToUndo();
    return last.isEmpty() ? List.of() : rollback(history, last.get(), null, progress);
  }

  /**
   * Rolls {@code change} back, as {@link #rollback} would, when it is the newest apply not rolled back yet; under a
   * workload of class {@code running}, which decides whether the table's regions reopen, as for an apply.
   *
   * @throws IOException when another apply is newer (rolling back the older one under it would leave the newer
   *     one's values mixed with restored ones), or a step failed
   */
  List<AuditLog.Entry> revert(String change, WorkloadClass running, Consumer<String> progress) throws IOException {
    ChangeHistory history = new ChangeHistory(audit.latest());
    Optional<String> last = history.lastToUndo();
    if (!last.equals(Optional.of(change))) {
      throw new IOException("change " + change + " is not the newest one to undo in " + audit.file() + " (that is "
          + last.orElse("none") + "); 'tune rollback' undoes the newest first");
    }
    return rollback(history, change, running, progress);
  }

  /**
   * The newest trial of the recommendation's class judged reverted since {@code since} whose values the
   * recommendation would all set again ({@link ChangeHistory#revertedAlike}); empty when there is none.
   */
  Optional<AuditLog.Entry> revertedAlike(Recommendation recommendation, Instant since) throws IOException {
    Map<String, String> targets = new HashMap<>();
    recommendation.unchanged().forEach(row -> targets.put(row.setting(), row.recommended()));
    recommendation.changes().forEach(row -> targets.put(row.setting(), row.recommended()));
    return new ChangeHistory(audit.latest()).revertedAlike(recommendation.workloadClass().label(), targets, since);
  }

  /** Audits a judgment of {@code change} (action "trial"). */
  AuditLog.Entry judge(String change, WorkloadClass workloadClass, AuditLog.Target target, String baseline,
      String trial, AuditLog.Status status, String detail) throws IOException {
    AuditLog.Entry entry = new AuditLog.Entry(now(), change, TRIAL, workloadClass.label(), target, "throughput",
        baseline, trial, null, status, by(), detail);
    audit.append(List.of(entry));
    return entry;
  }

  /**
   * @param running the class of the workload it runs under, if known; else (null) the table's regions reopen, as
   *     under any workload they must
   */
  private List<AuditLog.Entry> rollback(ChangeHistory history, String last, WorkloadClass running,
      Consumer<String> progress) throws IOException {
    Map<TableName, List<AuditLog.Entry>> byTable = new LinkedHashMap<>();
    List<AuditLog.Entry> serverEntries = new ArrayList<>();
    List<Recommendation.Change> serverRows = new ArrayList<>();
    List<AuditLog.Entry> kept = new ArrayList<>();
    List<AuditLog.Entry> toRestore = history.toRestore(last);
    // Servers that held different values before the apply (a heap tuner moving their fractions) have no one value to
    // go back to; a heap fraction goes back with its partner or not at all, the two paired within HBase's bound. A
    // table's and a family's old values are the descriptor's own, never mixed.
    Optional<String> heapMixed = toRestore.stream().filter(entry -> Recommender.isHeapFraction(entry.key()))
        .map(AuditLog.Entry::oldValue).filter(PolicyExecutor::isMixed).findFirst();
    for (AuditLog.Entry entry : toRestore) {
      if (entry.route() == Route.PRESPLIT) {
        kept.add(kept(entry, PreSplit.KEPT));
        continue;
      }
      if (entry.target().scope() == AuditLog.Scope.SERVERS
          && (isMixed(entry.oldValue()) || (heapMixed.isPresent() && Recommender.isHeapFraction(entry.key())))) {
        kept.add(kept(entry, "the RegionServers held different values before the apply ("
            + (isMixed(entry.oldValue()) ? entry.oldValue() : "its heap fractions: " + heapMixed.get())
            + "), which no one value restores: left at the apply's"));
        continue;
      }
      AuditLog.Entry undo = entry(entry.change(), ROLLBACK, entry.workloadClass(), entry.target(), entry.key(),
          entry.newValue(), entry.oldValue(), entry.route(), AuditLog.Status.PENDING);
      if (entry.target().scope() == AuditLog.Scope.SERVERS) {
        String old = entry.oldValue() != null || entry.key().equals(Recommender.HEAP) ? entry.oldValue()
            : PolicySetting.byKey(entry.key()).orElseThrow().hbaseDefault();
        serverRows.add(new Recommendation.Change(entry.key(), entry.newValue(), old, entry.route()));
        serverEntries.add(undo);
      } else {
        byTable.computeIfAbsent(entry.target().tableName(), table -> new ArrayList<>()).add(undo);
      }
    }
    if (!serverRows.isEmpty() && servers.isEmpty()) {
      throw new IOException("the last apply changed RegionServers that this command cannot reach: give --data of"
          + " the process cluster it ran on");
    }
    List<AuditLog.Entry> entries = new ArrayList<>();
    if (!kept.isEmpty()) {
      kept.forEach(entry -> progress.accept("kept: the " + entry.key() + " of " + entry.target() + ": "
          + entry.detail()));
      audit.append(kept);
      entries.addAll(kept);
    }
    for (Map.Entry<TableName, List<AuditLog.Entry>> table : byTable.entrySet()) {
      entries.addAll(make(table.getValue(), () -> modify("restoring", restored(tables.get(table.getKey()),
          table.getValue()), running, progress)));
    }
    if (!serverRows.isEmpty()) {
      PcmMarks marks = PcmMarks.rolledBack(history.classInForceBefore(last), last);
      entries.addAll(make(serverEntries, () -> changeServers(serverRows, marks, progress)));
    }
    return entries;
  }

  /** {@code entry} left as its apply made it by a rollback, for {@code why}. */
  private static AuditLog.Entry kept(AuditLog.Entry entry, String why) {
    return entry(entry.change(), ROLLBACK, entry.workloadClass(), entry.target(), entry.key(), entry.newValue(),
        entry.newValue(), entry.route(), AuditLog.Status.KEPT).withStatus(now(), AuditLog.Status.KEPT, why);
  }

  /** Whether {@code value} is the servers' values where they differ, as {@link Recommender} reads them. */
  private static boolean isMixed(String value) {
    return value != null && value.startsWith(Recommender.MIXED);
  }

  /**
   * Gives a table {@code descriptor}'s values. A table or family value governs what regions write and how they grow:
   * block size and encoding of the files flushed and compacted, flush size, split policy. A read-only workload
   * writes no file and grows no region, so reopening the regions under it would cost each its memstore and its
   * readers a pause (measured in bench pcm's adaptivity run), and buy nothing: they take the values when they next
   * open.
   *
   * @param running the class of the workload the change is made under; null when not known, and the regions reopen
   */
  private void modify(String verb, TableDescriptor descriptor, WorkloadClass running, Consumer<String> progress)
      throws IOException {
    boolean reopen = running == null || !running.readOnly() || reopenReadOnly;
    progress.accept(verb + " table " + descriptor.getTableName() + (reopen
        ? " (its regions reopen, flushing their memstores)"
        : " without reopening its regions: a read-only workload writes no file, and each region takes the values"
            + " when it next opens"));
    tables.modify(descriptor, reopen);
  }

  /** One step that changes something. */
  private interface Step {
    void take() throws IOException;
  }

  /**
   * Takes {@code step}, audited ahead as {@code pending} and after as applied or failed.
   *
   * @return the entries as applied
   */
  private List<AuditLog.Entry> make(List<AuditLog.Entry> pending, Step step) throws IOException {
    audit.append(pending);
    try {
      step.take();
    } catch (IOException | RuntimeException e) {
      String time = now();
      audit.append(pending.stream().map(entry -> entry.withStatus(time, AuditLog.Status.FAILED, String.valueOf(
          e.getMessage()))).toList());
      throw e;
    }
    String time = now();
    List<AuditLog.Entry> applied = pending.stream().map(entry -> entry.withStatus(time, AuditLog.Status.APPLIED, null))
        .toList();
    audit.append(applied);
    return applied;
  }

  /** {@code current} with the values {@code undo} restores: a null value removes the key. */
  private static TableDescriptor restored(TableDescriptor current, List<AuditLog.Entry> undo) {
    TableDescriptorBuilder builder = TableDescriptorBuilder.newBuilder(current);
    Map<String, ColumnFamilyDescriptorBuilder> families = new LinkedHashMap<>();
    for (AuditLog.Entry entry : undo) {
      if (entry.target().scope() == AuditLog.Scope.FAMILY) {
        // A null value removes the key from a family descriptor.
        families.computeIfAbsent(entry.target().family(), family -> ColumnFamilyDescriptorBuilder.newBuilder(
            current.getColumnFamily(Bytes.toBytes(family)))).setValue(entry.key(), entry.newValue());
      } else if (entry.newValue() == null) {
        builder.removeValue(entry.key());
      } else {
        builder.setValue(entry.key(), entry.newValue());
      }
    }
    families.values().forEach(family -> builder.modifyColumnFamily(family.build()));
    return builder.build();
  }

  /**
   * Gives each row's setting its recommended value (for a rollback, the old one): online what can be (update_config
   * keys, and heap fractions as targets of the heap tuner), then one rolling restart for the rest and the heap; the
   * restart keeps what the update set.
   *
   * <p>{@code marks} say which change this is, for the servers' metrics; they go with the change's own settings, in
   * the update or else the restart, so that they never cost a round of their own.
   */
  private void changeServers(List<Recommendation.Change> rows, PcmMarks marks, Consumer<String> progress)
      throws IOException {
    Map<String, String> online = new LinkedHashMap<>();
    Map<String, String> restart = new LinkedHashMap<>();
    Optional<String> heap = Optional.empty();
    for (Recommendation.Change row : rows) {
      String value = row.recommended();
      if (row.setting().equals(Recommender.HEAP)) {
        heap = Optional.of(value);
      } else if (row.route() == Route.UPDATE_CONFIG) {
        online.put(row.setting(), value);
      } else if (row.route() == Route.HEAP_TUNER) {
        online.put(HeapTuner.targetKey(row.setting()), value);
        // Also what a restarted server starts with.
        online.put(row.setting(), value);
      } else {
        restart.put(row.setting(), value);
      }
    }
    boolean updates = !online.isEmpty();
    if (updates) {
      online.putAll(marks.settings());
      progress.accept("update_config on every RegionServer with " + online);
      servers.orElseThrow().update(online, progress);
    }
    if (!restart.isEmpty() || heap.isPresent()) {
      if (!updates) {
        restart.putAll(marks.settings());
      }
      progress.accept("restarting the RegionServers with " + restart
          + heap.map(size -> " and a heap of " + size).orElse(""));
      // One at a time: the cluster being tuned serves its clients meanwhile, and a rolling restart keeps every
      // region online.
      servers.orElseThrow().restart(ServerControl.Restart.ROLLING, restart, heap, progress);
    }
  }

  /** Settings a RegionServer reads only when it starts, and its heap. */
  private static boolean needsRestart(Recommendation.Change row) {
    return row.setting().equals(Recommender.HEAP) || row.route() == Route.RESTART;
  }

  private static AuditLog.Entry entry(String change, String action, String workloadClass, AuditLog.Target target,
      String key, String oldValue, String newValue, Route route, AuditLog.Status status) {
    return new AuditLog.Entry(now(), change, action, workloadClass, target, key, oldValue, newValue, route, status,
        by(), null);
  }

  private static String now() {
    return Instant.now().toString();
  }

  private static String by() {
    try {
      User user = User.getCurrent();
      return user == null ? System.getProperty("user.name") : user.getName();
    } catch (IOException e) {
      return System.getProperty("user.name");
    }
  }
}

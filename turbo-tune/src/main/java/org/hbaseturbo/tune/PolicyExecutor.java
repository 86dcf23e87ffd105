package org.hbaseturbo.tune;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
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

/**
 * Applies a recommendation, and rolls the last one back, the way each setting reaches the servers: table and family
 * values with one {@code modifyTable} (the table's regions reopen); the RegionServers' settings and heap by
 * update_config, the heap tuner or a rolling restart where Turbo runs the cluster ({@link ServerControl}), else as a
 * plan for the operator. Every change goes to the {@link AuditLog}, which rollback reads back.
 */
public final class PolicyExecutor {
  static final String SERVERS = "RegionServers";

  private final Connection connection;
  private final AuditLog audit;
  private final Optional<ServerControl> servers;
  private final boolean restarts;

  /**
   * @param servers how to change the RegionServers' settings; empty where Turbo does not run them
   * @param restarts whether settings a RegionServer reads only at start, and the heap, may change by restarting
   *     the servers; without, they are audited as planned and left to the operator
   */
  public PolicyExecutor(Connection connection, AuditLog audit, Optional<ServerControl> servers, boolean restarts) {
    this.connection = connection;
    this.audit = audit;
    this.servers = servers;
    this.restarts = restarts;
  }

  /**
   * Applies {@code recommendation}'s changes, or with {@code dryRun} only says what it would do.
   *
   * @return what was done, planned or (dry run) would be done, as written to the audit log
   */
  public List<AuditLog.Entry> apply(Recommendation recommendation, boolean dryRun, Consumer<String> progress)
      throws IOException {
    String change = UUID.randomUUID().toString();
    String workloadClass = recommendation.workloadClass().label();
    List<AuditLog.Entry> entries = new ArrayList<>();
    Map<PolicySetting, String> tableChanges = new LinkedHashMap<>();
    List<Recommendation.Change> serverRows = new ArrayList<>();
    for (Recommendation.Change row : recommendation.changes()) {
      if (row.route() == Route.PRESPLIT) {
        progress.accept("not applied: " + row.setting() + " to " + row.recommended() + " happens when a table is"
            + " created (for YCSB: 'ycsb load --regions N' pre-splits on the keys' quantiles)");
      } else if (row.route() == Route.TABLE || row.route() == Route.FAMILY) {
        tableChanges.put(PolicySetting.byKey(row.setting()).orElseThrow(), row.recommended());
      } else {
        serverRows.add(row);
      }
    }
    if (!tableChanges.isEmpty()) {
      TableName table = TableName.valueOf(recommendation.table());
      String tableStatus = dryRun ? AuditLog.DRY_RUN : AuditLog.APPLIED;
      entries.addAll(changeTable(table, tableChanges, dryRun, progress).stream().map(value -> new AuditLog.Entry(
          now(), change, "apply", workloadClass, value.target(), value.key(), value.oldValue(), value.newValue(),
          value.setting().route(), tableStatus, by())).toList());
    }
    if (!serverRows.isEmpty()) {
      List<Recommendation.Change> deferred = restarts ? List.of()
          : serverRows.stream().filter(PolicyExecutor::needsRestart).toList();
      List<Recommendation.Change> made = serverRows.stream().filter(row -> !deferred.contains(row)).toList();
      String serverStatus = dryRun ? AuditLog.DRY_RUN : servers.isPresent() ? AuditLog.APPLIED : AuditLog.PLANNED;
      if (!dryRun && servers.isPresent() && !made.isEmpty()) {
        changeServers(made.stream().collect(LinkedHashMap::new, (values, row) -> values.put(row.setting(),
            row.recommended()), Map::putAll), made, progress);
      }
      if (!dryRun && !deferred.isEmpty()) {
        progress.accept("planned, not applied: " + deferred.stream().map(Recommendation.Change::setting).toList()
            + " take a RegionServer restart, which this run may not do");
      }
      for (Recommendation.Change row : serverRows) {
        String status = deferred.contains(row) && !dryRun ? AuditLog.PLANNED : serverStatus;
        entries.add(new AuditLog.Entry(now(), change, "apply", workloadClass, SERVERS, row.setting(), row.current(),
            row.recommended(), row.route(), status, by()));
      }
    }
    if (!dryRun && !entries.isEmpty()) {
      audit.append(entries);
    }
    return entries;
  }

  /**
   * Restores what the last apply that is not rolled back yet changed, the same way it was changed.
   *
   * @return what was restored, as written to the audit log; empty when there is nothing to roll back
   */
  public List<AuditLog.Entry> rollback(Consumer<String> progress) throws IOException {
    List<AuditLog.Entry> log = audit.read();
    Optional<String> last = lastAppliedChange(log);
    if (last.isEmpty()) {
      return List.of();
    }
    List<AuditLog.Entry> applied = log.stream().filter(entry -> entry.change().equals(last.get())
        && entry.action().equals("apply") && entry.status().equals(AuditLog.APPLIED)).toList();
    List<AuditLog.Entry> entries = new ArrayList<>();
    Map<String, Map<String, String>> tables = new LinkedHashMap<>();
    Map<String, String> serverValues = new LinkedHashMap<>();
    List<Recommendation.Change> serverRows = new ArrayList<>();
    for (AuditLog.Entry entry : applied) {
      if (entry.target().equals(SERVERS)) {
        String old = entry.oldValue() != null || entry.key().equals(Recommender.HEAP) ? entry.oldValue()
            : PolicySetting.byKey(entry.key()).orElseThrow().hbaseDefault();
        serverValues.put(entry.key(), old);
        serverRows.add(new Recommendation.Change(entry.key(), entry.newValue(), old, entry.route()));
      } else {
        tables.computeIfAbsent(entry.target(), target -> new LinkedHashMap<>()).put(entry.key(), entry.oldValue());
      }
      entries.add(new AuditLog.Entry(now(), entry.change(), "rollback", entry.workloadClass(), entry.target(),
          entry.key(), entry.newValue(), entry.oldValue(), entry.route(), AuditLog.APPLIED, by()));
    }
    restoreTables(tables, progress);
    if (!serverRows.isEmpty()) {
      if (servers.isEmpty()) {
        throw new IOException("the last apply changed RegionServers that this command cannot reach: give --data of"
            + " the process cluster it ran on");
      }
      changeServers(serverValues, serverRows, progress);
    }
    audit.append(entries);
    return entries;
  }

  /**
   * Online what can be (update_config keys, and heap fractions as targets of the heap tuner), then one rolling
   * restart for the rest and the heap; the restart keeps what the update set.
   */
  private void changeServers(Map<String, String> values, List<Recommendation.Change> rows,
      Consumer<String> progress) throws IOException {
    Map<String, String> online = new LinkedHashMap<>();
    Map<String, String> restart = new LinkedHashMap<>();
    Optional<String> heap = Optional.empty();
    for (Recommendation.Change row : rows) {
      String value = values.get(row.setting());
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
    if (!online.isEmpty()) {
      progress.accept("update_config on every RegionServer with " + online);
      servers.orElseThrow().update(online, progress);
    }
    if (!restart.isEmpty() || heap.isPresent()) {
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

  private static Optional<String> lastAppliedChange(List<AuditLog.Entry> log) {
    for (int i = log.size() - 1; i >= 0; i--) {
      AuditLog.Entry entry = log.get(i);
      boolean rolledBack = log.stream().anyMatch(other -> other.change().equals(entry.change())
          && other.action().equals("rollback"));
      if (entry.action().equals("apply") && entry.status().equals(AuditLog.APPLIED) && !rolledBack) {
        return Optional.of(entry.change());
      }
    }
    return Optional.empty();
  }

  /**
   * A value of a table or family descriptor.
   *
   * @param target "table T" or "family T:F"
   * @param key its descriptor key
   * @param oldValue null when it was not set
   */
  private record DescriptorValue(String target, String key, String oldValue, String newValue,
      PolicySetting setting) {
  }

  /** One modifyTable with every table and family value. */
  private List<DescriptorValue> changeTable(TableName table, Map<PolicySetting, String> values, boolean dryRun,
      Consumer<String> progress) throws IOException {
    List<DescriptorValue> changed = new ArrayList<>();
    try (Admin admin = connection.getAdmin()) {
      TableDescriptor current = admin.getDescriptor(table);
      TableDescriptorBuilder builder = TableDescriptorBuilder.newBuilder(current);
      for (Map.Entry<PolicySetting, String> value : values.entrySet()) {
        PolicySetting setting = value.getKey();
        String key = setting.descriptorKey();
        if (setting.route() == Route.FAMILY) {
          for (ColumnFamilyDescriptor family : current.getColumnFamilies()) {
            builder.modifyColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(family)
                .setValue(key, value.getValue()).build());
            changed.add(new DescriptorValue("family " + table + ":" + family.getNameAsString(), key,
                family.getValue(key), value.getValue(), setting));
          }
        } else {
          builder.setValue(key, value.getValue());
          changed.add(new DescriptorValue("table " + table, key, current.getValue(key), value.getValue(), setting));
        }
      }
      if (!dryRun) {
        progress.accept("modifying table " + table + " (its regions reopen, flushing their memstores)");
        admin.modifyTable(builder.build());
      }
    }
    return changed;
  }

  /** @param tables by target ("table T" or "family T:F"), each key's value to restore, null to remove it */
  private void restoreTables(Map<String, Map<String, String>> tables, Consumer<String> progress) throws IOException {
    Map<TableName, List<Map.Entry<String, Map<String, String>>>> byTable = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, String>> target : tables.entrySet()) {
      String name = target.getKey().substring(target.getKey().indexOf(' ') + 1).split(":")[0];
      byTable.computeIfAbsent(TableName.valueOf(name), t -> new ArrayList<>()).add(target);
    }
    try (Admin admin = connection.getAdmin()) {
      for (Map.Entry<TableName, List<Map.Entry<String, Map<String, String>>>> table : byTable.entrySet()) {
        TableDescriptor current = admin.getDescriptor(table.getKey());
        TableDescriptorBuilder builder = TableDescriptorBuilder.newBuilder(current);
        for (Map.Entry<String, Map<String, String>> target : table.getValue()) {
          if (target.getKey().startsWith("family ")) {
            String family = target.getKey().substring(target.getKey().indexOf(':') + 1);
            ColumnFamilyDescriptorBuilder familyBuilder = ColumnFamilyDescriptorBuilder.newBuilder(
                current.getColumnFamily(Bytes.toBytes(family)));
            // A null value removes the key from a family descriptor.
            target.getValue().forEach(familyBuilder::setValue);
            builder.modifyColumnFamily(familyBuilder.build());
          } else {
            target.getValue().forEach((key, old) -> {
              if (old == null) {
                builder.removeValue(key);
              } else {
                builder.setValue(key, old);
              }
            });
          }
        }
        progress.accept("restoring table " + table.getKey() + " (its regions reopen)");
        admin.modifyTable(builder.build());
      }
    }
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

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
import org.hbaseturbo.tune.policy.PolicySetting;
import org.hbaseturbo.tune.policy.Route;

/**
 * Applies a recommendation, and rolls the last one back, the way each setting reaches the servers: table and family
 * values with one {@code modifyTable} (the table's regions reopen); the RegionServers' settings and heap with a
 * rolling restart where Turbo runs the cluster ({@link ServerRestarter}), else as a plan for the operator. Every
 * change goes to the {@link AuditLog}, which rollback reads back.
 */
public final class PolicyExecutor {
  static final String SERVERS = "RegionServers";
  private static final String APPLIED = "applied";
  private static final String PLANNED = "planned";

  /** Restarts the RegionServers one at a time with new settings or heap. */
  public interface ServerRestarter {
    void restart(Map<String, String> settings, Optional<String> heap, Consumer<String> progress) throws IOException;
  }

  private final Connection connection;
  private final AuditLog audit;
  private final Optional<ServerRestarter> restarter;

  /** @param restarter how to restart the RegionServers; empty where Turbo does not run them */
  public PolicyExecutor(Connection connection, AuditLog audit, Optional<ServerRestarter> restarter) {
    this.connection = connection;
    this.audit = audit;
    this.restarter = restarter;
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
    Map<String, String> serverSettings = new LinkedHashMap<>();
    Map<String, String> serverOld = new LinkedHashMap<>();
    Optional<String> heap = Optional.empty();
    String oldHeap = null;
    for (Recommendation.Change row : recommendation.changes()) {
      if (row.route() == Route.PRESPLIT) {
        progress.accept("not applied: " + row.setting() + " to " + row.recommended() + " happens when a table is"
            + " created (for YCSB: 'ycsb load --regions N' pre-splits on the keys' quantiles)");
      } else if (row.route() == Route.TABLE || row.route() == Route.FAMILY) {
        tableChanges.put(PolicySetting.byKey(row.setting()).orElseThrow(), row.recommended());
      } else if (row.setting().equals(Recommender.HEAP)) {
        heap = Optional.of(row.recommended());
        oldHeap = row.current();
      } else {
        serverSettings.put(row.setting(), row.recommended());
        serverOld.put(row.setting(), row.current());
      }
    }
    String status = dryRun ? "dry run" : null;
    if (!tableChanges.isEmpty()) {
      TableName table = TableName.valueOf(recommendation.table());
      entries.addAll(changeTable(table, tableChanges, dryRun, progress).stream().map(values -> new AuditLog.Entry(
          now(), change, "apply", workloadClass, values[0], values[1], values[2], values[3],
          PolicySetting.byKey(values[4]).orElseThrow().route(), status == null ? APPLIED : status, by())).toList());
    }
    if (!serverSettings.isEmpty() || heap.isPresent()) {
      String serverStatus = status != null ? status : restarter.isPresent() ? APPLIED : PLANNED;
      if (!dryRun && restarter.isPresent()) {
        progress.accept("restarting the RegionServers one at a time with " + serverSettings
            + heap.map(size -> " and a heap of " + size).orElse(""));
        restarter.get().restart(serverSettings, heap, progress);
      }
      for (Map.Entry<String, String> setting : serverSettings.entrySet()) {
        entries.add(new AuditLog.Entry(now(), change, "apply", workloadClass, SERVERS, setting.getKey(),
            serverOld.get(setting.getKey()), setting.getValue(),
            PolicySetting.byKey(setting.getKey()).orElseThrow().route(), serverStatus, by()));
      }
      if (heap.isPresent()) {
        entries.add(new AuditLog.Entry(now(), change, "apply", workloadClass, SERVERS, Recommender.HEAP, oldHeap,
            heap.get(), Route.RESTART, serverStatus, by()));
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
        && entry.action().equals("apply") && entry.status().equals(APPLIED)).toList();
    List<AuditLog.Entry> entries = new ArrayList<>();
    Map<String, Map<String, String>> tables = new LinkedHashMap<>();
    Map<String, String> serverSettings = new LinkedHashMap<>();
    Optional<String> heap = Optional.empty();
    for (AuditLog.Entry entry : applied) {
      if (entry.target().equals(SERVERS)) {
        if (entry.key().equals(Recommender.HEAP)) {
          heap = Optional.of(entry.oldValue());
        } else {
          serverSettings.put(entry.key(), entry.oldValue() != null ? entry.oldValue()
              : PolicySetting.byKey(entry.key()).orElseThrow().hbaseDefault());
        }
      } else {
        tables.computeIfAbsent(entry.target(), target -> new LinkedHashMap<>()).put(entry.key(), entry.oldValue());
      }
      entries.add(new AuditLog.Entry(now(), entry.change(), "rollback", entry.workloadClass(), entry.target(),
          entry.key(), entry.newValue(), entry.oldValue(), entry.route(), APPLIED, by()));
    }
    restoreTables(tables, progress);
    if (!serverSettings.isEmpty() || heap.isPresent()) {
      if (restarter.isEmpty()) {
        throw new IOException("the last apply restarted RegionServers that this command cannot reach: give --data of"
            + " the process cluster it ran on");
      }
      restarter.get().restart(serverSettings, heap, progress);
    }
    audit.append(entries);
    return entries;
  }

  private static Optional<String> lastAppliedChange(List<AuditLog.Entry> log) {
    for (int i = log.size() - 1; i >= 0; i--) {
      AuditLog.Entry entry = log.get(i);
      boolean rolledBack = log.stream().anyMatch(other -> other.change().equals(entry.change())
          && other.action().equals("rollback"));
      if (entry.action().equals("apply") && entry.status().equals(APPLIED) && !rolledBack) {
        return Optional.of(entry.change());
      }
    }
    return Optional.empty();
  }

  /**
   * One modifyTable with every table and family value.
   *
   * @return per value: target, descriptor key, old value (null when unset), new value, the policy setting's key
   */
  private List<String[]> changeTable(TableName table, Map<PolicySetting, String> values, boolean dryRun,
      Consumer<String> progress) throws IOException {
    List<String[]> changed = new ArrayList<>();
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
            changed.add(new String[] {"family " + table + ":" + family.getNameAsString(), key, family.getValue(key),
                value.getValue(), setting.key()});
          }
        } else {
          builder.setValue(key, value.getValue());
          changed.add(new String[] {"table " + table, key, current.getValue(key), value.getValue(), setting.key()});
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

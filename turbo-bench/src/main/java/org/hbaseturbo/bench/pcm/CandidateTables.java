package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.tune.RegionSpread;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.hbaseturbo.tune.policy.Route;

/**
 * Copies of one loaded table, each with a candidate's settings: a snapshot of the table, cloned for each (the clones
 * share its files, so a copy takes seconds), then the candidate's values set on the clone. Where a value governs
 * how files are written (the block size), the clone is major-compacted, so that its files are as the candidate
 * writes them. Every copy's regions are placed alike, on the RegionServers in turns: HBase places each clone's
 * regions as its balancer sees fit, which nothing keeps alike from copy to copy, and a copy whose regions sit
 * otherwise writes through other servers' WALs and memstores than the one it is compared with. Everything made here
 * is dropped on close.
 */
final class CandidateTables implements AutoCloseable {
  private final Admin admin;
  private final TableName loaded;
  private final String snapshot;
  private final PrintWriter out;
  private final List<TableName> created = new ArrayList<>();
  private boolean snapshotTaken;

  CandidateTables(Admin admin, TableName loaded, PrintWriter out) {
    this.admin = admin;
    this.loaded = loaded;
    this.snapshot = loaded.getQualifierAsString() + "_calibration";
    this.out = out;
  }

  /** A copy of the loaded table named {@code name}, with {@code values} on it. */
  TableName create(String name, Map<PolicySetting, String> values) throws IOException {
    if (!snapshotTaken) {
      admin.snapshot(snapshot, loaded);
      snapshotTaken = true;
    }
    TableName table = TableName.valueOf(loaded.getNamespaceAsString(), name);
    admin.cloneSnapshot(snapshot, table);
    created.add(table);
    RegionSpread.inTurns(admin.getConnection(), table, placed -> out.printf("    %s: %s%n", table, placed));
    if (values.isEmpty()) {
      return table;
    }
    admin.modifyTable(PolicySetting.withValues(admin.getDescriptor(table), values));
    if (values.keySet().stream().anyMatch(setting -> setting.route() == Route.FAMILY)) {
      out.printf("    major-compacting %s, so that its files are written with its block size%n", table);
      out.flush();
      BenchTables.flushAndCompact(admin, table);
    }
    return table;
  }

  @Override
  public void close() throws IOException {
    for (TableName table : created) {
      BenchTables.dropIfExists(admin, table);
    }
    created.clear();
    if (snapshotTaken) {
      admin.deleteSnapshot(snapshot);
      snapshotTaken = false;
    }
  }
}

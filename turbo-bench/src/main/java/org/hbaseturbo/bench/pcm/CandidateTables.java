package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.bench.ycsb.YcsbPhase;
import org.hbaseturbo.tune.RegionSpread;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.hbaseturbo.tune.policy.Route;
import org.hbaseturbo.tune.split.SplitKeys;

/**
 * Copies of one loaded table, each with a candidate's settings: a snapshot of the table, cloned for each (the clones
 * share its files, so a copy takes seconds), then the candidate's values set on the clone. Where a value governs
 * how files are written (the block size, the data block encoding, the compression), the clone is major-compacted,
 * so that its files are as the candidate writes them; a copy of values an earlier class's copy was written with is
 * cloned from that copy's files instead ({@link WrittenCopies}). Every copy's regions are placed alike, on the
 * RegionServers in turns: HBase places each clone's regions as its balancer sees fit, which nothing keeps alike from
 * copy to copy, and a copy whose regions sit otherwise writes through other servers' WALs and memstores than the one
 * it is compared with.
 *
 * <p>A bulk load's tables are empty instead ({@link #empty}), split at the quantiles of the keys the load inserts, and
 * made empty again before each of their runs ({@link #emptyAgain}): a load into a table that earlier runs filled, and
 * split, would measure a later stage of a load than a bulk load into a new table is. Everything made here is dropped
 * on close.
 */
final class CandidateTables implements AutoCloseable {
  private final Admin admin;
  private final TableName loaded;
  private final String snapshot;
  private final PrintWriter out;
  private final WrittenCopies written;
  private final List<TableName> created = new ArrayList<>();
  /** Each empty table's descriptor and split points, to make it again. */
  private final Map<TableName, EmptyTable> empties = new HashMap<>();
  private boolean snapshotTaken;

  /** @param written the copies written anew so far in the calibration, which outlive this class's tables */
  CandidateTables(Admin admin, TableName loaded, WrittenCopies written, PrintWriter out) {
    this.admin = admin;
    this.loaded = loaded;
    this.snapshot = loaded.getQualifierAsString() + "_calibration";
    this.written = written;
    this.out = out;
  }

  /** A copy of the loaded table named {@code name}, with {@code values} on it. */
  TableName create(String name, Map<PolicySetting, String> values) throws IOException {
    if (!snapshotTaken) {
      admin.snapshot(snapshot, loaded);
      snapshotTaken = true;
    }
    TableName table = TableName.valueOf(loaded.getNamespaceAsString(), name);
    Optional<String> writtenAlike = written.of(values);
    // Its descriptor comes with the snapshot: the values it was written with, which are these.
    admin.cloneSnapshot(writtenAlike.orElse(snapshot), table);
    created.add(table);
    RegionSpread.inTurns(admin.getConnection(), table, placed -> out.printf("    %s: %s%n", table, placed));
    if (writtenAlike.isPresent()) {
      out.printf("    %s: cloned from the files an earlier class's copy of the same values was written with, not"
          + " compacted again%n", table);
      return table;
    }
    if (values.isEmpty()) {
      return table;
    }
    admin.modifyTable(PolicySetting.withValues(admin.getDescriptor(table), values));
    List<String> rewritten = rewritten(values);
    if (!rewritten.isEmpty()) {
      out.printf("    major-compacting %s, so that its files are written as its %s %s%n", table,
          String.join(" and ", rewritten), rewritten.size() == 1 ? "says" : "say");
      out.flush();
      BenchTables.flushAndCompact(admin, table);
      written.add(values, table);
    }
    return table;
  }

  /**
   * The settings among {@code values} that govern how files are written, by key: a copy with any of them is
   * major-compacted.
   */
  static List<String> rewritten(Map<PolicySetting, String> values) {
    return Arrays.stream(PolicySetting.values()).filter(values::containsKey)
        .filter(setting -> setting.route() == Route.FAMILY).map(PolicySetting::key).toList();
  }

  /**
   * An empty table named {@code name} of one family, with {@code values} on it, split into {@code regions} at the
   * quantiles of {@code keys} (one region: not split), its regions placed in turns.
   */
  TableName empty(String name, Map<PolicySetting, String> values, int regions, SplitKeys keys) throws IOException {
    TableName table = TableName.valueOf(loaded.getNamespaceAsString(), name);
    TableDescriptor descriptor = PolicySetting.withValues(TableDescriptorBuilder.newBuilder(table)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(YcsbPhase.DEFAULT_FAMILY)).build(), values);
    EmptyTable spec = new EmptyTable(descriptor, regions == 1 ? List.of() : keys.splitPoints(regions));
    created.add(table);
    empties.put(table, spec);
    spec.create(admin);
    return table;
  }

  /** Drops an empty table made here and makes it again as it was made, empty; nothing may write to it meanwhile. */
  void emptyAgain(TableName table) throws IOException {
    EmptyTable spec = empties.get(table);
    if (spec == null) {
      throw new IllegalArgumentException(table + " is not an empty table of this calibration's");
    }
    BenchTables.dropIfExists(admin, table);
    spec.create(admin);
  }

  @Override
  public void close() throws IOException {
    long began = System.nanoTime();
    for (TableName table : created) {
      BenchTables.dropIfExists(admin, table);
    }
    if (!created.isEmpty()) {
      // Disabling a copy flushes its memstores: in the disk regime, to throttled disks, which the budget allows for.
      out.printf("  dropped the class's %d tables in %.1f s%n", created.size(), (System.nanoTime() - began) / 1e9);
      out.flush();
    }
    created.clear();
    empties.clear();
    if (snapshotTaken) {
      admin.deleteSnapshot(snapshot);
      snapshotTaken = false;
    }
  }

  /** What an empty table is made of: its descriptor and the keys it is split at. */
  private record EmptyTable(TableDescriptor descriptor, List<byte[]> splitPoints) {
    void create(Admin admin) throws IOException {
      BenchTables.create(admin, descriptor, splitPoints);
      // Quietly: it is made again before every run of a round.
      RegionSpread.inTurns(admin.getConnection(), descriptor.getTableName(), placed -> { });
    }
  }
}

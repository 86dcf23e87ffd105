package org.hbaseturbo.bench.ycsb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.common.InvalidInputException;
import site.ycsb.Client;
import site.ycsb.Utils;
import site.ycsb.workloads.CoreWorkload;

/**
 * The table a YCSB workload writes. Pre-splitting uses the quantiles of the keys the workload will really
 * insert: YCSB's keys are {@code "user" + hash(n)}, not uniform over {@code user0..user9}, so the split points
 * in YCSB's HBase README leave the upper regions nearly empty.
 */
public final class YcsbTable {
  /** Beyond this many records the quantiles come from an evenly spaced sample of the record numbers. */
  private static final int MAX_KEYS_SAMPLED = 200_000;

  private YcsbTable() {
  }

  /** Creates the table with one family and {@code regions} regions unless it exists; true if it created it. */
  public static boolean createIfMissing(Admin admin, TableName table, String family, int regions,
      Properties workload) throws IOException {
    if (regions < 1) {
      throw new InvalidInputException("regions must be at least 1, was " + regions);
    }
    if (admin.tableExists(table)) {
      return false;
    }
    TableDescriptorBuilder descriptor = TableDescriptorBuilder.newBuilder(table)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(family));
    List<byte[]> splits = splitKeys(workload, regions);
    if (splits.isEmpty()) {
      admin.createTable(descriptor.build());
    } else {
      admin.createTable(descriptor.build(), splits.toArray(new byte[0][]));
    }
    return true;
  }

  /** @throws InvalidInputException when the table or the family is missing */
  public static void requireExists(Admin admin, TableName table, String family) throws IOException {
    if (!admin.tableExists(table)) {
      throw new InvalidInputException("table '" + table + "' does not exist on the cluster; load it first"
          + " (turbo ycsb load)");
    }
    if (!admin.getDescriptor(table).hasColumnFamily(Bytes.toBytes(family))) {
      throw new InvalidInputException("table '" + table + "' has no column family '" + family + "'");
    }
  }

  /** The {@code regions - 1} keys that cut the workload's insert keys into equally full regions. */
  static List<byte[]> splitKeys(Properties workload, int regions) {
    if (regions == 1) {
      return List.of();
    }
    requireSplittable(workload, regions);
    long start = Long.parseLong(workload.getProperty(CoreWorkload.INSERT_START_PROPERTY, "0"));
    long count = recordsToInsert(workload);
    boolean hashed = !"ordered".equals(workload.getProperty(CoreWorkload.INSERT_ORDER_PROPERTY, "hashed"));
    int zeroPadding = Integer.parseInt(workload.getProperty(CoreWorkload.ZERO_PADDING_PROPERTY, "1"));
    long step = Math.max(1, count / MAX_KEYS_SAMPLED);
    List<String> keys = new ArrayList<>();
    for (long n = start; n < start + count; n += step) {
      keys.add(keyName(n, hashed, zeroPadding));
    }
    keys.sort(null);
    List<byte[]> splits = new ArrayList<>();
    for (int region = 1; region < regions; region++) {
      byte[] split = Bytes.toBytes(keys.get((int) ((long) region * keys.size() / regions)));
      if (splits.isEmpty() || Bytes.compareTo(splits.get(splits.size() - 1), split) < 0) {
        splits.add(split);
      }
    }
    return splits;
  }

  /** @throws InvalidInputException when the workload inserts fewer records than {@code regions} */
  static void requireSplittable(Properties workload, int regions) {
    long count = recordsToInsert(workload);
    if (count < regions) {
      throw new InvalidInputException("cannot pre-split " + count + " records into " + regions + " regions: expected"
          + " --regions " + count + " or fewer");
    }
  }

  private static long recordsToInsert(Properties workload) {
    return Long.parseLong(workload.getProperty(Client.INSERT_COUNT_PROPERTY,
        workload.getProperty(Client.RECORD_COUNT_PROPERTY, "0")));
  }

  /**
   * YCSB's key for record {@code number}, as {@code CoreWorkload.buildKeyName} makes it: "user", zeros up to
   * {@code zeropadding} digits, then the number itself or, for hashed insert order, its FNV hash. Rebuilt here
   * because instantiating {@code CoreWorkload} outside a phase JVM touches YCSB's static measurements.
   */
  public static String keyName(long number, boolean hashed, int zeroPadding) {
    String digits = Long.toString(hashed ? Utils.hash(number) : number);
    return "user" + "0".repeat(Math.max(0, zeroPadding - digits.length())) + digits;
  }
}

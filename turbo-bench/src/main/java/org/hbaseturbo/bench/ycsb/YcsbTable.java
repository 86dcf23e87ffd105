package org.hbaseturbo.bench.ycsb;

import java.io.IOException;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.split.YcsbKeys;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * The table a YCSB workload writes. Pre-splitting uses the quantiles of the keys the workload will really
 * insert ({@link YcsbKeys}), as {@code tune apply --key-format ycsb-hashed} does.
 */
public final class YcsbTable {
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
    BenchTables.create(admin, descriptor.build(), splitKeys(workload, regions));
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
    return keys(workload).splitPoints(regions);
  }

  /** The keys the workload inserts: the record numbers, insert order and zero padding its properties give. */
  public static YcsbKeys keys(Properties workload) {
    return new YcsbKeys(Long.parseLong(workload.getProperty(CoreWorkload.INSERT_START_PROPERTY, "0")),
        recordsToInsert(workload),
        !"ordered".equals(workload.getProperty(CoreWorkload.INSERT_ORDER_PROPERTY, "hashed")),
        Integer.parseInt(workload.getProperty(CoreWorkload.ZERO_PADDING_PROPERTY, "1")));
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
}

package org.hbaseturbo.testsupport;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;

/**
 * The tables cluster tests make, each named by {@link SharedHBaseCluster#uniqueTableName}, with rows {@code row00000},
 * {@code row00001}, ... loaded and read back. A test whose keys need another shape (a key space wider than five
 * digits, time-series keys, an application in a JVM of its own without this module) keeps its own and says why.
 */
public final class TestingTables {
  private TestingTables() {
  }

  /**
   * Row {@code i}'s key, {@code row00042}: keys sort as their numbers do up to 99,999, and end in the number's last
   * digit.
   */
  public static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%05d", i));
  }

  /** Qualifier {@code i}: {@code q42}. */
  public static byte[] qualifier(int i) {
    return Bytes.toBytes("q" + i);
  }

  /** What {@link #load} writes in row {@code i}: {@code value 42}. */
  public static byte[] value(int i) {
    return Bytes.toBytes("value " + i);
  }

  /** A new table with one family of HBase's defaults, split at {@code splits}. */
  public static TableName create(Connection connection, String prefix, byte[] family, byte[]... splits)
      throws IOException {
    return create(connection, prefix, table -> table.setColumnFamily(ColumnFamilyDescriptorBuilder.of(family)),
        splits);
  }

  /** A new table named {@code SharedHBaseCluster.uniqueTableName(prefix)}, split at {@code splits}. */
  public static TableName create(Connection connection, String prefix, Shape shape, byte[]... splits)
      throws IOException {
    TableName name = SharedHBaseCluster.uniqueTableName(prefix);
    TableDescriptor descriptor = shape.of(TableDescriptorBuilder.newBuilder(name)).build();
    try (Admin admin = connection.getAdmin()) {
      if (splits.length == 0) {
        admin.createTable(descriptor);
      } else {
        admin.createTable(descriptor, splits);
      }
    }
    return name;
  }

  /** What a test's table has beyond its name: families, table values, coprocessors. */
  @FunctionalInterface
  public interface Shape {
    TableDescriptorBuilder of(TableDescriptorBuilder table) throws IOException;
  }

  /** Writes rows {@code from} to {@code to - 1} in one batch, each with {@link #value} in {@code family:qualifier}. */
  public static void load(Connection connection, TableName name, byte[] family, byte[] qualifier, int from, int to)
      throws IOException {
    List<Put> puts = new ArrayList<>();
    for (int i = from; i < to; i++) {
      puts.add(new Put(row(i)).addColumn(family, qualifier, value(i)));
    }
    try (Table table = connection.getTable(name)) {
      table.put(puts);
    }
  }

  /** The cell {@code family:qualifier} of every row, in key order (null for a row without it). */
  public static List<byte[]> values(Connection connection, TableName name, byte[] family, byte[] qualifier)
      throws IOException {
    List<byte[]> values = new ArrayList<>();
    try (Table table = connection.getTable(name); ResultScanner scanner = table.getScanner(new Scan())) {
      for (Result row : scanner) {
        values.add(row.getValue(family, qualifier));
      }
    }
    return values;
  }

  /** The rows of the table, counted by a scan of it all. */
  public static int countRows(Connection connection, TableName name) throws IOException {
    int rows = 0;
    try (Table table = connection.getTable(name); ResultScanner scanner = table.getScanner(new Scan())) {
      for (Result ignored : scanner) {
        rows++;
      }
    }
    return rows;
  }

  /** The RegionServer of {@code cluster} that holds the region of table {@code name} with {@code row}. */
  public static HRegionServer holderOf(EmbeddedHBaseCluster cluster, TableName name, byte[] row) {
    return cluster.regionServers().stream()
        .filter(rs -> rs.getRegions(name).stream().anyMatch(r -> r.getRegionInfo().containsRow(row)))
        .findFirst().orElseThrow();
  }
}

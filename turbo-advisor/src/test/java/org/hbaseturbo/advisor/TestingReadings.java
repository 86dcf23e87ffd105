package org.hbaseturbo.advisor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.testsupport.TestingTables;

/**
 * The table the advisor's cluster tests advise on: slowly varying sensor readings, a JSON text a row in family
 * {@code readings}, a tag in family {@code other}, each row keyed by the time of its reading. Such text compresses
 * well: the smallest files are compressed ones, the fastest reads uncompressed.
 */
final class TestingReadings {
  static final byte[] READINGS = Bytes.toBytes("readings");
  static final byte[] OTHER = Bytes.toBytes("other");
  private static final byte[] JSON = Bytes.toBytes("json");
  private static final byte[] TAG = Bytes.toBytes("tag");

  private TestingReadings() {
  }

  /** A table of both families, split at {@code splits}. */
  static TableName create(Connection connection, String prefix, boolean compactions, byte[]... splits)
      throws IOException {
    return TestingTables.create(connection, prefix, table -> table.setCompactionEnabled(compactions)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(READINGS))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(OTHER)), splits);
  }

  /** Row {@code i}'s key: the time of its reading, a minute after the one before, in seconds of ten digits. */
  static byte[] row(int i) {
    return Bytes.toBytes(String.format("%010d", 1_700_000_000L + 60L * i));
  }

  /**
   * Writes {@code rows} readings of a random walk from {@code seed}.
   *
   * @return the readings, in key order
   */
  static List<String> load(Connection connection, TableName name, int rows, long seed) throws IOException {
    Random random = new Random(seed);
    List<String> values = new ArrayList<>();
    List<Put> puts = new ArrayList<>();
    double temperature = 20;
    for (int i = 0; i < rows; i++) {
      temperature += random.nextGaussian() * 0.05;
      String value = String.format("{\"temp\":%.2f,\"gas\":%.3f}", temperature, 0.03 + random.nextGaussian() * 0.001);
      values.add(value);
      puts.add(new Put(row(i)).addColumn(READINGS, JSON, Bytes.toBytes(value))
          .addColumn(OTHER, TAG, Bytes.toBytes("house" + i % 5)));
    }
    try (Table table = connection.getTable(name)) {
      table.put(puts);
    }
    return values;
  }

  /** The readings of the table, in key order. */
  static List<String> read(Connection connection, TableName name) throws IOException {
    return TestingTables.values(connection, name, READINGS, JSON).stream().map(Bytes::toString).toList();
  }
}

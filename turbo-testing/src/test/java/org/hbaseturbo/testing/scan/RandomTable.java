package org.hbaseturbo.testing.scan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.testsupport.TestingTables;

/**
 * A random table: three families (two keep three versions), short keys over a small alphabet (so that scan
 * ranges hit rows, gaps and ends), rows missing columns, several versions, delete markers, random region
 * boundaries (some regions empty), part of the data flushed to HFiles and part in the memstore. Most values
 * are a few bytes, some a few kilobytes, and the table caps a prepared scan's reply at a few kilobytes
 * ({@link HConstants#HBASE_CLIENT_SCANNER_MAX_RESULT_SIZE_KEY} as a table value), so that replies end at the
 * cap as well as at the caching hint.
 */
final class RandomTable {
  static final List<byte[]> FAMILIES = List.of(Bytes.toBytes("a"), Bytes.toBytes("b"), Bytes.toBytes("c"));
  static final int QUALIFIERS = 5;
  static final int MAX_TIMESTAMP = 100;

  private RandomTable() {
  }

  static byte[] qualifier(int i) {
    return Bytes.toBytes("q" + i);
  }

  /** "k" and up to three letters a-e. */
  static byte[] randomKey(Random random) {
    StringBuilder key = new StringBuilder("k");
    for (int i = random.nextInt(4); i > 0; i--) {
      key.append((char) ('a' + random.nextInt(5)));
    }
    return Bytes.toBytes(key.toString());
  }

  static TableName create(Connection connection, Random random) throws IOException {
    TreeSet<byte[]> splits = new TreeSet<>(Bytes.BYTES_COMPARATOR);
    for (int i = random.nextInt(5); i > 0; i--) {
      splits.add(randomKey(random));
    }
    TableName name = TestingTables.create(connection, "ps_random", table -> {
      table.setValue(HConstants.HBASE_CLIENT_SCANNER_MAX_RESULT_SIZE_KEY, String.valueOf(500 + random.nextInt(8000)));
      for (byte[] family : FAMILIES) {
        table.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(family)
            .setMaxVersions(family[0] == 'b' ? 1 : 3).build());
      }
      return table;
    }, splits.toArray(new byte[0][]));
    try (Admin admin = connection.getAdmin(); Table table = connection.getTable(name)) {
      write(table, random);
      admin.flush(name);
      write(table, random);
    }
    return name;
  }

  /** "v" and a number below 20 (what the filters compare), padded to a few kilobytes one time in ten. */
  private static byte[] value(Random random) {
    String value = "v" + random.nextInt(20);
    return Bytes.toBytes(random.nextInt(10) == 0 ? value + "-".repeat(random.nextInt(4000)) : value);
  }

  private static void write(Table table, Random random) throws IOException {
    List<Put> puts = new ArrayList<>();
    List<Delete> deletes = new ArrayList<>();
    for (int r = random.nextInt(60); r > 0; r--) {
      byte[] row = randomKey(random);
      Put put = new Put(row);
      for (byte[] family : FAMILIES) {
        for (int q = 0; q < QUALIFIERS; q++) {
          if (random.nextInt(3) == 0) {
            put.addColumn(family, qualifier(q), 1 + random.nextInt(MAX_TIMESTAMP), value(random));
          }
        }
      }
      if (!put.isEmpty()) {
        puts.add(put);
      }
      if (random.nextInt(8) == 0) {
        Delete delete = new Delete(row);
        byte[] family = FAMILIES.get(random.nextInt(FAMILIES.size()));
        switch (random.nextInt(3)) {
          case 0 -> delete.addColumn(family, qualifier(random.nextInt(QUALIFIERS)), 1 + random.nextInt(MAX_TIMESTAMP));
          case 1 -> delete.addColumns(family, qualifier(random.nextInt(QUALIFIERS)));
          default -> delete.addFamily(family, 1 + random.nextInt(MAX_TIMESTAMP));
        }
        deletes.add(delete);
      }
    }
    table.put(puts);
    table.delete(deletes);
  }
}

package org.hbaseturbo.testing.codec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.testing.ResultLines;

/**
 * What a stock client does with the compact codec: {@link StockShadedClientWithCompactCodecIT} runs it in a JVM of
 * its own on hbase-shaded-client. It uses only HBase's client API (and {@link ResultLines}, which does too), whose
 * class names the shaded jar keeps, so that the same class compiled against the unshaded client runs there.
 */
public final class StockClientMain {
  /** Keeps 2 versions. */
  static final byte[] A = Bytes.toBytes("a");
  /** Keeps 1 version. */
  static final byte[] BB = Bytes.toBytes("bb");
  /** Keeps 3 versions. */
  static final byte[] C = Bytes.toBytes("c");
  /** The tests split the table here, so that the batches reach both RegionServers. */
  static final byte[] SPLIT = row(5);
  private static final int ROWS = 10;

  private StockClientMain() {
  }

  /** Args: the directory of the cluster's hbase-site.xml, the table. Writes {@link #puts()}, prints {@link #read}. */
  public static void main(String[] args) throws IOException {
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(Path.of(args[0], "hbase-site.xml").toUri().toURL());
    // The counting subclass, so that the test can see its servers decode and encode through the codec.
    conf.set(HConstants.RPC_CODEC_CONF_KEY, CountingCompactCellCodec.class.getName());
    try (Connection connection = ConnectionFactory.createConnection(conf);
        Table table = connection.getTable(TableName.valueOf(args[1]))) {
      table.put(puts()); // a batch: only batches travel as cellblocks, a single Put does not
      read(table).forEach(System.out::println);
    }
  }

  /**
   * Ten rows: three versions of a column in a family that keeps two, an empty qualifier holding an empty value,
   * and every fourth row a 70 KB value (more than a two-byte length can say). Every cell names its timestamp, so
   * that the same puts give the same cells in any table.
   */
  static List<Put> puts() {
    List<Put> puts = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      Put put = new Put(row(r));
      for (long version = 1; version <= 3; version++) {
        put.addColumn(A, Bytes.toBytes("q" + r % 3), version, Bytes.toBytes("v" + r + "." + version));
      }
      put.addColumn(A, Bytes.toBytes("n"), 7, Bytes.toBytes(r));
      put.addColumn(BB, new byte[0], 10 + r, new byte[0]);
      put.addColumn(C, Bytes.toBytes("big"), 20, r % 4 == 0 ? big(r) : Bytes.toBytes("small" + r));
      puts.add(put);
    }
    return puts;
  }

  /** A full scan of all versions, then a multi-get of rows on both sides of the split and a missing row. */
  static List<String> read(Table table) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("scan");
    lines.addAll(ResultLines.cells(table.getScanner(new Scan().readAllVersions().setCaching(3))));
    lines.add("gets");
    List<Get> gets = List.of(new Get(row(8)).readAllVersions(), new Get(row(0)).addFamily(C),
        new Get(Bytes.toBytes("missing")), new Get(row(3)).addColumn(A, Bytes.toBytes("q0")));
    lines.addAll(ResultLines.of(table.get(gets)));
    return lines;
  }

  /** Not TestingTables': this JVM's classpath has the shaded client, the codec and this module's test classes. */
  private static byte[] row(int r) {
    return Bytes.toBytes("row" + r);
  }

  private static byte[] big(int r) {
    byte[] value = new byte[70_000];
    for (int i = 0; i < value.length; i++) {
      value[i] = (byte) ('a' + (r + i) % 26);
    }
    return value;
  }
}

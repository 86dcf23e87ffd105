package org.hbaseturbo.testing.shaded;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ClusterConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.wire.codec.CompactCellCounters;
import org.hbaseturbo.wire.fastpath.FastPathOperation;

/**
 * An application on hbase-shaded-client with turbo-shaded-client beside it, and Turbo asked for in its
 * hbase-site.xml alone: {@link TurboShadedClientIT} runs it in a JVM of its own. It opens its connection as any
 * HBase application does, writes {@link #puts()} one Put at a time, reads them back with {@link #gets()}, scans,
 * and runs a Prepared Scan over that connection and over a stock one (the coprocessor RPC of
 * hbase-shaded-client). It prints what it read, by section, and how the fast path served it.
 *
 * <p>Arguments: the directory of its hbase-site.xml, the table.
 */
public final class ShadedApplicationMain {
  static final byte[] F = Bytes.toBytes("f");
  static final byte[][] QUALIFIERS = {Bytes.toBytes("q0"), Bytes.toBytes("q1"), Bytes.toBytes("q2")};
  /** The tests split the table here, so that both RegionServers serve the fast path. */
  static final byte[] SPLIT = row(6);
  private static final int ROWS = 12;

  private ShadedApplicationMain() {
  }

  public static void main(String[] args) throws IOException {
    System.out.println("unrelocated protobuf on the classpath: " + onClasspath("com.google.protobuf.Message"));
    System.out.println("turbo from: " + Path.of(FastPathConnection.class.getProtectionDomain().getCodeSource()
        .getLocation().getPath()).getFileName());
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(new org.apache.hadoop.fs.Path(Path.of(args[0], "hbase-site.xml").toUri()));
    TableName name = TableName.valueOf(args[1]);
    try (Connection connection = ConnectionFactory.createConnection(conf); Table table = connection.getTable(name)) {
      System.out.println("connection: " + connection.getClass().getName());
      FastPathConnection fast = connection instanceof FastPathConnection f ? f : null;
      System.out.println("fast path carries gets and puts: " + (fast != null && fast.carries(FastPathOperation.GET)
          && fast.carries(FastPathOperation.PUT)));
      for (Put put : puts()) {
        table.put(put);
      }
      System.out.println("gets");
      for (Get get : gets()) {
        ResultLines.of(table.get(get)).forEach(System.out::println);
      }
      printServed("puts and gets", fast);
      System.out.println("scan");
      ResultLines.cells(table.getScanner(columns())).forEach(System.out::println);
      printPreparedScan("prepared scan on the application's connection", connection, name);
      printServed("all", fast);
    }
    Configuration stock = new Configuration(conf);
    stock.unset(ClusterConnection.HBASE_CLIENT_CONNECTION_IMPL);
    try (Connection connection = ConnectionFactory.createConnection(stock)) {
      printPreparedScan("prepared scan on a stock connection", connection, name);
    }
    CompactCellCounters.Counts codec = CompactCellCounters.counts();
    System.out.println("compact cellblocks decoded: " + (codec.decodedBlocks() > 0));
  }

  /** Single Puts (the fast path carries them one by one): three columns a row, row 3's value 40 KB. */
  static List<Put> puts() {
    List<Put> puts = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      Put put = new Put(row(r));
      for (int c = 0; c < QUALIFIERS.length; c++) {
        put.addColumn(F, QUALIFIERS[c], 100 + r, r == 3 && c == 1 ? new byte[40_000] : Bytes.toBytes("v" + r + c));
      }
      puts.add(put);
    }
    return puts;
  }

  /** Every row, then one column of a row, and a row that is not there. */
  static List<Get> gets() {
    List<Get> gets = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      gets.add(new Get(row(r)));
    }
    gets.add(new Get(row(7)).addColumn(F, QUALIFIERS[2]));
    gets.add(new Get(Bytes.toBytes("missing")));
    return gets;
  }

  /** What the native scan and the prepared scans read: two of the three columns. */
  static Scan columns() {
    return new Scan().addColumn(F, QUALIFIERS[0]).addColumn(F, QUALIFIERS[1]);
  }

  private static void printPreparedScan(String what, Connection connection, TableName name) throws IOException {
    System.out.println(what);
    try (PreparedScan prepared = PreparedScan.prepare(connection, name, columns())) {
      ResultLines.cells(prepared.execute(new byte[0], new byte[0], 5)).forEach(System.out::println);
    }
  }

  private static void printServed(String what, FastPathConnection fast) {
    System.out.println("fast path served (" + what + "): " + (fast == null ? 0 : fast.counters().served())
        + ", fell back: " + (fast == null ? 0 : fast.counters().fellBack()));
  }

  private static boolean onClasspath(String name) {
    try {
      Class.forName(name, false, ShadedApplicationMain.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /** Not TestingTables': this JVM's classpath has the shaded client and this module's test classes only. */
  private static byte[] row(int r) {
    return Bytes.toBytes(String.format("row%02d", r));
  }
}

package org.hbaseturbo.testing.fastpath;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ClusterConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.wire.codec.CompactCellCodec;

/**
 * An application on a classpath without jucx and turbo-transport, as one that uses Prepared Scan and the compact
 * codec links it: it asks for the fast path by configuration anyway, writes through two connections, reads back
 * with a Get and a prepared scan, and prints what it read and how many operations the fast path served.
 *
 * <p>Arguments: the client configuration directory, the table (family {@code f}).
 */
public final class ClientWithoutUcxMain {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  private ClientWithoutUcxMain() {
  }

  public static void main(String[] args) throws Exception {
    System.out.println("jucx on the classpath: " + onClasspath("org.openucx.jucx.ucp.UcpContext"));
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(new org.apache.hadoop.fs.Path(Path.of(args[0], "hbase-site.xml").toUri()));
    conf.set(ClusterConnection.HBASE_CLIENT_CONNECTION_IMPL, FastPathConnection.class.getName());
    conf.set("hbase.client.rpc.codec", CompactCellCodec.class.getName());
    TableName table = TableName.valueOf(args[1]);
    long served = 0;
    for (String row : new String[] {"a", "b"}) {
      try (Connection connection = ConnectionFactory.createConnection(conf); Table t = connection.getTable(table)) {
        t.put(new Put(Bytes.toBytes(row)).addColumn(F, Q, Bytes.toBytes("value-" + row)));
        Result read = t.get(new Get(Bytes.toBytes(row)));
        System.out.println("get " + row + " " + Bytes.toString(read.getValue(F, Q)));
        served += ((FastPathConnection) connection).counters().served();
      }
    }
    try (Connection connection = ConnectionFactory.createConnection(conf);
        PreparedScan prepared = PreparedScan.prepare(connection, table, new Scan().addColumn(F, Q));
        ResultScanner rows = prepared.execute(new byte[0], new byte[0], 10)) {
      for (Result row : rows) {
        System.out.println("scan " + Bytes.toString(row.getRow()) + " " + Bytes.toString(row.getValue(F, Q)));
      }
    }
    System.out.println("fast path served " + served);
  }

  private static boolean onClasspath(String name) {
    try {
      Class.forName(name, false, ClientWithoutUcxMain.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}

package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.cluster.HdfsCluster;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.wire.codec.CompactCellCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process cluster whose root is on HDFS (a NameNode and 3 DataNodes, each a JVM of its own): HBase writes its WAL
 * and its HFiles there with HDFS's hflush and hsync checked, Turbo's capabilities serve as on the local file system,
 * a SIGKILLed DataNode loses nothing, and a second start on the same directory finds every row.
 */
class HdfsProcessClusterIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final int ROWS = 600;

  @Test
  void hbaseOnHdfsServesEveryCapabilityLosesNothingToADeadDataNodeAndStartsAgainOnItsData(
      @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path data) throws Exception {
    TableName name = TableName.valueOf("on_hdfs");
    try (ProcessHBaseCluster cluster = start(data)) {
      HdfsCluster hdfs = cluster.hdfs().orElseThrow();
      assertThat(cluster.clientConfiguration().get(HConstants.HBASE_DIR)).isEqualTo(hdfs.uri() + "/hbase");
      assertThat(hdfs.liveDataNodes()).isEqualTo(3);
      Configuration conf = cluster.clientConfiguration();
      conf.set(HConstants.RPC_CODEC_CONF_KEY, CompactCellCodec.class.getName());
      try (Connection connection = ConnectionFactory.createConnection(conf);
          FastPathConnection fast = FastPathConnection.wrap(ConnectionFactory.createConnection(conf))) {
        try (Admin admin = connection.getAdmin()) {
          // Turbo's pure-Java ZSTD for the HFiles, written to HDFS and read back.
          admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder
              .newBuilder(F).setCompressionType(Compression.Algorithm.ZSTD).build()).build(),
              new byte[][] {row(ROWS / 2)});
          put(connection, name, 0, ROWS / 2);
          admin.flush(name);
        }
        try (DistributedFileSystem fs = hdfs.fileSystem()) {
          assertThat(files(fs, "/hbase/data/default/" + name.getNameAsString())).as("HFiles on HDFS")
              .anyMatch(path -> path.contains("/f/"));
          assertThat(files(fs, "/hbase/WALs")).as("WALs on HDFS").isNotEmpty();
        }

        hdfs.killDataNode(1);
        put(connection, name, ROWS / 2, ROWS);
        try (Admin admin = connection.getAdmin()) {
          admin.flush(name);
        }
        assertAllRows(connection, name);
        try (Table table = fast.getTable(name)) {
          for (int i = 0; i < ROWS; i += 37) {
            assertThat(table.get(new Get(row(i))).getValue(F, F)).isEqualTo(value(i));
          }
        }
        assertThat(fast.counters().served()).as("Gets the fast path served").isPositive();
        assertThat(fast.counters().fellBack()).isZero();
        try (Table table = connection.getTable(name);
            PreparedScan prepared = PreparedScan.prepare(fast, name, new Scan().addFamily(F))) {
          assertThat(lines(prepared.execute(new byte[0], new byte[0], 100)))
              .isEqualTo(lines(table.getScanner(new Scan().addFamily(F))));
        }
      }
      hdfs.startDataNode(1);
    }
    assertThat(Files.readString(data.resolve("logs/regionserver-0.log"))).contains("AsyncFSWAL")
        .doesNotContain("hbase.unsafe.stream.capability.enforce");

    try (ProcessHBaseCluster again = start(data);
        Connection connection = ConnectionFactory.createConnection(again.clientConfiguration())) {
      assertAllRows(connection, name);
    }
  }

  private static ProcessHBaseCluster start(Path data) throws Exception {
    return ProcessHBaseCluster.builder().regionServers(2).regionServerHeap("384m").hdfs(3).dataDir(data).start();
  }

  private static void put(Connection connection, TableName name, int from, int to) throws Exception {
    try (Table table = connection.getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = from; i < to; i++) {
        puts.add(new Put(row(i)).addColumn(F, F, value(i)));
      }
      table.put(puts);
    }
  }

  private static void assertAllRows(Connection connection, TableName name) throws Exception {
    try (Table table = connection.getTable(name); ResultScanner scanner = table.getScanner(new Scan())) {
      int i = 0;
      for (Result result : scanner) {
        assertThat(Bytes.toString(result.getRow())).isEqualTo(Bytes.toString(row(i)));
        assertThat(result.getValue(F, F)).isEqualTo(value(i));
        i++;
      }
      assertThat(i).as("rows").isEqualTo(ROWS);
    }
  }

  private static List<String> lines(ResultScanner scanner) throws Exception {
    List<String> lines = new ArrayList<>();
    try (scanner) {
      for (Result result : scanner) {
        lines.add(result.toString());
      }
    }
    return lines;
  }

  private static List<String> files(DistributedFileSystem fs, String dir) throws Exception {
    List<String> files = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> listing = fs.listFiles(new org.apache.hadoop.fs.Path(dir), true);
    while (listing.hasNext()) {
      files.add(listing.next().getPath().toUri().getPath());
    }
    return files;
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("r%05d", i));
  }

  private static byte[] value(int i) {
    return Bytes.toBytes("value " + i + " ".repeat(i % 50));
  }
}

package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.testing.ProcessHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process cluster: each RegionServer a JVM of its own, with HBase's jars and the server jar alone on its
 * classpath. Runs its own cluster (this is what it tests), apart from the shared embedded one.
 */
class TestProcessCluster {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final int ROWS = 2_000;

  @Test
  void regionServersRunTheServerJarAloneInHeapsOfTheirOwnAndSurviveACrash(@TempDir Path data) throws Exception {
    TableName name = TableName.valueOf("process_cluster");
    try (ProcessHBaseCluster cluster = ProcessHBaseCluster.builder().regionServers(2).regionServerHeap("384m")
        .dataDir(data).start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration())) {
      // Its own configuration directory and the RegionServer library: HBase's jars and the server jar.
      Path lib = null;
      for (int i = 0; i < 2; i++) {
        List<String> classpath = classpathOf(cluster.regionServerPids().get(i));
        assertThat(classpath).hasSize(2);
        assertThat(classpath.get(0)).isEqualTo(data.toAbsolutePath().resolve("regionservers/rs-" + i + "/conf")
            .toString());
        assertThat(classpath.get(1)).endsWith("turbo-regionserver/target/lib/*");
        lib = Path.of(classpath.get(1)).getParent();
      }
      try (var jars = Files.list(lib)) {
        List<String> ours = jars.map(jar -> jar.getFileName().toString())
            .filter(jar -> jar.startsWith("turbo-") || jar.startsWith("aircompressor")).toList();
        assertThat(ours).singleElement().asString().matches("turbo-server-.*-deploy\\.jar");
      }
      try (Admin admin = connection.getAdmin()) {
        // Heap and memory per server come from each RegionServer's own JVM, not from this one's.
        List<Long> maxHeapMb = admin.getClusterMetrics().getLiveServerMetrics().values().stream()
            .map(metrics -> (long) metrics.getMaxHeapSize().get(org.apache.hadoop.hbase.Size.Unit.MEGABYTE))
            .toList();
        assertThat(maxHeapMb).hasSize(2).allSatisfy(mb -> assertThat(mb).isBetween(300L, 384L));
        // ZSTD from the server jar's relocated aircompressor: the table's files are written in the child JVMs.
        admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder
            .newBuilder(FAMILY).setCompressionType(Compression.Algorithm.ZSTD).build())
            .build(), splits());
      }
      try (Table table = connection.getTable(name)) {
        List<Put> puts = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
          puts.add(new Put(row(i)).addColumn(FAMILY, Bytes.toBytes("q"), Bytes.toBytes("value " + i)));
        }
        table.put(puts);
      }
      try (Admin admin = connection.getAdmin()) {
        admin.flush(name);
      }
      assertThat(nativeScan(connection, name)).hasSize(ROWS);
      try (PreparedScan prepared = PreparedScan.prepare(connection, name, new Scan().addFamily(FAMILY));
          ResultScanner rows = prepared.execute(new byte[0], new byte[0], 100)) {
        List<String> preparedRows = new ArrayList<>();
        for (Result result : rows) {
          preparedRows.add(Bytes.toString(result.getRow()) + "=" + Bytes.toString(result.value()));
        }
        assertThat(preparedRows).isEqualTo(nativeScan(connection, name));
      }
      assertThat(new ServerStatsReader(connection).read().counters()).as("stats endpoint").isPresent();

      // A crash: rows acknowledged since the flush live only in the killed server's memstore and WAL.
      try (Table table = connection.getTable(name)) {
        for (int i = ROWS; i < ROWS + 100; i++) {
          table.put(new Put(row(i)).addColumn(FAMILY, Bytes.toBytes("q"), Bytes.toBytes("value " + i)));
        }
      }
      cluster.killRegionServer(0);
      assertThat(nativeScan(connection, name)).hasSize(ROWS + 100);
    }
    try (ProcessHBaseCluster restarted = ProcessHBaseCluster.builder().regionServers(1).regionServerHeap("384m")
        .dataDir(data).start();
        Connection connection = ConnectionFactory.createConnection(restarted.clientConfiguration())) {
      assertThat(nativeScan(connection, name)).hasSize(ROWS + 100);
    }
  }

  private static byte[][] splits() {
    return IntStream.of(500, 1000, 1500).mapToObj(TestProcessCluster::row).toArray(byte[][]::new);
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%05d", i));
  }

  private static List<String> nativeScan(Connection connection, TableName name) throws IOException {
    List<String> rows = new ArrayList<>();
    try (Table table = connection.getTable(name); ResultScanner scanner = table.getScanner(new Scan())) {
      for (Result result : scanner) {
        rows.add(Bytes.toString(result.getRow()) + "=" + Bytes.toString(result.value()));
      }
    }
    return rows;
  }

  /** The -cp entries of a running JVM, from the operating system. */
  private static List<String> classpathOf(long pid) {
    String[] arguments = ProcessHandle.of(pid).orElseThrow().info().arguments().orElseThrow();
    for (int i = 0; i < arguments.length - 1; i++) {
      if (arguments[i].equals("-cp")) {
        return List.of(arguments[i + 1].split(java.io.File.pathSeparator));
      }
    }
    throw new AssertionError("no -cp in " + String.join(" ", arguments));
  }
}

package org.hbaseturbo.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.compress.TurboCodecs;
import org.hbaseturbo.testsupport.TestingTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every supported algorithm writes real HFiles on a real RegionServer, and those files read back after the
 * RegionServer restarts (a new server, cold caches, the files from disk). Needs its own cluster, since it
 * restarts it.
 */
class TurboCodecsOnClusterIT {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final int ROWS = 3_000;

  @Test
  void everyCodecWritesHFilesThatReadBackAfterARestart(@TempDir Path dataDir) throws Exception {
    Map<Algorithm, List<byte[]>> written = new java.util.LinkedHashMap<>();
    try (EmbeddedHBaseCluster cluster = EmbeddedHBaseCluster.builder().regionServers(1).dataDir(dataDir).start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration());
        Admin admin = connection.getAdmin()) {
      for (Algorithm algorithm : TurboCodecs.codecs().keySet()) {
        TableName name = table(algorithm);
        admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(
            ColumnFamilyDescriptorBuilder.newBuilder(FAMILY).setCompressionType(algorithm).build()).build());
        written.put(algorithm, load(connection, name, algorithm.ordinal()));
        // Flushed to an HFile written with this codec; the restart below must then read it from disk.
        admin.flush(name);
        assertThat(hfileCompressions(dataDir, name)).as("%s HFiles", algorithm).containsExactly(algorithm);
      }
    }
    try (EmbeddedHBaseCluster cluster = EmbeddedHBaseCluster.builder().regionServers(1).dataDir(dataDir).start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration())) {
      for (Map.Entry<Algorithm, List<byte[]>> expected : written.entrySet()) {
        assertThat(TestingTables.values(connection, table(expected.getKey()), FAMILY, FAMILY))
            .as("%s after restart", expected.getKey())
            .containsExactlyElementsOf(expected.getValue());
      }
    }
  }

  private static TableName table(Algorithm algorithm) {
    return TableName.valueOf("codec_" + algorithm.getName());
  }

  /** The compression each HFile of the table records in its trailer. */
  private static List<Algorithm> hfileCompressions(Path dataDir, TableName name) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    FileSystem fs = FileSystem.getLocal(conf);
    List<Algorithm> compressions = new ArrayList<>();
    Path tableDir = dataDir.resolve("hbase/data/default").resolve(name.getNameAsString());
    try (Stream<Path> files = Files.walk(tableDir)) {
      for (Path file : files.filter(path -> path.getParent().getFileName().toString().equals("f")).toList()) {
        try (HFile.Reader reader = HFile.createReader(fs, new org.apache.hadoop.fs.Path(file.toUri()),
            CacheConfig.DISABLED, true, conf)) {
          compressions.add(reader.getFileContext().getCompression());
        }
      }
    }
    return compressions;
  }

  /** Half compressible (repeated text), half random values, so that every codec path is taken. */
  private static List<byte[]> load(Connection connection, TableName name, long seed) throws Exception {
    Random random = new Random(seed);
    List<byte[]> values = new ArrayList<>();
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      byte[] value = new byte[200];
      if (i % 2 == 0) {
        random.nextBytes(value);
      } else {
        value = Bytes.toBytes(("reading " + (i % 17) + " ").repeat(20));
      }
      values.add(value);
      puts.add(new Put(TestingTables.row(i)).addColumn(FAMILY, FAMILY, value));
    }
    try (Table table = connection.getTable(name)) {
      table.put(puts);
    }
    return values;
  }
}

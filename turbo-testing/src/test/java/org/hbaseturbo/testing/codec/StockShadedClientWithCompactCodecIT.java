package org.hbaseturbo.testing.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Table;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testing.ShadedClientJars;
import org.hbaseturbo.testing.TestingChildJvm;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.hbaseturbo.wire.codec.CompactCellCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stock client, hbase-shaded-client as users get it, with the compact codec on its classpath and in its
 * configuration, writes a batch and reads it back: what it reads must be what this JVM reads through the default
 * codec, from its table and from a table this JVM wrote the same puts to. The shaded client cannot share this JVM
 * with the unshaded HBase of the cluster, so it runs in a JVM of its own ({@link StockClientMain}).
 */
@ExtendWith(SharedHBaseCluster.class)
class StockShadedClientWithCompactCodecIT {
  private static final Duration CHILD_LIMIT = Duration.ofSeconds(120);

  @Test
  void writesAndReadsWhatTheDefaultCodecDoes(EmbeddedHBaseCluster cluster, Connection connection,
      @TempDir Path dir) throws Exception {
    TableName viaStockClient = createTable(connection, "stock_codec");
    TableName baseline = createTable(connection, "stock_baseline");
    try (Table table = connection.getTable(baseline)) {
      table.put(StockClientMain.puts());
    }
    int decoders = CountingCompactCellCodec.SERVER_DECODERS.get();
    int encoders = CountingCompactCellCodec.ENCODERS.get();

    List<String> printed = runStockClient(cluster.writeClientConfiguration(dir.resolve("conf")).getParent(),
        viaStockClient, dir);

    try (Table written = connection.getTable(viaStockClient); Table expected = connection.getTable(baseline)) {
      List<String> read = StockClientMain.read(written);
      assertThat(printed).as("what the stock client read").isEqualTo(read);
      assertThat(read).as("what the stock client wrote").isEqualTo(StockClientMain.read(expected));
    }
    // The servers are in this JVM; the default codec of this JVM's connection never counts.
    assertThat(CountingCompactCellCodec.SERVER_DECODERS.get()).as("batches the servers decoded")
        .isGreaterThan(decoders);
    assertThat(CountingCompactCellCodec.ENCODERS.get()).as("results the servers encoded").isGreaterThan(encoders);
  }

  /** Runs {@link StockClientMain} on the shaded client to its end, within {@link #CHILD_LIMIT}; its stdout. */
  private static List<String> runStockClient(Path confDir, TableName table, Path dir) throws Exception {
    TestingChildJvm child = TestingChildJvm.run(stockClientClasspath(), StockClientMain.class,
        List.of(confDir.toString(), table.getNameAsString()), CHILD_LIMIT, dir);
    assertThat(child.exitCode()).as("the stock client's exit code; its stderr:%n%s", child.stderr()).isZero();
    return child.stdout();
  }

  /**
   * hbase-shaded-client and its runtime dependencies, the codec, and this test's classes ({@link StockClientMain} and
   * the counting codec).
   */
  private static String stockClientClasspath() throws URISyntaxException {
    List<Path> entries = new ArrayList<>(ShadedClientJars.hbaseShadedClient());
    entries.add(Path.of(CompactCellCodec.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
    entries.add(ShadedClientJars.testClasses());
    return ShadedClientJars.classpath(entries);
  }

  /** Families of 2, 1 and 3 versions, split in two regions. */
  private static TableName createTable(Connection connection, String prefix) throws IOException {
    return TestingTables.create(connection, prefix, table -> table
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(StockClientMain.A).setMaxVersions(2).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(StockClientMain.BB).setMaxVersions(1).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(StockClientMain.C).setMaxVersions(3).build()),
        StockClientMain.SPLIT);
  }
}

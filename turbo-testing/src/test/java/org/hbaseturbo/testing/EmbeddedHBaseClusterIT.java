package org.hbaseturbo.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessor;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.stats.ServerCounters;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(SharedHBaseCluster.class)
class EmbeddedHBaseClusterIT {
  private static final byte[] FAMILY = Bytes.toBytes("f");

  @Test
  void servesReadsAndWritesOnAllRegionServers(EmbeddedHBaseCluster cluster, Connection connection)
      throws Exception {
    assertThat(cluster.regionServerCount()).isEqualTo(2);
    TableName name = TestingTables.create(connection, "rw", FAMILY);
    try (Table table = connection.getTable(name)) {
      table.put(new Put(Bytes.toBytes("row")).addColumn(FAMILY, Bytes.toBytes("q"), Bytes.toBytes("value")));
      assertThat(table.get(new Get(Bytes.toBytes("row"))).getValue(FAMILY, Bytes.toBytes("q")))
          .isEqualTo(Bytes.toBytes("value"));
    }
  }

  @Test
  void writtenClientConfigurationIsEnoughForAStockClient(EmbeddedHBaseCluster cluster, @TempDir Path dir)
      throws Exception {
    Path site = cluster.writeClientConfiguration(dir);
    assertThat(Files.readString(site)).contains("hbase.zookeeper.quorum");
    Configuration fromFile = new Configuration();
    fromFile.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
    try (Connection connection = ConnectionFactory.createConnection(fromFile);
        Admin admin = connection.getAdmin()) {
      assertThat(admin.getRegionServers()).hasSize(2);
    }
  }

  @Test
  void serverStatsCountEachSharedJvmOnceAndGrowWithTraffic(Connection connection) throws Exception {
    TableName name = TestingTables.create(connection, "stats", FAMILY);
    ServerStatsReader reader = new ServerStatsReader(connection);
    ServerCounters before = reader.read().counters().orElseThrow();
    byte[] value = new byte[10_000];
    try (Table table = connection.getTable(name)) {
      for (int i = 0; i < 20; i++) {
        table.put(new Put(Bytes.toBytes("row" + i)).addColumn(FAMILY, Bytes.toBytes("q"), value));
      }
    }
    ServerCounters delta = reader.read().counters().orElseThrow().minus(before);
    // Both RegionServers live in this JVM: one process, counted once.
    assertThat(delta.processes()).isEqualTo(1);
    assertThat(delta.rpcReceivedBytes()).isGreaterThan(20L * value.length);
    assertThat(delta.rpcSentBytes()).isPositive();
    assertThat(delta.cpuNanos()).isPositive();
  }

  @Test
  void flushedAndLoggedDataSurviveARestartOnTheSameDataDirectoryWhichOneClusterHoldsAtATime(
      @TempDir Path dataDir) throws Exception {
    TableName name = TableName.valueOf("survivor");
    String quorum;
    try (EmbeddedHBaseCluster cluster = EmbeddedHBaseCluster.builder().regionServers(1).dataDir(dataDir).start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration())) {
      quorum = cluster.zooKeeperQuorum();
      // Refused before anything starts: a second cluster would wipe the running one's ZooKeeper.
      assertThatThrownBy(() -> EmbeddedHBaseCluster.builder().regionServers(1).dataDir(dataDir).start())
          .isInstanceOf(InvalidInputException.class)
          .hasMessageStartingWith("data directory " + dataDir.toAbsolutePath() + " is in use by a running cluster");
      try (Admin admin = connection.getAdmin()) {
        admin.createTable(withFamily(name).build());
      }
      try (Table table = connection.getTable(name)) {
        table.put(new Put(Bytes.toBytes("flushed")).addColumn(FAMILY, Bytes.toBytes("q"), Bytes.toBytes("1")));
        try (Admin admin = connection.getAdmin()) {
          admin.flush(name);
        }
        table.put(new Put(Bytes.toBytes("logged")).addColumn(FAMILY, Bytes.toBytes("q"), Bytes.toBytes("2")));
      }
    }
    try (EmbeddedHBaseCluster cluster = EmbeddedHBaseCluster.builder().regionServers(1).dataDir(dataDir).start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration());
        Table table = connection.getTable(name)) {
      // Same ZooKeeper port, so that client configurations written before the restart still work.
      assertThat(cluster.zooKeeperQuorum()).isEqualTo(quorum);
      assertThat(table.get(new Get(Bytes.toBytes("flushed"))).getValue(FAMILY, Bytes.toBytes("q")))
          .isEqualTo(Bytes.toBytes("1"));
      assertThat(table.get(new Get(Bytes.toBytes("logged"))).getValue(FAMILY, Bytes.toBytes("q")))
          .isEqualTo(Bytes.toBytes("2"));
    }
    assertThat(dataDir).isDirectory();
  }

  /**
   * A coprocessor that a table names would run in the servers as the user they run as, for any user of this host (a
   * local cluster's RPC has no authentication): refused, whichever way the table names it, and never started. A
   * cluster of its own: the shared one lets tests inject faults through a table's coprocessor.
   */
  @Test
  void aTableThatNamesACoprocessorIsRefusedAndTheCoprocessorNeverStarts() throws Exception {
    TableName name = TableName.valueOf("names_coprocessor");
    try (EmbeddedHBaseCluster cluster = EmbeddedHBaseCluster.builder().regionServers(1).start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration());
        Admin admin = connection.getAdmin()) {
      for (TableDescriptor naming : List.of(
          withFamily(name).setCoprocessor(StartCounting.class.getName()).build(),
          withFamily(name).setValue("hbase.coprocessor.user.enabled", "true")
              .setCoprocessor(StartCounting.class.getName()).build(),
          withFamily(name).setValue("hbase.coprocessor.user.region.classes", StartCounting.class.getName()).build())) {
        assertThatThrownBy(() -> admin.createTable(naming)).isInstanceOf(DoNotRetryIOException.class)
            .hasMessageContaining("table 'names_coprocessor' ");
      }
      assertThat(admin.tableExists(name)).isFalse();
      admin.createTable(withFamily(name).build());
      assertThatThrownBy(() -> admin.modifyTable(withFamily(name).setCoprocessor(StartCounting.class.getName())
          .build())).isInstanceOf(DoNotRetryIOException.class)
          .hasMessageContaining("table 'names_coprocessor' names the coprocessor " + StartCounting.class.getName());
      assertThat(admin.getDescriptor(name).getCoprocessorDescriptors()).isEmpty();

      // hbase:meta's own endpoint (MultiRowMutationEndpoint, which splits and merges write through) still runs.
      admin.splitRegionAsync(admin.getRegions(name).get(0).getRegionName(), Bytes.toBytes("m"))
          .get(60, TimeUnit.SECONDS);
      List<RegionInfo> halves = admin.getRegions(name);
      admin.mergeRegionsAsync(new byte[][] {halves.get(0).getEncodedNameAsBytes(),
          halves.get(1).getEncodedNameAsBytes()}, false).get(60, TimeUnit.SECONDS);
      assertThat(admin.getRegions(name)).hasSize(1);
    }
    assertThat(StartCounting.STARTS).as("starts of the coprocessor the table named").hasValue(0);
  }

  /** A region coprocessor that counts its starts, which are in this JVM: the embedded RegionServers'. */
  public static final class StartCounting implements RegionCoprocessor {
    static final AtomicInteger STARTS = new AtomicInteger();

    @Override
    @SuppressWarnings("rawtypes")
    public void start(CoprocessorEnvironment env) {
      STARTS.incrementAndGet();
    }
  }

  private static TableDescriptorBuilder withFamily(TableName name) {
    return TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY));
  }
}

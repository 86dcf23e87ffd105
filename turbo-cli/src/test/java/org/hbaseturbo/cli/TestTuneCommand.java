package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hbaseturbo.cli.CommandLineRun.assertRefused;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.testing.EmbeddedHBaseCluster;
import org.hbaseturbo.testing.SharedHBaseCluster;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(SharedHBaseCluster.class)
class TestTuneCommand {
  private static final byte[] F = Bytes.toBytes("f");

  private Path conf;

  @BeforeEach
  void writeClientConfiguration(EmbeddedHBaseCluster cluster, @TempDir Path dir) throws Exception {
    conf = cluster.writeClientConfiguration(dir.resolve("conf")).getParent();
  }

  @Test
  void statusShowsTheClassOfWhatClientsAskDuringTheWindow(Connection connection, @TempDir Path dir)
      throws Exception {
    TableName name = SharedHBaseCluster.uniqueTableName("tuned");
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build());
    }
    try (Table table = connection.getTable(name)) {
      table.put(new Put(Bytes.toBytes("row")).addColumn(F, F, F));
    }
    Path json = dir.resolve("status.json");
    CompletableFuture<CommandLineRun> status = CompletableFuture.supplyAsync(() -> CommandLineRun.of("--conf",
        conf.toString(), "tune", "status", "--table", name.getNameAsString(), "--window", "4", "--json",
        json.toString()));
    // Reads only, while the window is open: 1 second in, for 2 seconds.
    Thread.sleep(1_000);
    int gets = 0;
    try (Table table = connection.getTable(name)) {
      for (long end = System.nanoTime() + 2_000_000_000L; System.nanoTime() < end; gets++) {
        table.get(new Get(Bytes.toBytes("row")));
      }
    }
    CommandLineRun run = status.get();
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("watching the workload for 4 s", "RO-read", "RegionServers at the end");
    JsonNode window = new ObjectMapper().readTree(json.toFile());
    JsonNode classified = window.get("tables").get(name.getNameAsString()).get("classification");
    assertThat(classified.get("workload_class").asText()).isEqualTo("RO_READ");
    assertThat(classified.get("operations").get("gets").asLong()).isEqualTo(gets);
    assertThat(classified.get("operations").get("puts").asLong()).isZero();
    assertThat(window.get("servers")).hasSize(2);
  }

  @Test
  void recommendComparesThePolicyWithTheSettingsInForceAndTheTable(Connection connection, @TempDir Path dir)
      throws Exception {
    TableName name = SharedHBaseCluster.uniqueTableName("recommended");
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
          .build());
    }
    Path json = dir.resolve("recommendation.json");
    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "tune", "recommend", "--class", "RO-read",
        "--table", name.getNameAsString(), "--json", json.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("policy for RO-read: PCM paper, Table V, PCM-RO (Read)");
    JsonNode changes = new ObjectMapper().readTree(json.toFile()).get("changes");
    java.util.Map<String, String> byKey = new java.util.TreeMap<>();
    changes.forEach(change -> byKey.put(change.get("setting").asText(), change.get("current").asText() + " -> "
        + change.get("recommended").asText() + " by " + change.get("route").asText()));
    // The servers run HBase's defaults (0.4 and 0.4, 64 KiB blocks); Table V wants the heap for the cache.
    assertThat(byKey).containsEntry("hfile.block.cache.size", "0.4 -> 0.6 by heap fractions; restart until the"
        + " heap tuner is deployed").containsEntry("hbase.regionserver.global.memstore.size", "0.4 -> 0.1 by heap"
        + " fractions; restart until the heap tuner is deployed").containsEntry("BLOCKSIZE", "65536 -> 32768 by"
        + " column family; new files").containsKey("RegionServer heap");
  }

  @Test
  void policyFilesAndClassesAreCheckedBeforeAnythingIsRead(@TempDir Path dir) throws Exception {
    assertRefused(CommandLineRun.of("--conf", conf.toString(), "tune", "recommend", "--class", "XL"),
        "turbo: --class 'XL' is not a workload class; expected one of BL, WO, WM, MixW, MixRW, MixR, RM, RO-read,"
            + " RO-scan");
    Path policy = dir.resolve("bad.yaml");
    java.nio.file.Files.writeString(policy, "class: WO\nheap_gb: 1\nsettings:\n  hbase.hstore.compaction.min: 12\n");
    assertRefused(CommandLineRun.of("--conf", conf.toString(), "tune", "recommend", "--class", "WO", "--policy",
        policy.toString()), "turbo: " + policy + ", line 4: hbase.hstore.compaction.min = 12 is above"
        + " hbase.hstore.compaction.max = 10, so HBase would never choose a minor compaction; set"
        + " hbase.hstore.compaction.max too");
  }

  @Test
  void statusRefusesWhatItCannotWatch() {
    assertRefused(CommandLineRun.of("tune", "status"), "turbo: 'tune status' works on a running cluster; give its"
        + " client configuration with --conf DIR (for a local one: './turbo cluster start --data DIR' writes"
        + " DIR/client-conf)");
    assertRefused(CommandLineRun.of("--conf", conf.toString(), "tune", "status", "--window", "0"), null);
    assertRefused(CommandLineRun.of("--conf", conf.toString(), "tune", "status", "--table", "no_such_table"),
        "turbo: table 'no_such_table' does not exist on the cluster");
  }
}

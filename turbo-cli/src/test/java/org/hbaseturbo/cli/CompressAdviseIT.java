package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hbaseturbo.cli.CommandLineRun.assertRefused;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(SharedHBaseCluster.class)
class CompressAdviseIT {
  private static final byte[] FAMILY = Bytes.toBytes("readings");
  private static final int ROWS = 4_000;

  private Path conf;

  @BeforeEach
  void writeClientConfiguration(EmbeddedHBaseCluster cluster, @TempDir Path dir) throws Exception {
    conf = cluster.writeClientConfiguration(dir.resolve("conf")).getParent();
  }

  @Test
  void advisesAppliesAndTheDataReadsBackUnchanged(Connection connection, @TempDir Path dir) throws Exception {
    TableName name = SharedHBaseCluster.uniqueTableName("advise");
    List<byte[]> values = createAndLoad(connection, name);
    Path json = dir.resolve("advice.json");

    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "compress", "advise", "--table",
        name.getNameAsString(), "--objective", "storage", "--sample-rows", "2000", "--jvms", "1",
        "--run-off-jvms", "1", "--repeats", "1", "--warmup-time", "0s", "--json", json.toString(), "--apply");

    run.assertSucceeded();
    JsonNode advice = new ObjectMapper().readTree(json.toFile());
    JsonNode measured = advice.get("measured");
    assertThat(measured.get("screening")).hasSize(30);
    JsonNode chosen = advice.get("recommendations").get(0).get("option");
    assertThat(advice.get("recommendations").get(0).get("objective").asText()).isEqualTo("STORAGE");
    // One screening JVM: the finalists are the three objectives' choices (storage's is compressed, speed's not),
    // measured again in the one run-off JVM; each JVM's own trials are written beside the medians.
    JsonNode finalists = measured.get("per_jvm").get("finalists");
    assertThat(finalists.size()).isBetween(2, 3);
    assertThat(measured.get("finals")).hasSize(finalists.size());
    assertThat(measured.get("per_jvm").get("screening_per_jvm")).hasSize(1)
        .allSatisfy(jvm -> assertThat(jvm).hasSize(30));
    assertThat(measured.get("per_jvm").get("run_off_per_jvm")).hasSize(1)
        .allSatisfy(jvm -> assertThat(jvm).hasSize(finalists.size()));
    assertThat(advice.get("recommendations")).hasSize(3).allSatisfy(recommendation -> {
      assertThat(finalists).contains(recommendation.get("option"));
      // A rival is a finalist too close to call: behind the choice by no more than the two JVMs disagree about them.
      recommendation.get("rivals").forEach(rival -> {
        assertThat(finalists).contains(rival.get("option"));
        assertThat(rival.get("difference").asDouble()).isLessThanOrEqualTo(rival.get("spread").asDouble());
      });
      assertThat(recommendation.get("reason").asText()).doesNotContain("own figures");
    });
    assertThat(run.out()).contains("finalists, measured again in 1 more JVM (medians over 2):");
    try (Admin admin = connection.getAdmin()) {
      ColumnFamilyDescriptor family = admin.getDescriptor(name).getColumnFamily(FAMILY);
      assertThat(family.getCompressionType().name()).isEqualTo(chosen.get("compression").asText());
      assertThat(family.getDataBlockEncoding().name()).isEqualTo(chosen.get("encoding").asText());
    }
    // Slowly varying sensor text compresses well: the storage choice must really have shrunk the files.
    assertThat(chosen.get("compression").asText()).isNotEqualTo("NONE");
    long before = advice.get("applied").get("before").get("file_bytes").asLong();
    long after = advice.get("applied").get("after").get("file_bytes").asLong();
    assertThat(after).isPositive().isLessThan(before / 2);
    assertThat(run.out()).contains("major compaction finished", "bytes before");
    assertThat(read(connection, name)).containsExactlyElementsOf(values);
  }

  @Test
  void unknownTableOrObjectiveAndEmptyTablesAreRefused(Connection connection) throws Exception {
    // The advisor's refusals (AdvisorRunIT) are the command's bad input: exit code 2, one line.
    assertRefused(CommandLineRun.of("--conf", conf.toString(), "compress", "advise", "--table", "nosuch"),
        "turbo: table 'nosuch' does not exist on the cluster");
    TableName name = SharedHBaseCluster.uniqueTableName("empty");
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
    }
    // An empty family shows only once sampled: the progress line is printed, then the refusal.
    CommandLineRun empty = CommandLineRun.of("--conf", conf.toString(), "compress", "advise", "--table",
        name.getNameAsString());
    assertThat(empty.exitCode()).isEqualTo(TurboMain.EXIT_BAD_INPUT);
    assertThat(empty.err().strip()).isEqualTo("turbo: family 'readings' of table '" + name + "' holds no cells to"
        + " sample");
    assertThat(empty.out()).startsWith("sampling up to 5,000 rows of " + name + ":readings");
    CommandLineRun objective = CommandLineRun.of("compress", "advise", "--table", "t", "--objective", "cheap");
    assertThat(objective.exitCode()).isEqualTo(TurboMain.EXIT_BAD_INPUT);
    assertThat(objective.err()).contains("Invalid value for option '--objective'", "cheap");
  }

  @Test
  void aCodecThatFailsOnARegionServerIsRefusedAndNothingIsModified(Connection connection) throws Exception {
    TableName name = SharedHBaseCluster.uniqueTableName("refused");
    createAndLoad(connection, name);
    ColumnFamilyDescriptor before;
    try (Admin admin = connection.getAdmin()) {
      before = admin.getDescriptor(name).getColumnFamily(FAMILY);
    }
    // Hadoop's pure-Java BZip2 codec does not work through HBase's compression API: each RegionServer says so.
    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "compress", "advise", "--table",
        name.getNameAsString(), "--apply", "--use", "fast_diff+bzip2");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(TurboMain.EXIT_BAD_INPUT);
    assertThat(run.err()).startsWith("turbo: not applying FAST_DIFF+BZIP2: bzip2 does not work on RegionServer ")
        .contains("nothing was modified");
    try (Admin admin = connection.getAdmin()) {
      assertThat(admin.getDescriptor(name).getColumnFamily(FAMILY)).isEqualTo(before);
    }
    assertRefused(CommandLineRun.of("--conf", conf.toString(), "compress", "advise", "--table",
        name.getNameAsString(), "--apply", "--use", "FAST+ZSTD"),
        "turbo: unknown data block encoding 'FAST' in 'FAST+ZSTD': expected one of NONE, PREFIX, DIFF, FAST_DIFF,"
            + " ROW_INDEX_V1");
    assertRefused(CommandLineRun.of("--conf", conf.toString(), "compress", "advise", "--table",
        name.getNameAsString(), "--apply", "--use", "DIFF+zip"),
        "turbo: unknown compression 'zip' in 'DIFF+zip': expected one of lzo, gz, none, snappy, lz4, bzip2, zstd,"
            + " lzma, brotli");
  }


  private static List<byte[]> createAndLoad(Connection connection, TableName name) throws Exception {
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
    }
    Random random = new Random(3);
    List<byte[]> values = new ArrayList<>();
    List<Put> puts = new ArrayList<>();
    double temperature = 20;
    for (int i = 0; i < ROWS; i++) {
      temperature += random.nextGaussian() * 0.05;
      byte[] value = Bytes.toBytes(String.format("{\"house\":%d,\"temp\":%.2f,\"gas\":%.3f}", i % 5, temperature,
          0.03 + random.nextGaussian() * 0.001));
      values.add(value);
      puts.add(new Put(Bytes.toBytes(String.format("house%d-%010d", i % 5, 1_700_000_000L + i)))
          .addColumn(FAMILY, Bytes.toBytes("json"), value));
    }
    try (Table table = connection.getTable(name)) {
      table.put(puts);
    }
    // Rows sort by house, then time: the order the scan returns them in.
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      order.add(i);
    }
    order.sort((a, b) -> Bytes.compareTo(Bytes.toBytes(String.format("house%d-%010d", a % 5, 1_700_000_000L + a)),
        Bytes.toBytes(String.format("house%d-%010d", b % 5, 1_700_000_000L + b))));
    return order.stream().map(values::get).toList();
  }

  private static List<byte[]> read(Connection connection, TableName name) throws Exception {
    List<byte[]> values = new ArrayList<>();
    try (Table table = connection.getTable(name); ResultScanner scanner = table.getScanner(new Scan())) {
      for (Result row : scanner) {
        values.add(row.getValue(FAMILY, Bytes.toBytes("json")));
      }
    }
    return values;
  }
}

package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.cluster.regime.CgroupV1Group;
import org.hbaseturbo.cluster.regime.ServerConfinement;
import org.hbaseturbo.cluster.regime.ServerRegime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RegionServers confined like nodes of their own ({@code --regime disk}): each JVM runs in a memory and a block I/O
 * group of its own from its start, serves writes, a flush and reads, and its groups are gone once the cluster stops.
 * Runs its own clusters, as root (the suite's machines; cgroup v1 as ../shared/notes/faults-and-regimes.md says).
 */
class ConfinedProcessClusterIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final long NODE = 1536L << 20;

  @Test
  void eachRegionServerRunsInGroupsOfItsOwnAndTheyGoWithTheCluster(@TempDir Path data) throws Exception {
    ServerConfinement node = new ServerConfinement(NODE, Optional.of(ServerRegime.HDD_PAIR));
    List<Path> groups = new ArrayList<>();
    try (ProcessHBaseCluster cluster = ProcessHBaseCluster.builder().regionServers(2).regionServerHeap("768m")
        .confine(node).dataDir(data.resolve("cluster")).start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration())) {
      long launcher = ProcessHandle.current().pid();
      for (int i = 0; i < 2; i++) {
        long pid = cluster.regionServerPids().get(i);
        String name = CgroupV1Group.name(i, launcher);
        assertThat(Files.readString(Path.of("/proc", Long.toString(pid), "cgroup")))
            .as("RegionServer %d's groups", i).contains(":memory:/" + name + "\n", ":blkio:/" + name + "\n");
        Path memory = CgroupV1Group.ROOT.resolve("memory").resolve(name);
        assertThat(Files.readString(memory.resolve("memory.limit_in_bytes")).trim()).isEqualTo(Long.toString(NODE));
        groups.add(memory);
        groups.add(CgroupV1Group.ROOT.resolve("blkio").resolve(name));
      }

      TableName name = TableName.valueOf("confined");
      try (Admin admin = connection.getAdmin(); Table table = connection.getTable(name)) {
        admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
            .build(), new byte[][] {Bytes.toBytes("r5")});
        byte[] value = new byte[1024];
        List<Put> puts = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
          puts.add(new Put(Bytes.toBytes("r" + i)).addColumn(F, F, value));
        }
        table.put(puts);
        admin.flush(name);
        for (int i = 0; i < 2_000; i += 97) {
          assertThat(table.get(new Get(Bytes.toBytes("r" + i))).getValue(F, F)).hasSize(1024);
        }
      }
      // Each server sees its node's memory as its machine's, and says so: PCM's policies size heaps from it.
      assertThat(new ServerStatsReader(connection).workload().servers()).hasSize(2).allSatisfy(server -> {
        assertThat(server.hostMemoryBytes()).isEqualTo(NODE);
        assertThat(server.memoryOfItsOwn()).isTrue();
      });
      assertThat(cluster.confinedUse()).hasSize(2).allSatisfy(use -> {
        assertThat(use.peakMemoryBytes()).as("charged to the group: at least the JVM's own 100 MiB")
            .isGreaterThan(100L << 20).isLessThanOrEqualTo(NODE);
        assertThat(use.pageCacheBytes()).as("its WAL and the flushed files, in its node's page cache").isPositive()
            .isLessThan(use.peakMemoryBytes());
      });
    }
    assertThat(groups).hasSize(4).allSatisfy(group -> assertThat(group).doesNotExist());
  }

  @Test
  void aCommandThatStartsAClusterConfinesItWithRegimeDisk(@TempDir Path data) throws Exception {
    CommandLineRun load = CommandLineRun.of("ycsb", "load", "--cluster", "processes", "--regime", "disk",
        "--regionservers", "1", "--data", data.resolve("cluster").toString(), "--workload", "a", "--threads", "1",
        "-p", "recordcount=500");
    load.assertSucceeded();
    assertThat(load.out()).contains("each confined to 2048 MiB and 240 MB/s, 200 operations/s each way");
    assertThat(ourGroups()).as("groups left after the command").isEmpty();
  }

  /**
   * {@code bench pcm --regime disk}: every variant's RegionServers in nodes of 2 GiB, the policies' heap sized from a
   * node's memory (half of it, one RegionServer a node), requests drawn as {@code -p} says, all in the report.
   */
  @Test
  void benchPcmRunsEachVariantInNodesAndSaysSo(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("out");
    CommandLineRun run = CommandLineRun.of("bench", "pcm", "--regime", "disk", "--classes", "RO-read", "--variants",
        "defaults,pcm", "--records", "2000", "--run-time", "2s", "--runs", "1", "--threads", "2", "--warmup", "500",
        "--warmup-quiet", "0s", "--server-warmup-runs", "1", "--no-adaptivity", "-p",
        "requestdistribution=uniform", "--out", out.toString());
    run.assertSucceeded();
    assertThat(run.out()).contains("each in a node of 2048 MiB", "regime disk");
    JsonNode parameters = new ObjectMapper().readTree(out.resolve("pcm.json").toFile()).get("parameters");
    assertThat(parameters.get("regime").asText()).isEqualTo("disk");
    assertThat(parameters.get("node_memory_bytes").asLong()).isEqualTo(ServerRegime.DISK_NODE_MEMORY);
    assertThat(parameters.get("node_disk_bytes_per_second").asLong()).isEqualTo(240_000_000L);
    assertThat(parameters.get("policy_heap").asText()).isEqualTo("1024m");
    assertThat(parameters.get("ycsb_properties").get("requestdistribution").asText()).isEqualTo("uniform");
    assertThat(ourGroups()).as("groups left after the benchmark").isEmpty();
  }

  /** Groups of this JVM's clusters. */
  private static List<Path> ourGroups() throws IOException {
    String suffix = "-" + ProcessHandle.current().pid();
    List<Path> left = new ArrayList<>();
    for (String controller : List.of("memory", "blkio")) {
      try (Stream<Path> groups = Files.list(CgroupV1Group.ROOT.resolve(controller))) {
        groups.filter(group -> group.getFileName().toString().startsWith("turbo-rs")
            && group.getFileName().toString().endsWith(suffix)).forEach(left::add);
      }
    }
    return left;
  }
}

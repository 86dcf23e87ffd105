package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code turbo fastpath check} on the shared cluster, whose RegionServers all run the fast path. */
@ExtendWith(SharedHBaseCluster.class)
class FastPathCheckIT {
  @Test
  void everyRegionServerIsUpOverTheTransportUcxChose(EmbeddedHBaseCluster cluster, @TempDir Path dir)
      throws Exception {
    JsonNode report = check(clientConf(cluster, dir, null), dir);
    assertThat(report.get("servers")).hasSize(cluster.regionServerCount());
    for (JsonNode server : report.get("servers")) {
      assertThat(server.get("state").asText()).as("%s", server).isEqualTo("UP");
      assertThat(server.get("detail").asText()).as("%s", server).isEmpty();
      // One host: UCX picks shared memory (POSIX segments, the only kind allowed) for this client's endpoint.
      assertThat(server.get("transport").asText()).as("%s", server).contains("/memory");
      assertThat(server.get("p50_micros").asDouble()).isPositive();
      assertThat(server.get("round_trips").asInt()).isEqualTo(50);
      assertThat(server.get("server_runtime").asText()).startsWith("jucx ").contains("libucp");
    }
    assertThat(report.get("client_runtime").asText()).startsWith("jucx ").contains("libucp");
  }

  @Test
  void aClientLimitedToTcpIsServedOverTcp(EmbeddedHBaseCluster cluster, @TempDir Path dir) throws Exception {
    JsonNode report = check(clientConf(cluster, dir, "tcp"), dir);
    assertThat(report.get("transports").asText()).isEqualTo("tcp (network devices lo)");
    for (JsonNode server : report.get("servers")) {
      assertThat(server.get("state").asText()).as("%s", server).isEqualTo("UP");
      assertThat(server.get("transport").asText()).as("%s", server).contains("tcp/");
    }
  }

  @Test
  void aClientWhoseUcxCannotStartFailsWithItsReason(EmbeddedHBaseCluster cluster, @TempDir Path dir)
      throws Exception {
    CommandLineRun run = CommandLineRun.of("--conf", clientConf(cluster, dir, "no-such-transport").toString(),
        "fastpath", "check", "--round-trips", "5");
    assertThat(run.exitCode()).as(run.out()).isEqualTo(TurboMain.EXIT_FAILURE);
    assertThat(run.out()).contains("the check's client JVM failed");
  }

  /** Gives every RegionServer a region, so that every one can be checked: a new table's, moved there if need be. */
  private static void regionOnEveryServer() throws Exception {
    TableName name = SharedHBaseCluster.uniqueTableName("check");
    try (Admin admin = SharedHBaseCluster.connection().getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f")).build(), Bytes.toBytes("a"), Bytes.toBytes("z"), 4);
      List<RegionInfo> regions = admin.getRegions(name);
      int next = 0;
      for (ServerName server : admin.getRegionServers()) {
        if (admin.getRegions(server).isEmpty()) {
          admin.move(regions.get(next++).getEncodedNameAsBytes(), server);
        }
      }
    }
  }

  private static Path clientConf(EmbeddedHBaseCluster cluster, Path dir, String transports) throws Exception {
    Path site = cluster.writeClientConfiguration(dir.resolve("conf"));
    if (transports != null) {
      Files.writeString(site, Files.readString(site).replace("</configuration>",
          "<property><name>turbo.fastpath.transports</name><value>" + transports + "</value></property>"
              + "</configuration>"));
    }
    return site.getParent();
  }

  private static JsonNode check(Path conf, Path dir) throws Exception {
    regionOnEveryServer();
    Path json = dir.resolve("check.json");
    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "fastpath", "check", "--round-trips", "50",
        "--json", json.toString());
    run.assertSucceeded();
    assertThat(run.out()).contains("the fast path is up on every RegionServer", "transport (UCX's choice)");
    return new ObjectMapper().readTree(json.toFile());
  }
}

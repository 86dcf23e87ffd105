package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.cluster.WithoutNativeUcx;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process cluster whose second RegionServer cannot load the native UCX library (a mount namespace binds
 * /dev/null over libucp, as on a host where it is broken): that server starts and serves everything over RPC, a
 * YCSB load and run over the fast path complete with no failed operation, the fast path carrying the first server's
 * share, and {@code fastpath check} names the second server and the reason. Runs its own cluster.
 */
class ProcessClusterWithoutUcxIT {
  @Test
  void aRegionServerWithoutUcxServesOverRpcAndSaysWhy(@TempDir Path data) throws Exception {
    assumeTrue(WithoutNativeUcx.possible(), WithoutNativeUcx.needs());
    try (ProcessHBaseCluster cluster = ProcessHBaseCluster.builder().regionServers(2).regionServerHeap("384m")
        .regionServerWrapper(1, WithoutNativeUcx.wrapper()).dataDir(data.resolve("cluster")).start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration())) {
      Path clientConf = cluster.writeClientConfiguration(data.resolve("client-conf")).getParent();
      assertThat(Files.readString(data.resolve("cluster/logs/regionserver-1.log")))
          .contains("runs without the fast path", "libucp.so.0", "apt-get install libucx0");

      CommandLineRun load = CommandLineRun.of("--conf", clientConf.toString(), "ycsb", "load", "--db", "fastpath",
          "--workload", "a", "--threads", "2", "-p", "recordcount=4000", "--regions", "4");
      load.assertSucceeded();
      CommandLineRun run = CommandLineRun.of("--conf", clientConf.toString(), "ycsb", "run", "--db", "fastpath",
          "--workload", "a", "--threads", "2", "-p", "recordcount=4000", "-p", "operationcount=4000");
      run.assertSucceeded();
      assertThat(run.out()).doesNotContain("FAILED");
      assertThat(new ServerStatsReader(connection).read().counters().orElseThrow().fastPathBytes())
          .as("bytes the first RegionServer's fast path carried").isPositive();

      ServerName withoutFastPath;
      try (Admin admin = connection.getAdmin()) {
        withoutFastPath = admin.getRegionServers().stream()
            .filter(server -> server.getPort() == cluster.regionServerPorts().get(1)).findFirst().orElseThrow();
      }
      CommandLineRun check = CommandLineRun.of("--conf", clientConf.toString(), "fastpath", "check",
          "--round-trips", "5");
      assertThat(check.exitCode()).as(check.out()).isEqualTo(TurboMain.EXIT_FAILURE);
      assertThat(check.out().lines().filter(line -> line.startsWith(withoutFastPath.toString())).findFirst())
          .as(check.out()).hasValueSatisfying(line -> assertThat(line).contains("down")
              .contains("runs without the fast path").contains("libucp.so.0"));
      assertThat(check.out()).contains("the fast path is down on 1 of 2 RegionServers");
      assertThat(check.out().lines().filter(line -> line.contains(" up ")).count()).as(check.out()).isEqualTo(1);
    }
  }
}

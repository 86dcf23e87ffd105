package org.hbaseturbo.bench.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The paper's latency breakdown: the server's processing timed in-process, and the split of each p50. */
@ExtendWith(SharedHBaseCluster.class)
class LatencyBreakdownIT {
  @Test
  void theServerHoldingTheRecordTimesItsGetAndPutInProcess(EmbeddedHBaseCluster cluster, Connection connection,
      @TempDir Path dir) throws Exception {
    TableName table = InProcessTable.create(connection, "breakdown", 1, 1024);
    ClusterTarget inProcess = new ClusterTarget(connection, dir, "shared", cluster.regionServers(), true);
    ServerProcessing server = ServerProcessing.of(inProcess, table).orElseThrow();
    assertThat(server.getP50Us()).isPositive().isLessThan(100_000);
    assertThat(server.putP50Us()).isPositive().isLessThan(100_000);
    // A cluster outside this JVM cannot be timed from inside.
    assertThat(ServerProcessing.of(new ClusterTarget(connection, dir, "elsewhere"), table)).isEmpty();
  }

  @Test
  void eachMicroBenchmarkVariantSplitsIntoServerProcessingAndCommunication(@TempDir Path dir) throws Exception {
    BenchmarkReport report = new BenchmarkReport("fastpath", Map.of(), Map.of(),
        Map.of(LatencyBreakdown.PARAMETER, Map.of("get-1KB", 20.0)),
        List.of(result("get-1KB native", 100), result("get-1KB fastpath-shm", 25), result("read native", 900)));

    String table = LatencyBreakdown.render(report).orElseThrow();
    assertThat(table).contains("get-1KB", "native", "100.0", "20.0", "80.0", "80%")
        .contains("fastpath-shm", "25.0", "5.0").doesNotContain("read");
    Path chart = LatencyBreakdown.chart(report, dir, "fastpath").orElseThrow();
    assertThat(Files.size(chart)).isPositive();

    BenchmarkReport withoutTimings = new BenchmarkReport("fastpath", Map.of(), Map.of(), Map.of(),
        report.results());
    assertThat(LatencyBreakdown.render(withoutTimings)).isEmpty();
  }

  private static VariantResult result(String name, double p50Us) {
    return new VariantResult(name, 1, 1000, new Latency(p50Us, 2 * p50Us, 3 * p50Us), "READ", 1000.0, null, 50.0,
        80.0, 3, 10_000, 0, Map.of(), null, List.of());
  }
}

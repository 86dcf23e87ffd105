package org.hbaseturbo.bench.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RegionServers' own CPU per operation and operations a second, called in-process: a batch of 100 rows costs more
 * than one row, and fewer of them complete a second.
 */
@ExtendWith(SharedHBaseCluster.class)
class ServerFloorIT {
  @Test
  void aBatchOfRowsCostsTheServersMoreThanOneRow(EmbeddedHBaseCluster cluster, Connection connection,
      @TempDir Path dir) throws Exception {
    TableName table = InProcessTable.create(connection, "floor", 1_000, 100, Bytes.toBytes("user5"));
    ClusterTarget shared = new ClusterTarget(connection, dir, "shared", cluster.regionServers(), true);
    ServerFloor floor = ServerFloor.of(shared, table).orElseThrow();

    ServerFloor.Measure read = floor.measure(FastPathWorkload.READ, 2);
    ServerFloor.Measure multiget = floor.measure(FastPathWorkload.MULTIGET, 2);
    ServerFloor.Measure update = floor.measure(FastPathWorkload.UPDATE, 2);

    assertThat(read.cpuUsPerOperation()).isPositive().isLessThan(multiget.cpuUsPerOperation() / 10);
    assertThat(update.cpuUsPerOperation()).isPositive();
    // A batch of 100 rows takes longer than one row, so fewer of them complete a second.
    assertThat(multiget.operationsPerSecond()).isPositive().isLessThan(read.operationsPerSecond() / 10);
    assertThat(update.operationsPerSecond()).isPositive();
    // A cluster outside this JVM cannot be called in-process.
    assertThat(ServerFloor.of(new ClusterTarget(connection, dir, "elsewhere"), table)).isEmpty();
  }
}

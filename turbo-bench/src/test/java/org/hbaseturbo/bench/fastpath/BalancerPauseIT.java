package org.hbaseturbo.bench.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Closeable;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A benchmark pauses the balancer of a cluster it started, embedded or as processes (none of whose RegionServers run in
 * its JVM), and leaves an operator's cluster's alone.
 */
@ExtendWith(SharedHBaseCluster.class)
class BalancerPauseIT {
  @Test
  void aClusterTheCommandStartedHasItsBalancerPausedThenRestored(Connection connection, @TempDir Path dir)
      throws Exception {
    try (Admin admin = connection.getAdmin()) {
      boolean before = admin.isBalancerEnabled();
      admin.balancerSwitch(true, true);
      try {
        ClusterTarget processes = new ClusterTarget(connection, dir, "processes", List.of(), true);
        Closeable paused = processes.balancerPaused();
        assertThat(admin.isBalancerEnabled()).isFalse();
        paused.close();
        assertThat(admin.isBalancerEnabled()).isTrue();

        ClusterTarget operators = new ClusterTarget(connection, dir, "given by --conf");
        Closeable untouched = operators.balancerPaused();
        assertThat(admin.isBalancerEnabled()).isTrue();
        untouched.close();
      } finally {
        admin.balancerSwitch(before, true);
      }
    }
  }
}

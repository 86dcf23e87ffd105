package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Closeable;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.hadoop.hbase.client.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a command is given to run against, as {@link TargetCluster#open} wires it: a cluster the command started is
 * its own, whose balancer a benchmark pauses; the same cluster given by {@code --conf} is an operator's, whose balancer
 * it leaves alone. {@code BalancerPauseIT} covers the pause itself; this covers who is told the cluster is theirs.
 */
class TargetClusterBalancerIT {
  @Test
  void aClusterTheCommandStartedIsItsOwnAndOneGivenByConfIsNot(@TempDir Path dir) throws Exception {
    TargetCluster.LocalSettings embedded = new TargetCluster.LocalSettings(false, 1, Optional.empty(),
        TargetCluster.LOOPBACK, Optional.empty(), Map.of(), Optional.empty(), OptionalInt.empty(), false,
        Optional.empty());
    PrintWriter out = new PrintWriter(new StringWriter());
    try (TargetCluster started = TargetCluster.open(Optional.empty(), embedded, dir.resolve("started"), out);
        Admin admin = started.target().connection().getAdmin()) {
      assertThat(started.target().started()).isTrue();
      admin.balancerSwitch(true, true);
      Closeable paused = started.target().balancerPaused();
      assertThat(admin.isBalancerEnabled()).as("paused for the command's run").isFalse();
      paused.close();
      assertThat(admin.isBalancerEnabled()).as("restored").isTrue();

      Path conf = dir.resolve("started").resolve("hbase-conf");
      try (TargetCluster given = TargetCluster.open(Optional.of(conf), embedded, dir.resolve("given"), out)) {
        assertThat(given.target().started()).isFalse();
        Closeable untouched = given.target().balancerPaused();
        assertThat(admin.isBalancerEnabled()).as("an operator's balancer").isTrue();
        untouched.close();
      }
    }
  }
}

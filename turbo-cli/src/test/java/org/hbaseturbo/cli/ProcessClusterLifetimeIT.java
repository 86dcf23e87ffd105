package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No process of a process cluster outlives {@code cluster start --processes} stopped by Ctrl-C: not its RegionServers,
 * nor what runs and watches them. Processes are found by a mark in their environment
 * ({@link ClusterProcess#processes()}), so that one whose parent ended, and that init took over, is found too. The
 * launcher's SIGTERM and SIGKILL are ProcessClusterIT's, which stops its launchers so anyway: each case here would
 * start a cluster of its own again.
 */
class ProcessClusterLifetimeIT {
  @Test
  void nothingIsLeftOnceTheLauncherExitedAfterCtrlC(@TempDir Path dir) throws Exception {
    ClusterProcess launcher = ClusterProcess.start(dir.resolve("data"), dir.resolve("conf"), "--processes",
        "--regionservers", "1", "--rs-heap", "384m");
    String printed;
    List<String> left;
    try {
      assertThat(launcher.processes()).as("the launcher's processes, found by their mark")
          .contains(launcher.process().toHandle()).anyMatch(ProcessClusterLifetimeIT::isRegionServer);
      printed = launcher.interrupt();
    } finally {
      left = ClusterProcess.describe(launcher.processes());
      launcher.processes().forEach(ProcessHandle::destroyForcibly);
    }
    assertThat(printed).contains("process cluster stopped")
        .as("the clusters' own exit hook, once the command's stopped the cluster").doesNotContain("stopping the local"
            + " cluster");
    assertThat(left).as("processes left once the launcher exited").isEmpty();
  }

  private static boolean isRegionServer(ProcessHandle process) {
    return List.of(process.info().arguments().orElse(new String[0]))
        .contains("org.apache.hadoop.hbase.regionserver.HRegionServer");
  }
}

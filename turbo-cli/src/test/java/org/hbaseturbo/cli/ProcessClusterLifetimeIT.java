package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No process of a process cluster outlives {@code cluster start --processes}: not its RegionServers, nor what runs
 * and watches them. Processes are found by a mark in their environment ({@link ClusterProcess#processes()}), so
 * that one whose parent ended, and that init took over, is found too. Each case starts a cluster of its own.
 */
class ProcessClusterLifetimeIT {
  /**
   * Far above what a RegionServer takes to stop here (seconds), and above the watch's 30 s between its SIGTERM and
   * its SIGKILL, so that only a RegionServer that never ends reaches it.
   */
  private static final long REGION_SERVER_END_SECONDS = 60;
  /** Far above the milliseconds that the watch of a RegionServer takes to end once the RegionServer has. */
  private static final long WATCH_END_SECONDS = 5;

  @Test
  void nothingIsLeftOnceTheLauncherExitedAfterSigterm(@TempDir Path dir) throws Exception {
    assertNothingLeftOnceItExited(dir, ClusterProcess::stop);
  }

  @Test
  void nothingIsLeftOnceTheLauncherExitedAfterCtrlC(@TempDir Path dir) throws Exception {
    assertNothingLeftOnceItExited(dir, ClusterProcess::interrupt);
  }

  /** A way to stop the launcher that lets it stop its cluster: it returns what the launcher printed. */
  @FunctionalInterface
  private interface Stop {
    String stop(ClusterProcess launcher) throws Exception;
  }

  private static void assertNothingLeftOnceItExited(Path dir, Stop stop) throws Exception {
    ClusterProcess launcher = start(dir);
    String printed;
    List<String> left;
    try {
      printed = stop.stop(launcher);
    } finally {
      left = ClusterProcess.describe(launcher.processes());
      launcher.processes().forEach(ProcessHandle::destroyForcibly);
    }
    assertThat(printed).contains("process cluster stopped");
    assertThat(left).as("processes left once the launcher exited").isEmpty();
  }

  @Test
  void nothingIsLeftOnceTheRegionServerEndedAfterSigkillOfTheLauncher(@TempDir Path dir) throws Exception {
    ClusterProcess launcher = start(dir);
    List<String> left;
    try {
      ProcessHandle regionServer = launcher.processes().stream().filter(ProcessClusterLifetimeIT::isRegionServer)
          .findFirst().orElseThrow(() -> new AssertionError("no RegionServer JVM among the launcher's processes"));
      // No shutdown hook runs: the RegionServer sees its input from the launcher end, and the watch ends it.
      launcher.kill();
      assertThat(regionServer.onExit()).as("the RegionServer ended after its launcher was killed")
          .succeedsWithin(REGION_SERVER_END_SECONDS, TimeUnit.SECONDS);
      left = ClusterProcess.describe(awaitNone(launcher));
    } finally {
      launcher.processes().forEach(ProcessHandle::destroyForcibly);
    }
    assertThat(left).as("processes left " + WATCH_END_SECONDS + " s after the RegionServer ended").isEmpty();
  }

  private static ClusterProcess start(Path dir) throws Exception {
    ClusterProcess launcher = ClusterProcess.start(dir.resolve("data"), dir.resolve("conf"), "--processes",
        "--regionservers", "1", "--rs-heap", "384m");
    try {
      assertThat(launcher.processes()).as("the launcher's processes, found by their mark")
          .contains(launcher.process().toHandle()).anyMatch(ProcessClusterLifetimeIT::isRegionServer);
    } catch (Throwable failure) {
      launcher.processes().forEach(ProcessHandle::destroyForcibly);
      throw failure;
    }
    return launcher;
  }

  private static boolean isRegionServer(ProcessHandle process) {
    return List.of(process.info().arguments().orElse(new String[0]))
        .contains("org.apache.hadoop.hbase.regionserver.HRegionServer");
  }

  /** The launcher's processes still running once none is, or {@link #WATCH_END_SECONDS} passed. */
  private static List<ProcessHandle> awaitNone(ClusterProcess launcher) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WATCH_END_SECONDS);
    List<ProcessHandle> left = launcher.processes();
    while (!left.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(100);
      left = launcher.processes();
    }
    return left;
  }
}

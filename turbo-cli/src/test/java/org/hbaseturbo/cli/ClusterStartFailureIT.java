package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command that starts a local cluster whose RegionServers abort as they start (a planted coprocessor that throws):
 * it fails within two minutes, exit code 1, with one line that names the server and quotes the cause from its log,
 * and leaves no process behind. Each case starts a cluster of its own in a JVM of its own (this is what it tests).
 */
class ClusterStartFailureIT {
  /** What a user may wait to learn that the cluster will not come up; a failed start takes 15-40 s here. */
  private static final Duration BOUND = Duration.ofMinutes(2);

  @Test
  void clusterStartOfAnEmbeddedClusterFailsWithTheAbortedServerAndItsCause(@TempDir Path dir) throws Exception {
    ClusterProcess command = ClusterProcess.launch(List.of("cluster", "start", "--data", dir.resolve("data")
        .toString(), "--site", AbortingRegionServerCoprocessor.siteFile(dir).toString()));
    String error = assertFailed(command);
    assertThat(error).matches("turbo: RegionServer 0 \\(127\\.0\\.0\\.1,[0-9]+,[0-9]+\\) aborted while starting: .*");
  }

  @Test
  void ycsbLoadOnAProcessClusterFailsWithTheAbortedServerAndItsCause(@TempDir Path dir) throws Exception {
    Path data = dir.resolve("data");
    ClusterProcess command = ClusterProcess.launch(List.of("ycsb", "load", "--workload", "c", "--cluster",
        "processes", "--regionservers", "2", "--rs-heap", "384m", "--data", data.toString(), "--site",
        AbortingRegionServerCoprocessor.siteFile(dir).toString(), "--out", dir.resolve("out").toString()));
    String error = assertFailed(command);
    assertThat(error).matches("turbo: RegionServer [01] \\(pid [0-9]+\\) aborted while starting: .*")
        .contains("see " + data.toAbsolutePath().resolve("logs").resolve("regionserver-"));
  }

  /** Its error line, once it was checked to exit in time with exit code 1, quoting the cause, leaving nothing. */
  private static String assertFailed(ClusterProcess command) throws Exception {
    int exit;
    List<String> left;
    try {
      exit = command.awaitExit(BOUND);
    } finally {
      left = ClusterProcess.describe(command.processes());
      command.processes().forEach(ProcessHandle::destroyForcibly);
    }
    String printed = command.printed();
    assertThat(exit).as(printed).isEqualTo(TurboMain.EXIT_FAILURE);
    List<String> errors = printed.lines().filter(line -> line.startsWith("turbo: ")).toList();
    assertThat(errors).as(printed).singleElement().asString()
        .contains("ABORTING region server", "The coprocessor " + AbortingRegionServerCoprocessor.class.getName()
            + " threw java.io.IOException: " + AbortingRegionServerCoprocessor.FAULT);
    assertThat(left).as("processes left by the failed start").isEmpty();
    return errors.get(0);
  }
}

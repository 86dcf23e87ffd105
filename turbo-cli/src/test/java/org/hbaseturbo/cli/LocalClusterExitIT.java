package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.hbaseturbo.common.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command stopped (SIGTERM, Ctrl-C) while the local cluster it started runs, or while it starts, stops that cluster
 * before it exits: no temporary data directory, and no server process, is left. Each command runs in a JVM whose
 * temporary directory is the test's own, and loads far more records than it gets to before it is stopped.
 */
class LocalClusterExitIT {
  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

  @Test
  void sigtermStopsTheEmbeddedClusterAndDeletesItsTemporaryDirectory(@TempDir Path dir) throws Exception {
    ClusterProcess command = loadInto(dir, "--regionservers", "1");
    command.awaitLine("embedded HBase started", START_TIMEOUT);
    assertThat(clusterDirectories(dir)).as("the cluster's temporary directory while it runs").hasSize(1);

    String printed = command.stop();

    assertThat(clusterDirectories(dir)).as("temporary cluster directories left after SIGTERM").isEmpty();
    assertThat(printed).contains("stopping the local cluster in " + dir);
  }

  @Test
  void ctrlCStopsTheProcessClusterAndLeavesNoProcessOrDirectory(@TempDir Path dir) throws Exception {
    ClusterProcess command = loadInto(dir, "--cluster", "processes", "--regionservers", "1", "--rs-heap", "384m");
    String printed;
    try {
      command.awaitLine("process cluster started", START_TIMEOUT);
      assertThat(clusterDirectories(dir)).as("the cluster's temporary directory while it runs").hasSize(1);
      printed = command.interrupt();
      command.awaitNoneLeft(Duration.ofSeconds(30), "the command exited");
    } finally {
      command.processes().forEach(ProcessHandle::destroyForcibly);
    }
    assertThat(clusterDirectories(dir)).as("temporary cluster directories left after Ctrl-C").isEmpty();
    assertThat(printed).contains("stopping the local cluster in " + dir);
  }

  @Test
  void sigtermDuringTheEmbeddedStartLeavesNoTemporaryDirectory(@TempDir Path dir) throws Exception {
    ClusterProcess command = loadInto(dir, "--regionservers", "1");
    awaitClusterDirectory(dir);

    String printed = command.stop();

    assertThat(clusterDirectories(dir)).as("temporary cluster directories left after SIGTERM in the start").isEmpty();
    assertThat(printed).as("what the command printed").contains(
        "this JVM exits while the local cluster in " + dir, "was stopped while it started: this JVM exits");
  }

  @Test
  void ctrlCDuringTheProcessClusterStartLeavesNoProcessOrDirectory(@TempDir Path dir) throws Exception {
    ClusterProcess command = loadInto(dir, "--cluster", "processes", "--regionservers", "1", "--rs-heap", "384m");
    String printed;
    try {
      awaitClusterDirectory(dir);
      printed = command.interrupt();
      command.awaitNoneLeft(Duration.ofSeconds(30), "the command exited");
    } finally {
      command.processes().forEach(ProcessHandle::destroyForcibly);
    }
    assertThat(clusterDirectories(dir)).as("temporary cluster directories left after Ctrl-C in the start").isEmpty();
    assertThat(printed).as("what the command printed").contains(
        "this JVM exits while the local cluster in " + dir, "was stopped while it started: this JVM exits");
  }

  /** Returns once the command made its cluster's temporary directory, the first thing its start does. */
  private static void awaitClusterDirectory(Path tmp) throws Exception {
    Await.until(START_TIMEOUT, "a temporary cluster directory in " + tmp, () -> !clusterDirectories(tmp).isEmpty());
  }

  /** {@code turbo ycsb load} of 10 million records into a local cluster of {@code clusterOptions}, just started. */
  private static ClusterProcess loadInto(Path tmp, String... clusterOptions) throws Exception {
    List<String> args = new ArrayList<>(List.of("ycsb", "load", "--workload", "a", "--out",
        tmp.resolve("out").toString(), "-p", "recordcount=10000000"));
    args.addAll(List.of(clusterOptions));
    return ClusterProcess.launch(List.of("-Djava.io.tmpdir=" + tmp), args);
  }

  private static List<Path> clusterDirectories(Path tmp) throws IOException {
    try (Stream<Path> entries = Files.list(tmp)) {
      return entries.filter(entry -> entry.getFileName().toString().startsWith("turbo-hbase-")).toList();
    }
  }
}

package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.hbaseturbo.cluster.HostUser;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Which commands run as the unprivileged cluster user: {@code cluster start} run as root, unless its cgroup set-up
 * needs root all along ({@code --regime disk}); no other command, and nothing run by another user.
 */
class TestClusterUserLaunch {
  private static final HostUser ROOT = new HostUser(0, 0, "root");
  private static final HostUser ALICE = new HostUser(1000, 1000, "alice");
  private static final String USER = "hbase-turbo";

  @Test
  void clusterStartRunAsRootRunsAsTheClusterUserEmbeddedOrAsProcesses() {
    assertThat(userFor(ROOT, USER, "cluster", "start")).hasValue(USER);
    assertThat(userFor(ROOT, USER, "-v", "cluster", "start", "--processes", "--hdfs", "--data", "/tmp/hb"))
        .hasValue(USER);
    assertThat(userFor(ROOT, USER, "cluster", "start", "--processes", "--regime", "cache")).hasValue(USER);
  }

  @Test
  void theDiskRegimeOtherCommandsOtherUsersAndNoNamedUserRunAsTheyAre() {
    assertThat(userFor(ROOT, USER, "cluster", "start", "--processes", "--regime", "disk")).isEmpty();
    assertThat(userFor(ROOT, USER, "cluster", "start", "--processes", "--regime=DISK")).isEmpty();
    assertThat(userFor(ROOT, USER, "cluster", "restart", "--data", "/tmp/hb")).isEmpty();
    assertThat(userFor(ROOT, USER, "ycsb", "load", "--cluster", "processes")).isEmpty();
    assertThat(userFor(ALICE, USER, "cluster", "start")).isEmpty();
    assertThat(userFor(ROOT, null, "cluster", "start")).isEmpty();
  }

  private static Optional<String> userFor(HostUser launcher, String user, String... args) {
    CommandLine commandLine = new CommandLine(new TurboMain());
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    return ClusterUserLaunch.userFor(TurboMain.command(commandLine.parseArgs(args)), launcher, user);
  }
}

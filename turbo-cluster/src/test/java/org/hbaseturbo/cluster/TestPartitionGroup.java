package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * A partitionable cluster's start removes what a dead launcher left (its rules, its groups) and nothing of a live one's
 * or of anyone else's: what decides is the launcher's process id in the name.
 */
class TestPartitionGroup {
  @Test
  void aRuleOrGroupOfALauncherThatIsGoneIsStale() throws IOException {
    long gone = deadPid();
    assertThat(PartitionGroup.ofDeadLauncher("-A OUTPUT -p tcp -m tcp --dport 2181 -m cgroup --path turbo-net-rs1-"
        + gone + " -m comment --comment turbo-net-rs1-" + gone + " -j DROP")).isTrue();
    assertThat(PartitionGroup.ofDeadLauncher("turbo-net-rs0-" + gone)).isTrue();
  }

  @Test
  void aLiveLaunchersAndOthersAreNot() {
    long live = ProcessHandle.current().pid();
    assertThat(PartitionGroup.ofDeadLauncher("-A OUTPUT -p tcp -m tcp --dport 2181 -m cgroup --path turbo-net-rs0-"
        + live + " -m comment --comment turbo-net-rs0-" + live + " -j DROP")).isFalse();
    assertThat(PartitionGroup.ofDeadLauncher("-A OUTPUT -p tcp -m tcp --dport 22 -j DROP")).isFalse();
    assertThat(PartitionGroup.ofDeadLauncher("turbo-rs0-1")).as("a confinement group, not a partition's").isFalse();
  }

  /** The id of a process that has ended: a child that ran and was waited for. */
  private static long deadPid() throws IOException {
    Process process = new ProcessBuilder("true").start();
    try {
      process.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
    return process.pid();
  }
}

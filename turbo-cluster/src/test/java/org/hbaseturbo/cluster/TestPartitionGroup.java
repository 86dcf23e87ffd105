package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A partitionable cluster's start removes what a dead launcher left (its rules, its groups) and nothing of a live one's
 * or of anyone else's: what decides is the launcher's process id in the name.
 */
class TestPartitionGroup {
  @Test
  void aRuleOrGroupOfALauncherThatIsGoneIsStale() throws Exception {
    long gone = TestingHost.deadPid();
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
}

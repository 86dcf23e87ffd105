package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
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

  /**
   * A dead launcher's partition, its server cut off, as a killed launcher leaves it: its rule and its group go at the
   * next partitionable start. Needs root, cgroup v2 and iptables, as CI has; skipped without them.
   */
  @Test
  void aDeadLaunchersRuleAndGroupAreRemoved() throws Exception {
    TestingHost.assumeRoot("to make cgroups and iptables rules");
    TestingHost.assumeCommands("iptables", "iptables");
    Path root = Path.of("/sys/fs/cgroup/unified");
    assumeTrue(Files.exists(root.resolve("cgroup.controllers")),
        "cgroup v2 is not mounted at " + root);
    long gone = TestingHost.deadPid();
    PartitionGroup group = PartitionGroup.create(0, gone, List.of());
    group.cut(List.of(1));
    String name = "turbo-net-rs0-" + gone;
    assertThat(rules()).contains(name);

    PartitionGroup.removeStale();

    assertThat(rules()).doesNotContain(name);
    assertThat(root.resolve(name)).doesNotExist();
  }

  private static String rules() throws Exception {
    Process process = new ProcessBuilder("iptables", "-w", "-S", "OUTPUT").redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return output;
  }
}

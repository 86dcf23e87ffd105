package org.hbaseturbo.cluster.regime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.hbaseturbo.cluster.TestingHost;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real groups under {@link CgroupV1Group#ROOT}, as root: these machines mount cgroup v1's controllers there, and the
 * test suite runs as root (../shared/notes/faults-and-regimes.md). A group of a fake launcher's id, so that nothing
 * of a running cluster is touched.
 */
class TestCgroupV1Group {
  private static final ServerConfinement NODE = new ServerConfinement(512L << 20,
      Optional.of(new ServerConfinement.DiskRates(50_000_000L, 100)));

  @Test
  void aWrappedProcessRunsInBothGroupsIsChargedThereAndTheGroupsGoOnClose(@TempDir Path dir) throws Exception {
    String device = BlockDevice.of(dir, "--data");
    String name = CgroupV1Group.name(7, TestingHost.deadPid());
    Path memory = CgroupV1Group.ROOT.resolve("memory").resolve(name);
    Path blkio = CgroupV1Group.ROOT.resolve("blkio").resolve(name);
    try (CgroupV1Group group = CgroupV1Group.create(CgroupV1Group.ROOT, name, NODE, Optional.of(device))) {
      assertThat(Files.readString(memory.resolve("memory.limit_in_bytes")).trim()).isEqualTo("536870912");
      assertThat(Files.readString(blkio.resolve("blkio.throttle.read_bps_device")).trim())
          .isEqualTo(device + " 50000000");
      assertThat(Files.readString(blkio.resolve("blkio.throttle.write_iops_device")).trim())
          .isEqualTo(device + " 100");
      // Writes 4 MiB, which its group's page cache holds, then reads them past the page cache, from the disk.
      Path file = dir.resolve("written");
      List<String> command = new ArrayList<>(group.wrapper());
      command.addAll(List.of("sh", "-c", "dd if=/dev/zero of=" + file + " bs=1M count=4 conv=fsync status=none"
          + " && dd if=" + file + " of=/dev/null bs=64K iflag=direct status=none && cat /proc/self/cgroup"));
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String cgroups = new String(process.getInputStream().readAllBytes());
      assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).as(cgroups).isZero();
      assertThat(cgroups).contains(":memory:/" + name + "\n").contains(":blkio:/" + name + "\n");
      assertThat(group.peakMemoryBytes()).as("charged to the group").isPositive();
      assertThat(group.memoryLimitHits()).isZero();
      assertThat(group.pageCacheBytes()).as("the file written").isGreaterThanOrEqualTo(4L << 20);
      assertThat(group.anonymousBytes()).as("its processes gone, what they held is freed").isLessThan(4L << 20);
      assertThat(group.diskReadBytes()).as("the file read past the page cache").isGreaterThanOrEqualTo(4L << 20);
      assertThat(group.diskReadOperations()).as("reads of at most 64 KiB").isGreaterThanOrEqualTo(64);
    }
    assertThat(memory).doesNotExist();
    assertThat(blkio).doesNotExist();
  }

  @Test
  void aDeadLaunchersEmptyGroupsAreRemovedAndOthersStay() throws Exception {
    String dead = CgroupV1Group.name(0, TestingHost.deadPid());
    String alive = CgroupV1Group.name(0, ProcessHandle.current().pid());
    Path deadGroup = Files.createDirectory(CgroupV1Group.ROOT.resolve("memory").resolve(dead));
    Path liveGroup = Files.createDirectory(CgroupV1Group.ROOT.resolve("memory").resolve(alive));
    try {
      CgroupV1Group.removeStale(CgroupV1Group.ROOT);
      assertThat(deadGroup).doesNotExist();
      assertThat(liveGroup).exists();
    } finally {
      Files.deleteIfExists(deadGroup);
      Files.deleteIfExists(liveGroup);
    }
  }

  @Test
  void aGroupOfTheSameNameIsNotTakenOver() throws Exception {
    String name = CgroupV1Group.name(3, TestingHost.deadPid());
    Path held = Files.createDirectory(CgroupV1Group.ROOT.resolve("memory").resolve(name));
    try {
      assertThatThrownBy(() -> CgroupV1Group.create(CgroupV1Group.ROOT, name, NODE, Optional.of("254:0")))
          .hasMessageContaining("exists already");
      assertThat(held).exists();
    } finally {
      Files.deleteIfExists(held);
    }
  }

  @Test
  void withoutTheControllersConfinementIsRefusedAsBadInput(@TempDir Path notCgroups) {
    assertThatThrownBy(() -> CgroupV1Group.requireUsable(notCgroups, true, "--regime disk"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--regime disk confines each RegionServer with the cgroup v1 memory controller")
        .hasMessageContaining("missing");
    CgroupV1Group.requireUsable(CgroupV1Group.ROOT, true, "--regime disk");
  }
}

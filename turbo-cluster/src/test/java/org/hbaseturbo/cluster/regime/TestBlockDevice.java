package org.hbaseturbo.cluster.regime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestBlockDevice {
  private static final List<String> MOUNTS = List.of(
      "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw",
      "30 27 0:27 / /dev/shm rw,relatime - tmpfs tmpfs rw",
      "50 27 8:17 / /data rw,relatime - ext4 /dev/sdb1 rw",
      "51 50 8:33 / /data rw,relatime - ext4 /dev/sdc1 rw",
      "52 27 8:49 / /mnt/with\\040space rw,relatime - ext4 /dev/sdd1 rw");

  @Test
  void aPathIsOnTheLongestMountPointThatHoldsIt() {
    assertThat(BlockDevice.mountDevice(Path.of("/work/main"), MOUNTS)).isEqualTo("254:0");
    assertThat(BlockDevice.mountDevice(Path.of("/dev/shm/x"), MOUNTS)).isEqualTo("0:27");
    assertThat(BlockDevice.mountDevice(Path.of("/mnt/with space/x"), MOUNTS)).isEqualTo("8:49");
  }

  @Test
  void ofTwoMountsOnOnePointTheLastHidesTheFirst() {
    assertThat(BlockDevice.mountDevice(Path.of("/data/hbase"), MOUNTS)).isEqualTo("8:33");
  }

  @Test
  void aDirectoryOnThisHostsDiskIsOnADisk(@TempDir Path dir) throws Exception {
    String device = BlockDevice.of(dir, "--data");
    assertThat(device).matches("[1-9][0-9]*:[0-9]+");
    assertThat(Files.exists(Path.of("/sys/dev/block", device, "partition"))).as("a whole disk").isFalse();
  }

  @Test
  void aDirectoryNotMadeYetIsOnItsNearestAncestorsDisk(@TempDir Path dir) throws Exception {
    assertThat(BlockDevice.of(dir.resolve("not/made/yet"), "--data")).isEqualTo(BlockDevice.of(dir, "--data"));
  }

  @Test
  void aDirectoryWithoutADiskIsRefused() {
    assertThatThrownBy(() -> BlockDevice.of(Path.of("/dev/shm"), "--data")).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--data /dev/shm is on a file system without a disk");
  }
}

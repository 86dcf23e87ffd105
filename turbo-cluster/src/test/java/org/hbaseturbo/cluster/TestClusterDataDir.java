package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a cluster keeps in its data directory besides HBase's files is never written or read through a link planted
 * in its place: as root, writing through one would truncate and overwrite whatever file it names.
 */
class TestClusterDataDir {
  @TempDir
  Path dir;

  @Test
  void aLinkPlantedAsTheLockIsRefusedAndTheFileItNamesIsLeftAlone() throws IOException {
    Path data = Files.createDirectory(dir.resolve("data"));
    PlantedLink lock = PlantedLink.at(data.resolve("cluster.lock"));
    assertThatThrownBy(() -> ClusterDataDir.claim(data)).isInstanceOf(IOException.class).hasMessage(lock.refusal());
    assertThatThrownBy(() -> ClusterDataDir.isHeld(data)).hasMessage(lock.refusal());
    lock.assertTargetUntouched();
  }

  @Test
  void zooKeepersPortReplacesALinkPlantedInItsPlaceAndIsNotReadThroughOne() throws IOException {
    Path data = Files.createDirectory(dir.resolve("data"));
    PlantedLink port = PlantedLink.at(data.resolve("zookeeper.port"));
    try (ClusterDataDir claim = ClusterDataDir.claim(data)) {
      assertThatThrownBy(claim::zooKeeperPort).hasMessage(port.refusal());
      claim.rememberZooKeeperPort(2181);
      assertThat(port.link()).isRegularFile().hasContent("2181");
      assertThat(claim.zooKeeperPort()).hasValue(2181);
    }
    port.assertTargetUntouched();
  }
}

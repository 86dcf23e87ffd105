package org.hbaseturbo.cluster.regime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;

class TestServerConfinement {
  @Test
  void theDiskRegimeIsTheDiskNodeAndTheCacheRegimeConfinesNothing() {
    assertThat(ServerRegime.cache.confinement(ServerRegime.DISK_NODE_MEMORY)).isEmpty();
    assertThat(ServerRegime.disk.confinement(3L << 30))
        .contains(new ServerConfinement(3L << 30, Optional.of(ServerRegime.HDD_PAIR)));
  }

  @Test
  void aHeapMustLeaveRoomForTheRestOfItsJvm() {
    ServerConfinement node = new ServerConfinement(1536L << 20, Optional.empty());
    node.requireRoomFor(1L << 30, "--rs-heap", "--node-memory");
    assertThatThrownBy(() -> node.requireRoomFor(1280L << 20, "--rs-heap", "--node-memory"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("a RegionServer heap of 1280 MiB (--rs-heap) leaves less than the 384 MiB the rest of its JVM"
            + " needs in a node of 1536 MiB (--node-memory); give a smaller heap or more memory");
  }
}

package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.hbaseturbo.cluster.NetworkLink;
import org.hbaseturbo.cluster.regime.ServerConfinement;
import org.hbaseturbo.cluster.regime.ServerRegime;
import org.junit.jupiter.api.Test;

/**
 * What a calibrated policy file says it was measured on: the local cluster's kind, servers, heap, limits and links,
 * and nothing that names its run (process ids, ports, temporary directories), which the file outlives.
 */
class TestClusterIdentity {
  @Test
  void anEmbeddedClusterIsItsRegionServers() {
    assertThat(settings(false, Optional.empty(), Optional.empty(), OptionalInt.empty(), Optional.empty()).identity())
        .isEqualTo("an embedded cluster of 2 RegionServers in one JVM");
  }

  @Test
  void aProcessClusterNamesItsHeapAtTheDefaultWhenNoneWasGiven() {
    assertThat(settings(true, Optional.empty(), Optional.empty(), OptionalInt.empty(), Optional.empty()).identity())
        .isEqualTo("a local process cluster of 2 RegionServer JVMs of 1g heap");
  }

  @Test
  void aProcessClusterNamesItsLimitsItsFileSystemAndItsLinks() {
    ServerConfinement node = new ServerConfinement(2L << 30, Optional.of(ServerRegime.HDD_PAIR));
    String identity = settings(true, Optional.of("768m"), Optional.of(node), OptionalInt.of(3),
        Optional.of(NetworkLink.Speed.of("1gbit:200us"))).identity();

    assertThat(identity).isEqualTo("a local process cluster of 2 RegionServer JVMs of 768m heap, each confined to"
        + " 2048 MiB and 240 MB/s, 200 operations/s each way, HBase's root on HDFS (3 DataNodes), each on a host of"
        + " its own behind a 1gbit:200us link");
  }

  private static TargetCluster.LocalSettings settings(boolean processes, Optional<String> heap,
      Optional<ServerConfinement> confinement, OptionalInt dataNodes, Optional<NetworkLink.Speed> hosts) {
    return new TargetCluster.LocalSettings(processes, 2, Optional.of(Path.of("/tmp/some-data")),
        TargetCluster.LOOPBACK, heap, Map.of(), confinement, dataNodes, false, hosts);
  }
}

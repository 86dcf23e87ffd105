package org.hbaseturbo.cluster.regime;

import java.util.Optional;
import org.hbaseturbo.cluster.regime.ServerConfinement.DiskRates;

/**
 * Where a process cluster's RegionServers keep their data while they serve: in this host's memory, or, each
 * confined like a node of the PCM paper scaled down, on a disk.
 */
public enum ServerRegime {
  /** The host's memory and page cache, shared: every read after the first is served from memory. */
  cache("every RegionServer shares the host's memory and page cache"),
  /**
   * Each RegionServer in a node of {@link #DISK_NODE_MEMORY} (its heap, the rest of its JVM and its page cache) on
   * a disk of two 7200 rpm HDDs' rates: a dataset several times that reads from the disk, as on the paper's nodes.
   */
  disk("each RegionServer confined to a node of its own: 2g of memory, page cache included, and a disk of 240 MB/s"
      + " and 200 operations/s each way (cgroup v1, as root)");

  /** A node's memory in the disk regime: the paper's nodes, scaled down to fit several on this host. */
  public static final long DISK_NODE_MEMORY = 2L << 30;
  /** Two 7200 rpm HDDs, striped: about 120 MB/s and 100 random operations/s each. */
  public static final DiskRates HDD_PAIR = new DiskRates(240_000_000L, 200);

  private final String description;

  ServerRegime(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }

  /** Each RegionServer's confinement in this regime, with the node's memory given. */
  public Optional<ServerConfinement> confinement(long nodeMemoryBytes) {
    return switch (this) {
      case cache -> Optional.empty();
      case disk -> Optional.of(new ServerConfinement(nodeMemoryBytes, Optional.of(HDD_PAIR)));
    };
  }
}

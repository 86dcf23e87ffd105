package org.hbaseturbo.cli;

import java.util.Optional;
import org.hbaseturbo.cluster.JvmSize;
import org.hbaseturbo.cluster.regime.CgroupV1Group;
import org.hbaseturbo.cluster.regime.ServerConfinement;
import org.hbaseturbo.cluster.regime.ServerRegime;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.common.ProcessMemory;
import picocli.CommandLine.Option;

/** {@code --regime} and {@code --node-memory}: how confined a process cluster's RegionServers run. */
final class RegimeOptions {
  @Option(names = "--regime", paramLabel = "cache|disk", defaultValue = "cache",
      description = "With --cluster processes: where the RegionServers keep their data while they serve. 'cache': "
          + "every RegionServer shares this host's memory and page cache, so reads after the first come from memory."
          + " 'disk': each RegionServer is confined like a node of its own, scaled down from the PCM paper's: its JVM"
          + " and the page cache it fills within --node-memory, its reads and writes at two 7200 rpm HDDs' 240 MB/s"
          + " and 200 operations/s each way (cgroup v1; needs root; not with --hdfs). Default: ${DEFAULT-VALUE}.")
  ServerRegime regime;

  @Option(names = "--node-memory", paramLabel = "SIZE",
      description = "With --regime disk: each RegionServer node's memory, heap and page cache included, as -Xmx"
          + " takes a size (default: 2g).")
  String nodeMemory;

  /**
   * Each RegionServer's node where {@code --regime disk}; none where the RegionServers share this host.
   *
   * @param processes whether the RegionServers are JVMs of their own, which a regime other than cache needs
   * @param regionServers how many RegionServers share this host
   * @param onHdfs whether HBase's data is on an HDFS of the cluster's own, whose DataNodes read and write it
   * @throws InvalidInputException for options that contradict each other, or nodes this host cannot hold
   */
  Optional<ServerConfinement> node(boolean processes, int regionServers, boolean onHdfs) {
    if (!processes && regime != ServerRegime.cache) {
      throw new InvalidInputException("--regime " + regime + " confines RegionServer JVMs of their own; add --cluster"
          + " processes");
    }
    if (nodeMemory != null && regime != ServerRegime.disk) {
      throw new InvalidInputException("--node-memory sizes the nodes of --regime disk; add --regime disk");
    }
    // A RegionServer on HDFS reads and writes its data through the DataNodes (no short-circuit reads here): its
    // node's disk rates and page cache would limit nothing of it.
    if (regime == ServerRegime.disk && onHdfs) {
      throw new InvalidInputException("--regime disk limits each RegionServer's own reads and writes, which on --hdfs"
          + " the DataNodes do outside its node; give one or the other");
    }
    return regime.confinement(nodeMemoryBytes(regionServers));
  }

  /** @throws InvalidInputException when this host cannot confine RegionServers to {@code node} (root, cgroup v1) */
  void requireConfinable(ServerConfinement node) {
    CgroupV1Group.requireUsable(CgroupV1Group.ROOT, node.disk().isPresent(), "--regime " + regime);
  }

  private long nodeMemoryBytes(int regionServers) {
    if (nodeMemory == null) {
      return ServerRegime.DISK_NODE_MEMORY;
    }
    long bytes = JvmSize.bytes(nodeMemory, "--node-memory", "size", "1536m");
    long hostBytes = ProcessMemory.hostBytes();
    if (bytes * regionServers > hostBytes / 4 * 3) {
      throw new InvalidInputException(regionServers + " nodes of --node-memory " + nodeMemory + " need more than"
          + " three quarters of this machine's " + (hostBytes >> 20) + " MiB; give fewer RegionServers or less memory");
    }
    return bytes;
  }
}

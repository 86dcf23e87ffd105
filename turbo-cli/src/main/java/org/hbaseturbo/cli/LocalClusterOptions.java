package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.hbaseturbo.cluster.NetworkLink;
import org.hbaseturbo.cluster.ProcessClusterBuilder;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.cluster.ServerSiteFile;
import org.hbaseturbo.cluster.regime.BlockDevice;
import org.hbaseturbo.cluster.regime.ServerConfinement;
import org.hbaseturbo.common.InvalidInputException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** How to start a local cluster, for the commands that start one when {@code --conf} is absent. */
final class LocalClusterOptions {
  static final String DATA_OPTION = "--data";
  static final String HOSTS_OPTION = "--hosts";

  /** Where the RegionServers run. */
  enum Kind {
    /** Every server in this JVM. */
    embedded,
    /** Each RegionServer a JVM of its own; ZooKeeper and the master in this JVM. */
    processes
  }

  @Option(names = "--cluster", paramLabel = "embedded|processes", defaultValue = "embedded",
      description = "Local cluster: 'embedded' runs every server in this JVM; 'processes' runs each RegionServer in"
          + " a JVM of its own with the server jar alone on its classpath, as on a real cluster, and reports each"
          + " one's CPU and memory (default: ${DEFAULT-VALUE}).")
  Kind kind;

  @Option(names = DATA_OPTION, paramLabel = "DIR",
      description = "Local cluster: keep its data in DIR, where a later start finds it again, and HBase's log in"
          + " DIR/logs (default: a temporary directory, deleted on stop). DIR must be the user's own and writable"
          + " by it alone, as every directory above it must be (or sticky, as /tmp).")
  Path dataDir;

  /** Embedded, all RegionServers run in this JVM, each with its own threads and caches: a few dozen at most. */
  @Range(min = 1, max = 32)
  @Option(names = "--regionservers", paramLabel = "N", defaultValue = "2",
      description = "Local cluster: RegionServers to start (1 to 32; default: ${DEFAULT-VALUE}).")
  int regionServers;

  @Option(names = "--rs-heap", paramLabel = "SIZE",
      description = "With --cluster processes: each RegionServer JVM's maximum heap, as -Xmx takes it (default: "
          + ProcessHBaseCluster.DEFAULT_REGION_SERVER_HEAP + ").")
  String regionServerHeap;

  @Option(names = HOSTS_OPTION,
      description = "With --cluster processes: each RegionServer on a host of its own, a network namespace on one"
          + " bridge with the master's host (ZooKeeper, the master and the NameNode, each a JVM of its own) and a"
          + " client host, where the command's client JVMs run (YCSB's), each host's link shaped by --link where the"
          + " command has it. The fast path then crosses the links over TCP. Needs root and iproute2; every"
          + " namespace and the bridge go with the cluster.")
  boolean hosts;

  @Mixin
  HdfsOptions hdfs;

  @Mixin
  RegimeOptions regime;

  @Option(names = "--site", paramLabel = "FILE",
      description = "Local cluster: HBase settings for its servers, in hbase-site.xml form, applied over the"
          + " cluster's own (which it refuses to change, such as hbase.rootdir).")
  Path site;

  /**
   * @param host the address the servers bind to and advertise
   * @throws InvalidInputException for options that contradict each other, an unusable directory or site file
   */
  TargetCluster.LocalSettings settings(String host) {
    return settings(host, NetworkLink.Speed.LOOPBACK);
  }

  /**
   * @param host the address the servers bind to and advertise
   * @param hostLinks the rate of each host's link, with {@code --hosts}
   * @throws InvalidInputException for options that contradict each other, an unusable directory or site file
   */
  TargetCluster.LocalSettings settings(String host, NetworkLink.Speed hostLinks) {
    if (dataDir != null) {
      OutputDirs.requireWritableDirectory(dataDir, DATA_OPTION);
    }
    if (kind != Kind.processes && regionServerHeap != null) {
      throw new InvalidInputException("--rs-heap sizes RegionServer JVMs of their own; add --cluster processes");
    }
    boolean processes = kind == Kind.processes;
    OptionalInt dataNodes = dataNodes();
    Optional<ServerConfinement> confinement = regime.node(processes, regionServers, dataNodes.isPresent());
    String heap = regionServerHeap == null ? ProcessHBaseCluster.DEFAULT_REGION_SERVER_HEAP : regionServerHeap;
    if (processes) {
      ProcessClusterBuilder.requireHeapsFit(regionServers, heap);
      if (confinement.isPresent()) {
        confinement.get().requireRoomFor(ProcessClusterBuilder.heapBytes(heap), "--rs-heap " + heap,
            "--node-memory");
        regime.requireConfinable(confinement.get());
        if (dataDir != null && confinement.get().disk().isPresent()) {
          requireOnADisk(dataDir);
        }
      }
      if (!host.equals(TargetCluster.LOOPBACK)) {
        throw new InvalidInputException("--cluster processes runs on loopback, or with --hosts on hosts of its own"
            + " whose links --link shapes; an emulated --link to the clients alone needs --cluster embedded");
      }
    } else if (hosts) {
      throw new InvalidInputException("--hosts puts each RegionServer JVM on a host of its own; add --cluster"
          + " processes");
    }
    Optional<NetworkLink.Speed> onHosts = Optional.empty();
    if (hosts) {
      ProcessClusterBuilder.requireHosts(HOSTS_OPTION);
      onHosts = Optional.of(hostLinks);
    }
    return new TargetCluster.LocalSettings(processes, regionServers, Optional.ofNullable(dataDir), host,
        Optional.ofNullable(regionServerHeap), site == null ? Map.of() : ServerSiteFile.read(site, "--site"),
        confinement, dataNodes, false, onHosts);
  }

  /** Whether the RegionServers run on hosts of their own ({@code --hosts}). */
  boolean onHosts() {
    return hosts;
  }

  /**
   * The DataNodes of the HDFS the local cluster keeps HBase's data on ({@code --hdfs}); none where on this host's file
   * system.
   *
   * @throws InvalidInputException for {@code --hdfs} without {@code --cluster processes}, {@code --datanodes} without
   *     {@code --hdfs}
   */
  OptionalInt dataNodes() {
    return hdfs.dataNodes(kind == Kind.processes);
  }

  private static void requireOnADisk(Path dir) {
    try {
      BlockDevice.of(dir, DATA_OPTION);
    } catch (IOException e) {
      throw new UncheckedIOException("could not tell the disk of " + DATA_OPTION + " " + dir, e);
    }
  }
}

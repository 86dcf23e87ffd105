package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.cluster.ServerSiteFile;
import org.hbaseturbo.cluster.regime.BlockDevice;
import org.hbaseturbo.cluster.regime.CgroupV1Group;
import org.hbaseturbo.cluster.regime.ServerConfinement;
import org.hbaseturbo.cluster.regime.ServerRegime;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.common.ProcessMemory;
import picocli.CommandLine.Option;

/** How to start a local cluster, for the commands that start one when {@code --conf} is absent. */
final class LocalClusterOptions {
  static final String DATA_OPTION = "--data";
  private static final int DEFAULT_DATA_NODES = 3;

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
          + " DIR/logs (default: a temporary directory, deleted on stop).")
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

  @Option(names = "--hdfs",
      description = "With --cluster processes: keep HBase's data on an HDFS of its own (Hadoop 3.4.2: a NameNode and"
          + " --datanodes DataNodes, each a JVM of its own, their data under --data), with HDFS's real hflush and"
          + " hsync for the WAL, instead of this host's file system.")
  boolean hdfs;

  /** HDFS's own replication is 3; more DataNodes than a few add JVMs, not safety, on one host. */
  @Range(min = 1, max = 9)
  @Option(names = "--datanodes", paramLabel = "N",
      description = "With --hdfs: DataNodes to start (1 to 9; default: 3, HDFS's replication, which is min(3, N)).")
  Integer dataNodes;

  @Option(names = "--regime", paramLabel = "cache|disk", defaultValue = "cache",
      description = "With --cluster processes: where the RegionServers keep their data while they serve. 'cache': "
          + "every RegionServer shares this host's memory and page cache, so reads after the first come from memory."
          + " 'disk': each RegionServer is confined like a node of its own, scaled down from the PCM paper's: its JVM"
          + " and the page cache it fills within --node-memory, its reads and writes at two 7200 rpm HDDs' 240 MB/s"
          + " and 200 operations/s each way (cgroup v1; needs root). Default: ${DEFAULT-VALUE}.")
  ServerRegime regime;

  @Option(names = "--node-memory", paramLabel = "SIZE",
      description = "With --regime disk: each RegionServer node's memory, heap and page cache included, as -Xmx"
          + " takes a size (default: 2g).")
  String nodeMemory;

  @Option(names = "--site", paramLabel = "FILE",
      description = "Local cluster: HBase settings for its servers, in hbase-site.xml form, applied over the"
          + " cluster's own (which it refuses to change, such as hbase.rootdir).")
  Path site;

  /**
   * @param host the address the servers bind to and advertise
   * @throws InvalidInputException for options that contradict each other, an unusable directory or site file
   */
  TargetCluster.LocalSettings settings(String host) {
    if (dataDir != null) {
      OutputDirs.requireWritableDirectory(dataDir, DATA_OPTION);
    }
    if (kind != Kind.processes && regionServerHeap != null) {
      throw new InvalidInputException("--rs-heap sizes RegionServer JVMs of their own; add --cluster processes");
    }
    if (kind != Kind.processes && regime != ServerRegime.cache) {
      throw new InvalidInputException("--regime " + regime + " confines RegionServer JVMs of their own; add --cluster"
          + " processes");
    }
    if (hdfs && kind != Kind.processes) {
      throw new InvalidInputException("--hdfs runs HDFS's daemons beside RegionServer JVMs of their own; add --cluster"
          + " processes");
    }
    if (dataNodes != null && !hdfs) {
      throw new InvalidInputException("--datanodes sizes the HDFS of --hdfs; add --hdfs");
    }
    if (nodeMemory != null && regime != ServerRegime.disk) {
      throw new InvalidInputException("--node-memory sizes the nodes of --regime disk; add --regime disk");
    }
    String heap = regionServerHeap == null ? ProcessHBaseCluster.DEFAULT_REGION_SERVER_HEAP : regionServerHeap;
    Optional<ServerConfinement> confinement = Optional.empty();
    if (kind == Kind.processes) {
      ProcessHBaseCluster.Builder.requireHeapsFit(regionServers, heap);
      confinement = regime.confinement(nodeMemoryBytes());
      if (confinement.isPresent()) {
        confinement.get().requireRoomFor(ProcessHBaseCluster.Builder.heapBytes(heap), "--rs-heap " + heap,
            "--node-memory");
        CgroupV1Group.requireUsable(CgroupV1Group.ROOT, confinement.get().disk().isPresent(), "--regime " + regime);
        if (dataDir != null && confinement.get().disk().isPresent()) {
          requireOnADisk(dataDir);
        }
      }
      if (!host.equals(TargetCluster.LOOPBACK)) {
        throw new InvalidInputException("--cluster processes runs on loopback only; an emulated --link needs"
            + " --cluster embedded");
      }
    }
    return new TargetCluster.LocalSettings(kind == Kind.processes, regionServers, Optional.ofNullable(dataDir), host,
        Optional.ofNullable(regionServerHeap),
        site == null ? Map.of() : ServerSiteFile.read(site, "--site"), confinement,
        hdfs ? OptionalInt.of(dataNodes == null ? DEFAULT_DATA_NODES : dataNodes) : OptionalInt.empty());
  }

  /** @throws InvalidInputException when {@code size} is not a size as {@code -Xmx} takes it */
  static long sizeBytes(String size, String option) {
    if (!size.matches("[1-9][0-9]*[kKmMgG]?")) {
      throw new InvalidInputException(option + " '" + size + "' is not a size; expected a number with k, m or g,"
          + " such as 1536m or 2g");
    }
    return ProcessHBaseCluster.Builder.heapBytes(size);
  }

  private static void requireOnADisk(Path dir) {
    try {
      BlockDevice.of(dir, DATA_OPTION);
    } catch (IOException e) {
      throw new UncheckedIOException("could not tell the disk of " + DATA_OPTION + " " + dir, e);
    }
  }

  private long nodeMemoryBytes() {
    if (nodeMemory == null) {
      return ServerRegime.DISK_NODE_MEMORY;
    }
    long bytes = sizeBytes(nodeMemory, "--node-memory");
    long hostBytes = ProcessMemory.hostBytes();
    if (bytes * regionServers > hostBytes / 4 * 3) {
      throw new InvalidInputException(regionServers + " nodes of --node-memory " + nodeMemory + " need more than"
          + " three quarters of this machine's " + (hostBytes >> 20) + " MiB; give fewer RegionServers or less memory");
    }
    return bytes;
  }
}

package org.hbaseturbo.cluster;

import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.regionserver.HeapMemoryManager;
import org.hbaseturbo.cluster.regime.BlockDevice;
import org.hbaseturbo.cluster.regime.CgroupV1Group;
import org.hbaseturbo.cluster.regime.HostPageCache;
import org.hbaseturbo.cluster.regime.ServerConfinement;
import org.hbaseturbo.common.EveryStep;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.common.ProcessMemory;
import org.hbaseturbo.server.heap.PolicyHeapMemoryTuner;

/**
 * Builds a {@link ProcessHBaseCluster}: its RegionServers' heap and wrappers, and what the cluster runs on besides this
 * host's file system and loopback: nodes of their own ({@link #confine}), partitions ({@link #partitionable}), hosts
 * of their own ({@link #hosts}) and HDFS ({@link #hdfs}). Each is checked before anything starts, and whatever was
 * made is taken down again when the start fails.
 */
public final class ProcessClusterBuilder extends LocalClusterBuilder<ProcessClusterBuilder, ProcessHBaseCluster> {
  private String regionServerHeap = ProcessHBaseCluster.DEFAULT_REGION_SERVER_HEAP;
  private final Map<Integer, List<String>> wrappers = new HashMap<>();
  private Optional<ServerConfinement> confinement = Optional.empty();
  private boolean partitionable;
  private int dataNodes;
  private Optional<NetworkLink.Speed> hostLinks = Optional.empty();
  /** Made by {@link #host()}, before the servers' settings, which name the bridge's device. */
  private Optional<ClusterHosts> hosts = Optional.empty();

  ProcessClusterBuilder() {
  }

  /**
   * Each RegionServer JVM's maximum heap, as {@code -Xmx} takes it ("512m", "2g").
   *
   * @throws InvalidInputException when it is not a heap size
   */
  public ProcessClusterBuilder regionServerHeap(String heap) {
    requireHeapSize(requireNonNull(heap, "heap is null"));
    this.regionServerHeap = heap;
    return this;
  }

  /**
   * A command RegionServer {@code index}'s JVM runs under, at every start: its words come first on the command line,
   * the JVM's after them, as with {@code taskset}, {@code numactl}, {@code cgexec} or {@code unshare}. For a server
   * that must run unlike the others: confined, pinned, or without a library.
   */
  public ProcessClusterBuilder regionServerWrapper(int index, List<String> wrapper) {
    wrappers.put(index, List.copyOf(wrapper));
    return this;
  }

  /**
   * Confines each RegionServer to a node of its own ({@link CgroupV1Group}): its JVM and the page cache it fills
   * within the node's memory, its reads and writes of the data directory's disk at the node's rates. Needs root
   * and cgroup v1's memory (and, for disk rates, block I/O) controller.
   */
  public ProcessClusterBuilder confine(ServerConfinement confinement) {
    this.confinement = Optional.of(requireNonNull(confinement, "confinement is null"));
    return this;
  }

  /**
   * Lets {@link ProcessHBaseCluster#partitionRegionServer} cut each RegionServer off from the master and ZooKeeper
   * ({@link PartitionGroup}). Needs root, cgroup v2 and iptables.
   */
  public ProcessClusterBuilder partitionable() {
    this.partitionable = true;
    return this;
  }

  /**
   * Runs each RegionServer on a host of its own, a network namespace whose link to the others is shaped to
   * {@code link} both ways ({@link HostNetwork}, {@link ClusterHosts}), and ZooKeeper, the master (and the NameNode)
   * on the master's host, each a JVM of its own; the clients this JVM starts stay on its own namespace, the bridge's
   * address. Needs root and iproute2.
   */
  public ProcessClusterBuilder hosts(NetworkLink.Speed link) {
    this.hostLinks = Optional.of(requireNonNull(link, "link is null"));
    return this;
  }

  /**
   * Keeps HBase's root on an HDFS of {@code dataNodes} DataNodes and a NameNode, each a JVM of its own, under the
   * data directory ({@link HdfsCluster}), instead of the local file system: the WAL gets HDFS's real hflush and
   * hsync, and HBase checks that it has them.
   */
  public ProcessClusterBuilder hdfs(int dataNodes) {
    if (dataNodes < 1) {
      throw new InvalidInputException("HDFS needs at least 1 DataNode, was " + dataNodes);
    }
    this.dataNodes = dataNodes;
    return this;
  }

  /**
   * @param what what needs the partitions, for the error: "--chaos partitions"
   * @throws InvalidInputException when this host cannot cut RegionServers off ({@link #partitionable()}): not root,
   *     no cgroup v2 or no iptables
   */
  public static void requirePartitionable(String what) {
    PartitionGroup.requireUsable(what);
  }

  /**
   * @param what what needs the hosts, for the error: "--hosts"
   * @throws InvalidInputException when this process cannot make hosts ({@link #hosts}): not root, or no iproute2
   */
  public static void requireHosts(String what) {
    HostNetwork.requireUsable(what);
  }

  /** @throws InvalidInputException when {@code heap} is not a heap size as {@code -Xmx} takes it */
  public static void requireHeapSize(String heap) {
    heapBytes(heap);
  }

  @Override
  ProcessClusterBuilder self() {
    return this;
  }

  /** Their heaps must fit in this machine's memory, beside what the launcher and the clients need. */
  @Override
  void checkBeforeStart() {
    requireHeapsFit(regionServers, regionServerHeap);
    confinement.ifPresent(node -> {
      node.requireRoomFor(heapBytes(regionServerHeap), "RegionServer heap", "node memory");
      CgroupV1Group.requireUsable(CgroupV1Group.ROOT, node.disk().isPresent(), "confining RegionServers");
    });
    if (partitionable) {
      requirePartitionable("a partitionable cluster");
    }
    if (hostLinks.isPresent()) {
      HostNetwork.requireUsable("a cluster of hosts");
    }
  }

  @Override
  String host() throws IOException {
    if (hostLinks.isEmpty()) {
      return super.host();
    }
    long launcher = ProcessHandle.current().pid();
    // DataNode i shares host i with RegionServer i, as on a real cluster's worker.
    HostNetwork network = HostNetwork.create(HostNetwork.freeBridgeAddress(launcher),
        Math.max(regionServers, dataNodes), hostLinks.get(), launcher);
    hosts = Optional.of(new ClusterHosts(network));
    return network.bridgeAddress();
  }

  /** On hosts of their own, ZooKeeper runs on the master's host, where every host reaches it. */
  @Override
  ClusterZooKeeper startZooKeeper(Configuration conf, Path dir, ClusterDataDir claim) throws IOException {
    if (hosts.isEmpty()) {
      return super.startZooKeeper(conf, dir, claim);
    }
    HostNetwork.Host master = hosts.get().masterHost();
    return DataDirZooKeeper.startOn(master.address(), master.wrapper(), conf, dir, claim);
  }

  @Override
  void abandonHost(Exception failure) {
    hosts.ifPresent(network -> EveryStep.after(failure, network::close));
  }

  /**
   * @throws InvalidInputException when {@code count} RegionServers of {@code heap} would take more than three
   *     quarters of this machine's memory
   */
  public static void requireHeapsFit(int count, String heap) {
    requireHeapSize(heap);
    long total = ProcessMemory.hostBytes();
    long heaps = count * heapBytes(heap);
    if (heaps > total / 4 * 3) {
      throw new InvalidInputException(count + " RegionServers of " + heap + " heap need "
          + (heaps >> 20) + " MiB, more than three quarters of this machine's " + (total >> 20) + " MiB; give"
          + " fewer RegionServers or a smaller heap");
    }
  }

  /** @throws InvalidInputException when {@code heap} is not a heap size as {@code -Xmx} takes it */
  public static long heapBytes(String heap) {
    return JvmSize.bytes(heap, "RegionServer heap", "heap size", "512m");
  }

  @Override
  ProcessHBaseCluster start(Configuration conf, ClusterHome home) throws IOException {
    // Turbo's heap tuner, so that memstore and block-cache fractions can move at run time ('tune apply'):
    // HBase's HeapMemoryManager tunes only between non-empty ranges. Settings of the user's own win.
    conf.setIfUnset(HeapMemoryManager.HBASE_RS_HEAP_MEMORY_TUNER_CLASS, PolicyHeapMemoryTuner.class.getName());
    conf.setIfUnset(HeapMemoryManager.HBASE_RS_HEAP_MEMORY_TUNER_PERIOD, "10000");
    conf.setIfUnset(HeapMemoryManager.MEMSTORE_SIZE_MIN_RANGE_KEY, "0.1");
    conf.setIfUnset(HeapMemoryManager.MEMSTORE_SIZE_MAX_RANGE_KEY, "0.7");
    conf.setIfUnset(HeapMemoryManager.BLOCK_CACHE_SIZE_MIN_RANGE_KEY, "0.1");
    conf.setIfUnset(HeapMemoryManager.BLOCK_CACHE_SIZE_MAX_RANGE_KEY, "0.7");
    List<RegionServerProcess> servers = new ArrayList<>();
    List<CgroupV1Group> groups = new ArrayList<>();
    List<PartitionGroup> partitions = new ArrayList<>();
    Map<Integer, List<String>> commands = new HashMap<>(wrappers);
    ClusterMaster master = null;
    Optional<HdfsCluster> hdfs = Optional.empty();
    try (AbortLines aborts = AbortLines.capture()) {
      if (hosts.isPresent()) {
        for (int i = 0; i < regionServers; i++) {
          prepend(commands, i, hosts.get().wrapper(i));
        }
      }
      if (dataNodes > 0) {
        hdfs = Optional.of(HdfsCluster.start(home.dir().resolve("hdfs"), home.dir().resolve("logs"), dataNodes,
            hosts));
        onHdfs(conf, hdfs.get());
      }
      if (confinement.isPresent()) {
        confineEach(confinement.get(), home.dir(), groups, commands);
      }
      if (partitionable) {
        partitionEach(partitions, commands);
      }
      // The RegionServers first: their JVMs take the longest to start.
      for (int i = 0; i < regionServers; i++) {
        servers.add(RegionServerProcess.start(i, home.dir(), ProcessHBaseCluster.settingsOf(hosts, conf, i),
            regionServerHeap, ProcessHBaseCluster.wrapperOf(commands, i), ProcessHBaseCluster.endOrder(hdfs)));
      }
      master = hosts.isPresent()
          ? MasterProcess.start(home.dir(), hosts.get().masterSettings(conf), hosts.get().masterHost().wrapper(),
              ProcessHBaseCluster.clientSettings(conf, hosts), ProcessHBaseCluster.endOrder(hdfs))
          : MasterThreads.start(conf, aborts);
      master.awaitServing(servers.size(), () -> {
        for (RegionServerProcess server : servers) {
          server.requireStarting();
        }
      }, "the process cluster");
      servers.forEach(RegionServerProcess::served);
    } catch (IOException | RuntimeException e) {
      if (master != null) {
        EveryStep.after(e, master::stop);
      }
      servers.forEach(RegionServerProcess::kill);
      List<Closeable> left = new ArrayList<>(groups);
      left.addAll(partitions);
      hdfs.ifPresent(left::add);
      hosts.ifPresent(left::add);
      left.forEach(closeable -> EveryStep.after(e, closeable::close));
      throw e;
    }
    return new ProcessHBaseCluster(home, master, servers, conf, regionServerHeap, Map.copyOf(commands),
        List.copyOf(groups), List.copyOf(partitions), hdfs, hosts);
  }

  /**
   * HBase's root on {@code hdfs}, with HBase's settings for it: the checks of hflush and hsync on (the local file
   * system needs them off) and the WAL HBase writes on HDFS by default, the asynchronous one.
   */
  private static void onHdfs(Configuration conf, HdfsCluster hdfs) {
    conf.set(HConstants.HBASE_DIR, hdfs.uri() + "/hbase");
    hdfs.clientSettings().forEach(conf::set);
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", true);
    conf.set("hbase.wal.provider", "asyncfs");
  }

  /**
   * Makes each RegionServer's groups, after removing those of launchers that are gone, and puts the JVM under
   * them, ahead of any wrapper of its own.
   */
  private void confineEach(ServerConfinement node, Path dataDir, List<CgroupV1Group> groups,
      Map<Integer, List<String>> commands) throws IOException {
    CgroupV1Group.removeStale(CgroupV1Group.ROOT);
    if (node.disk().isPresent()) {
      // Else they would read what another process left in the page cache, uncharged and without their disk.
      HostPageCache.drop();
    }
    Optional<String> disk = node.disk().isPresent()
        ? Optional.of(BlockDevice.of(dataDir, "the data directory")) : Optional.empty();
    long launcher = ProcessHandle.current().pid();
    for (int i = 0; i < regionServers; i++) {
      CgroupV1Group group = CgroupV1Group.create(CgroupV1Group.ROOT, CgroupV1Group.name(i, launcher), node, disk);
      groups.add(group);
      prepend(commands, i, group.wrapper());
    }
  }

  /**
   * Makes each RegionServer's partition group, after removing the groups and rules of launchers that are gone, and
   * puts the JVM under it, ahead of its other wrappers.
   */
  private void partitionEach(List<PartitionGroup> partitions, Map<Integer, List<String>> commands)
      throws IOException {
    PartitionGroup.removeStale();
    long launcher = ProcessHandle.current().pid();
    for (int i = 0; i < regionServers; i++) {
      PartitionGroup group = PartitionGroup.create(i, launcher,
          hosts.isPresent() ? hosts.get().wrapper(i) : List.of());
      partitions.add(group);
      prepend(commands, i, group.wrapper());
    }
  }

  private static void prepend(Map<Integer, List<String>> commands, int index, List<String> wrapper) {
    List<String> command = new ArrayList<>(wrapper);
    command.addAll(ProcessHBaseCluster.wrapperOf(commands, index));
    commands.put(index, command);
  }
}

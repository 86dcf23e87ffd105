package org.hbaseturbo.cluster;


import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.hbaseturbo.cluster.regime.CgroupV1Group;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.jvm.ClassArchive;
import org.hbaseturbo.jvm.WatchedProcess.EndOrder;

/**
 * HBase's pseudo-distributed mode on local disk: ZooKeeper and the HMaster in this JVM (on hosts of their own, each in
 * a JVM of its own on the master's host), each RegionServer in a JVM of its own ({@link RegionServerProcess}), all
 * sharing {@code dataDir/hbase}. Unlike {@link EmbeddedHBaseCluster},
 * each RegionServer sizes its memstore and block cache from a heap of its own, runs the server jar from a classpath
 * that holds nothing else of ours, and can be killed alone. It is the {@link ServerControl} of its RegionServers in
 * the JVM that runs it; {@link ServerControlService} serves that control to other JVMs.
 */
public final class ProcessHBaseCluster implements LocalCluster, ServerControl {
  /** Each RegionServer JVM's maximum heap unless told otherwise. */
  public static final String DEFAULT_REGION_SERVER_HEAP = "1g";
  /** The prefix of ZooKeeper's own settings in HBase's configuration. */
  private static final String ZOOKEEPER_PROPERTY = HConstants.ZK_CFG_PROPERTY_PREFIX;
  /** How long a server of the cluster may take to stop by itself before it is killed. */
  static final Duration STOP_TIMEOUT = Duration.ofMinutes(2);
  /** How long a close waits for the servers' class archive's dump: some 15 s of a core once the servers stopped. */
  private static final Duration CLASS_ARCHIVE_DUMP = Duration.ofMinutes(1);
  private final ClusterHome home;
  private final ClusterMaster master;
  /** Replaced by new processes as restarts go. */
  private final List<RegionServerProcess> regionServers;
  private final Configuration settings;
  /** Settings of one RegionServer's own over the cluster's, by index ({@link #updateServer}); kept across restarts. */
  private final Map<Integer, Map<String, String>> ownSettings = new HashMap<>();
  private String regionServerHeap;
  private final Map<Integer, List<String>> wrappers;
  /** Each RegionServer's groups, by index, where they are confined; kept across restarts. */
  private final List<CgroupV1Group> groups;
  /** Each RegionServer's partition group, by index, where partitions were asked for; kept across restarts. */
  private final List<PartitionGroup> partitions;
  /** Where HBase's root is on HDFS: the HDFS daemons, stopped after HBase. */
  private final Optional<HdfsCluster> hdfs;
  /** The servers' hosts, where each runs on one of its own ({@link ProcessClusterBuilder#hosts}); taken down last. */
  private final Optional<ClusterHosts> hosts;
  private final Configuration clientConfiguration;
  /** The launcher's own connection, for what it asks through {@link Admin}: made at first use, closed at the stop. */
  private Connection connection;

  ProcessHBaseCluster(ClusterHome home, ClusterMaster master, List<RegionServerProcess> regionServers,
      Configuration settings, String regionServerHeap, Map<Integer, List<String>> wrappers,
      List<CgroupV1Group> groups, List<PartitionGroup> partitions, Optional<HdfsCluster> hdfs,
      Optional<ClusterHosts> hosts) {
    this.home = home;
    this.master = master;
    this.regionServers = new ArrayList<>(regionServers);
    this.settings = settings;
    this.regionServerHeap = regionServerHeap;
    this.wrappers = wrappers;
    this.groups = groups;
    this.partitions = partitions;
    this.hdfs = hdfs;
    this.hosts = hosts;
    this.clientConfiguration = clientSettings(settings, hosts);
  }

  /** The settings of a client of the cluster of {@code settings}: on hosts of their own, of the launcher's. */
  static Configuration clientSettings(Configuration settings, Optional<ClusterHosts> hosts) {
    Configuration client = ClusterSettings.client(settings);
    hosts.ifPresent(own -> own.clientSettings(client));
    return client;
  }

  /** RegionServer {@code index}'s settings: the cluster's and its own, on its own host where it has one. */
  private Configuration settingsOf(int index) {
    Configuration server = settingsOf(hosts, settings, index);
    Map<String, String> own = ownSettings.getOrDefault(index, Map.of());
    if (own.isEmpty()) {
      return server;
    }
    Configuration withOwn = new Configuration(server);
    own.forEach(withOwn::set);
    return withOwn;
  }

  /** RegionServer {@code index}'s settings: {@code cluster}'s, on its own host of {@code hosts} where given. */
  static Configuration settingsOf(Optional<ClusterHosts> hosts, Configuration cluster, int index) {
    return hosts.map(own -> own.regionServerSettings(cluster, index)).orElse(cluster);
  }

  public static ProcessClusterBuilder builder() {
    return new ProcessClusterBuilder();
  }

  @Override
  public Configuration clientConfiguration() {
    return new Configuration(clientConfiguration);
  }

  @Override
  public Path dataDir() {
    return home.dir();
  }

  @Override
  public String zooKeeperQuorum() {
    // On hosts of its own, clients of every host reach ZooKeeper on the master's host.
    return hosts.isPresent() ? clientConfiguration.get(HConstants.ZOOKEEPER_QUORUM) + ":"
        + clientConfiguration.get(HConstants.ZOOKEEPER_CLIENT_PORT) : home.zooKeeperQuorum();
  }

  /** The operating system's ids of the RegionServer JVMs, in the order they were started. */
  public synchronized List<Long> regionServerPids() {
    return regionServers.stream().map(RegionServerProcess::pid).toList();
  }

  /**
   * On hosts of their own, the master's host: its namespace, its address, and the process ids of ZooKeeper's JVM and
   * the master's (the NameNode's is {@link HdfsCluster#pids}'s first). Empty when the cluster is not on hosts.
   */
  public Optional<MasterHost> masterHost() {
    return hosts.map(ClusterHosts::masterHost).map(own -> new MasterHost(own.namespace(), own.address(),
        home.zooKeeperPid().orElseThrow(), master.pid().orElseThrow()));
  }

  /** {@link #masterHost}. */
  public record MasterHost(String namespace, String address, long zooKeeperPid, long masterPid) {
  }

  /** Each RegionServer's RPC port, by index: what tells the servers of the master's list apart. */
  public synchronized List<Integer> regionServerPorts() {
    return regionServers.stream().map(RegionServerProcess::port).toList();
  }

  @Override
  public synchronized void restart(Restart how, Map<String, String> settings, Optional<String> heap,
      Consumer<String> progress) throws IOException {
    switch (how) {
      case ROLLING -> restartRolling(settings, heap, progress);
      case ALL_AT_ONCE -> restartAll(settings, heap, progress);
      default -> throw new IllegalArgumentException("unknown restart " + how);
    }
  }

  /**
   * Each RegionServer's info server, by index ({@code http://host:port}): HBase's web UI, whose {@code /jmx} and
   * {@code /prometheus} publish the server's metrics, Turbo's among them. A restarted server has a new one.
   */
  public synchronized List<String> regionServerInfoAddresses() {
    return regionServers.stream().map(RegionServerProcess::infoAddress).toList();
  }

  /**
   * Restarts every RegionServer at once with {@code changes} in their {@code hbase-site.xml} and, if given, a new
   * heap: each stops as an operator's {@code stop regionserver} does (its regions close, flushing), then all
   * start again in new JVMs and the master assigns the regions anew. Every region is offline meanwhile; clients
   * retry.
   */
  private void restartAll(Map<String, String> changes, Optional<String> heap, Consumer<String> progress)
      throws IOException {
    apply(changes, heap);
    progress.accept("stopping all " + regionServers.size() + " RegionServers");
    try (Admin admin = admin()) {
      for (RegionServerProcess server : regionServers) {
        admin.stopRegionServer(address(admin, server));
      }
    }
    for (RegionServerProcess server : regionServers) {
      server.awaitExit(STOP_TIMEOUT);
    }
    for (int i = 0; i < regionServers.size(); i++) {
      regionServers.set(i, RegionServerProcess.start(i, home.dir(), settingsOf(i), regionServerHeap,
          wrapperOf(wrappers, i), endOrder()));
    }
    for (RegionServerProcess server : regionServers) {
      awaitOnline(server);
    }
    progress.accept("restart done: " + regionServers.size() + " RegionServers, pids " + regionServerPids());
  }

  /**
   * Restarts the RegionServers one at a time, as HBase's {@code graceful_stop.sh --restart --reload} does: HBase's
   * RegionMover moves a server's regions ({@link RegionMoves}) to the others, the server stops, a new JVM starts with
   * {@code changes} in its {@code hbase-site.xml} (and the new heap, if given), and the mover brings the regions
   * back. Every region stays online throughout, so clients see no failed operation.
   *
   * @throws IOException when a server's regions could not be moved (the restart stops there, every region online)
   */
  private void restartRolling(Map<String, String> changes, Optional<String> heap, Consumer<String> progress)
      throws IOException {
    if (regionServers.size() < 2) {
      throw new InvalidInputException("--rolling needs at least 2 RegionServers to move regions to; this cluster"
          + " has " + regionServers.size());
    }
    apply(changes, heap);
    Path moves = Files.createDirectories(home.dir().resolve("control"));
    for (int i = 0; i < regionServers.size(); i++) {
      RegionServerProcess old = regionServers.get(i);
      Path regions = moves.resolve("rs-" + i + ".regions");
      progress.accept("RegionServer " + i + ": moving its regions to the others");
      RegionMoves.unload(clientConfiguration, address(old), regions, "move the regions of RegionServer " + i
          + " away");
      progress.accept("RegionServer " + i + ": stopping");
      try (Admin admin = admin()) {
        admin.stopRegionServer(address(admin, old));
      }
      old.awaitExit(STOP_TIMEOUT);
      RegionServerProcess restarted = RegionServerProcess.start(i, home.dir(), settingsOf(i), regionServerHeap,
          wrapperOf(wrappers, i), endOrder());
      regionServers.set(i, restarted);
      awaitOnline(restarted);
      progress.accept("RegionServer " + i + ": started (pid " + restarted.pid() + "); moving its regions back");
      RegionMoves.load(clientConfiguration, address(restarted), regions, "move the regions back to RegionServer "
          + i);
    }
    progress.accept("restart done: " + regionServers.size() + " RegionServers, one at a time, pids "
        + regionServerPids());
  }

  /**
   * Each server's {@code hbase-site.xml} is rewritten, then HBase's {@code Admin.updateConfiguration} has it reload
   * the file. Settings it does not reload (notes/pcm.md section 1) stay as they were until the next restart.
   */
  @Override
  public synchronized void update(Map<String, String> changes, Consumer<String> progress) throws IOException {
    apply(changes, Optional.empty());
    try (Admin admin = admin()) {
      for (RegionServerProcess server : regionServers) {
        server.rewriteSite(home.dir(), settingsOf(server.index()));
        admin.updateConfiguration(serverName(admin, server));
      }
    }
    progress.accept("update_config done: " + regionServers.size() + " RegionServers reloaded " + changes.keySet());
  }

  /**
   * Gives RegionServer {@code index} settings of its own over the cluster's, in place of any it was given before (none:
   * the cluster's again), and has it reload its {@code hbase-site.xml}; the other servers keep theirs. A setting it
   * had of its own and has no longer takes the cluster's value, or HBase's default, on the reload. For comparing two
   * servers' settings side by side ({@code tune calibrate}'s heap fractions), where {@link #update} changes every
   * server alike.
   *
   * @throws InvalidInputException for settings the cluster owns or HBase would refuse, or an index out of range
   */
  public synchronized void updateServer(int index, Map<String, String> own, Consumer<String> progress)
      throws IOException {
    requireIndex(index);
    requireAcceptable(own, "a RegionServer's own settings");
    ownSettings.put(index, Map.copyOf(own));
    RegionServerProcess server = regionServers.get(index);
    server.rewriteSite(home.dir(), settingsOf(index));
    try (Admin admin = admin()) {
      admin.updateConfiguration(serverName(admin, server));
    }
    progress.accept("update_config done: RegionServer " + index + " reloaded " + own);
  }

  /**
   * Takes every RegionServer's own settings ({@link #updateServer}) away for their next start, without asking any to
   * reload: for a restart that is to begin them all at the cluster's settings, which a server that is down could
   * not reload.
   */
  public synchronized void clearServerSettings() {
    ownSettings.clear();
  }

  /**
   * RegionServer {@code index}'s name as the master knows it: where to move a region for it to serve.
   *
   * @throws InvalidInputException for an index out of range
   */
  public synchronized ServerName regionServerName(int index) throws IOException {
    requireIndex(index);
    try (Admin admin = admin()) {
      return serverName(admin, regionServers.get(index));
    }
  }

  private void requireIndex(int index) {
    if (index < 0 || index >= regionServers.size()) {
      throw new InvalidInputException("RegionServer " + index + ": expected 0 to " + (regionServers.size() - 1));
    }
  }

  /** Takes {@code changes} and {@code heap} for the RegionServers' next start, once they are checked. */
  private void apply(Map<String, String> changes, Optional<String> heap) {
    heap.ifPresent(ProcessClusterBuilder::requireHeapSize);
    requireAcceptable(changes, "--set");
    changes.forEach(settings::set);
    heap.ifPresent(size -> regionServerHeap = size);
  }

  /**
   * @throws InvalidInputException naming {@code source} when {@code changes} set what the cluster owns, or make with
   *     the cluster's settings a configuration HBase would refuse
   */
  private void requireAcceptable(Map<String, String> changes, String source) {
    ServerSettingsCheck.requireNotOwned(changes.keySet(), source);
    Map<String, String> next = new HashMap<>();
    settings.forEach(entry -> next.put(entry.getKey(), entry.getValue()));
    next.putAll(changes);
    ServerSettingsCheck.check(next, source);
  }

  /**
   * Waits until it answers requests and the master has its first load report. The master lists a server as soon as
   * it reports for duty, but makes it a destination for regions only after that first report, up to
   * {@code hbase.regionserver.msginterval} later (HBASE-25032): a region moved to it before then opens again where
   * it was, and RegionMover waits for it in vain.
   */
  private void awaitOnline(RegionServerProcess server) throws IOException {
    try (Admin admin = admin()) {
      Await.until(() -> {
        server.requireStarting();
        Optional<ServerMetrics> metrics = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS))
            .getLiveServerMetrics().values().stream().filter(live -> server.is(live.getServerName())).findFirst();
        return metrics.isPresent() && metrics.get().getLastReportTimestamp() > 0
            && serves(admin, metrics.get().getServerName());
      }, LocalClusterBuilder.START_TIMEOUT, LocalClusterBuilder.START_POLL, server + " to come online",
          () -> new IOException(server + " did not come online within "
              + LocalClusterBuilder.START_TIMEOUT.toSeconds() + " s"));
    }
    server.served();
  }

  private static boolean serves(Admin admin, ServerName name) {
    try {
      admin.getRegions(name);
      return true;
    } catch (IOException notYet) {
      return false;
    }
  }

  /** How a server's end stands among HDFS's daemons' when the launcher dies: before theirs, on HDFS. */
  static EndOrder endOrder(Optional<HdfsCluster> hdfs) {
    return hdfs.map(HdfsCluster::writersOrder).orElse(EndOrder.NONE);
  }

  private EndOrder endOrder() {
    return endOrder(hdfs);
  }

  static List<String> wrapperOf(Map<Integer, List<String>> wrappers, int index) {
    return wrappers.getOrDefault(index, List.of());
  }

  private synchronized Admin admin() throws IOException {
    if (connection == null || connection.isClosed()) {
      connection = ConnectionFactory.createConnection(clientConfiguration);
    }
    return connection.getAdmin();
  }

  /** Its host and port as the master knows it, which is what RegionMover and Admin match servers by. */
  private String address(RegionServerProcess server) throws IOException {
    try (Admin admin = admin()) {
      return address(admin, server);
    }
  }

  private static String address(Admin admin, RegionServerProcess server) throws IOException {
    return serverName(admin, server).getAddress().toString();
  }

  private static ServerName serverName(Admin admin, RegionServerProcess server) throws IOException {
    return admin.getRegionServers().stream().filter(server::is).findFirst()
        .orElseThrow(() -> new IOException("RegionServer " + server.index() + " (port " + server.port() + ") is not"
            + " online"));
  }

  /** The HDFS that holds HBase's root, where the cluster runs on one ({@link ProcessClusterBuilder#hdfs}). */
  public Optional<HdfsCluster> hdfs() {
    return hdfs;
  }

  /**
   * What each confined RegionServer used of its node, by index, since the cluster started: empty where they are not
   * confined ({@link ProcessClusterBuilder#confine}).
   */
  public List<ConfinedUse> confinedUse() {
    return groups.stream().map(group -> new ConfinedUse(group.peakMemoryBytes(), group.memoryLimitHits(),
        group.diskReadBytes(), group.diskReadOperations(), group.pageCacheBytes(), group.anonymousBytes())).toList();
  }

  /**
   * @param peakMemoryBytes the most memory its group held at once: heap, the rest of the JVM, page cache
   * @param memoryLimitHits how often its group reached the node's memory, and the kernel reclaimed page cache
   * @param diskReadBytes bytes it read from its throttled disk, past the page cache; 0 where the disk is not throttled
   * @param diskReadOperations the reads those bytes took
   * @param pageCacheBytes the page cache its node holds now
   * @param anonymousBytes the memory its JVM holds now beside the page cache: the heap pages it touched, and the rest
   */
  public record ConfinedUse(long peakMemoryBytes, long memoryLimitHits, long diskReadBytes, long diskReadOperations,
      long pageCacheBytes, long anonymousBytes) {
  }

  /** SIGKILL of one RegionServer, as a crash: the master reassigns its regions, replaying its WAL. */
  public synchronized void killRegionServer(int index) {
    regionServers.get(index).kill();
  }

  /**
   * The ZooKeeper session its RegionServers hold: what they ask for ({@code zookeeper.session.timeout}, HBase's 90 s
   * by default) within what the cluster's ZooKeeper grants ({@code hbase.zookeeper.property.minSessionTimeout} and
   * {@code maxSessionTimeout}, which HBase's MiniZooKeeperCluster passes on; unset, ZooKeeper's 2 and 20 ticks of
   * 2 s): 40 s at HBase's defaults. A RegionServer unheard for longer has lost its regions.
   */
  public Duration regionServerSessionTimeout() {
    long asked = settings.getLong(HConstants.ZK_SESSION_TIMEOUT, HConstants.DEFAULT_ZK_SESSION_TIMEOUT);
    long min = settings.getLong(ZOOKEEPER_PROPERTY + "minSessionTimeout", -1);
    long max = settings.getLong(ZOOKEEPER_PROPERTY + "maxSessionTimeout", -1);
    return Duration.ofMillis(Math.max(min < 0 ? 2 * DataDirZooKeeper.TICK_MS : min,
        Math.min(max < 0 ? 20 * DataDirZooKeeper.TICK_MS : max, asked)));
  }

  /**
   * SIGSTOP of one RegionServer's JVM: it holds its regions and serves nothing, its ZooKeeper session runs out unheard,
   * and the master gives its regions to the others, until {@link #resumeRegionServer}.
   */
  public synchronized void pauseRegionServer(int index) throws IOException {
    regionServers.get(index).pause();
  }

  /**
   * SIGCONT of a RegionServer {@link #pauseRegionServer} paused: it goes on where it stopped; paused past its
   * ZooKeeper session, it learns that it lost its regions and aborts, a zombie until it does.
   */
  public synchronized void resumeRegionServer(int index) throws IOException {
    regionServers.get(index).resume();
  }

  /**
   * Cuts RegionServer {@code index} off from the master and ZooKeeper, not from its clients: what it sends to their
   * ports is dropped ({@link PartitionGroup}). Unheard, its session runs out and the master gives its regions to the
   * others, while it goes on running, and answering the clients that still call it, until {@link #healRegionServer}
   * or its WAL, which the master recovers on HDFS, fails it.
   *
   * @throws IllegalStateException when the cluster was started without {@link ProcessClusterBuilder#partitionable()}
   */
  public synchronized void partitionRegionServer(int index) throws IOException {
    if (!isPartitionable()) {
      throw new IllegalStateException("the cluster was started without partitions (Builder.partitionable())");
    }
    partitions.get(index).cut(List.of(home.zooKeeperPort(), master.port()));
  }

  /**
   * Whether its RegionServers run on hosts of their own, whose links can be degraded:
   * {@link ProcessClusterBuilder#hosts}.
   */
  public boolean isOnHosts() {
    return hosts.isPresent();
  }

  /**
   * On hosts of its own, the client host: where client JVMs run as on a machine of their own, reaching the master's
   * host and every server's across the links ({@link #writeClientConfiguration}'s ZooKeeper is on the bridge, their
   * fast path takes TCP on the client host's device). Empty when the cluster is not on hosts.
   */
  public Optional<ClientHost> clientHost() {
    return hosts.map(ClusterHosts::clientHost);
  }

  /**
   * On hosts of its own with a delayed link, what each host's delay said when the cluster stopped
   * ({@link LinkDelay#said}, {@link LinkDelayReport#of}); empty before, and for a cluster without a delay.
   */
  public List<String> linkDelaysSaid() {
    return hosts.map(ClusterHosts::delaysSaid).orElse(List.of());
  }

  /**
   * Makes the link of RegionServer {@code index}'s host (its DataNode's too, where it has one) drop each packet either
   * way with probability {@code loss} and hold each packet the host sends for {@code delay}, until {@link #repairLink},
   * as a flaky NIC or cable, or a congested switch port, does.
   *
   * @throws IllegalStateException when the cluster is not on hosts of its own
   */
  public synchronized void degradeLink(int index, double loss, Duration delay) throws IOException {
    onHosts().degradeLink(index, loss, delay);
  }

  /** Ends {@link #degradeLink}. */
  public synchronized void repairLink(int index) throws IOException {
    onHosts().repairLink(index);
  }

  /**
   * Cuts the client host ({@link #clientHost}) off from RegionServer {@code index}'s host, until
   * {@link #reconnectClient}: the client JVMs there reach neither that server nor its DataNode, while the master,
   * ZooKeeper and the other servers still reach it, and the clients the other servers. The server keeps its regions;
   * its clients' calls to it go unanswered until their timeouts.
   *
   * @throws IllegalStateException when the cluster is not on hosts of its own
   */
  public synchronized void cutClientFrom(int index) throws IOException {
    onHosts().cutClientFrom(index);
  }

  /** Ends {@link #cutClientFrom}. */
  public synchronized void reconnectClient(int index) throws IOException {
    onHosts().reconnectClient(index);
  }

  private ClusterHosts onHosts() {
    return hosts.orElseThrow(() -> new IllegalStateException("the cluster was started without hosts"
        + " (Builder.hosts())"));
  }

  /**
   * Whether {@link #partitionRegionServer} can cut its RegionServers off: started
   * {@link ProcessClusterBuilder#partitionable()}.
   */
  public boolean isPartitionable() {
    return !partitions.isEmpty();
  }

  /**
   * Ends {@link #partitionRegionServer}: the server reaches the master and ZooKeeper again; cut off past its session,
   * it learns that it lost its regions, and aborts.
   */
  public synchronized void healRegionServer(int index) throws IOException {
    partitions.get(index).heal();
  }

  /**
   * Waits for RegionServer {@code index}'s JVM to end by itself, as a server does once it aborts; after
   * {@code timeout}, kills it.
   *
   * @return whether it ended by itself
   */
  public boolean awaitRegionServerExit(int index, Duration timeout) throws IOException {
    RegionServerProcess server;
    synchronized (this) {
      server = regionServers.get(index);
    }
    // Not under the lock: the wait is long, and the other accessors must answer meanwhile.
    return server.awaitExit(timeout);
  }

  /** Whether RegionServer {@code index}'s JVM runs: false after {@link #killRegionServer}, until it starts again. */
  public synchronized boolean isRegionServerAlive(int index) {
    return regionServers.get(index).isAlive();
  }

  /**
   * Starts RegionServer {@code index} again in a new JVM on its ports, after {@link #killRegionServer}, as an
   * operator restarts a crashed host's server; returns once it serves. Seeing a new server at the old one's address,
   * the master expires the old one at once and reassigns its regions, its WAL split first.
   *
   * @throws IllegalStateException when that server still runs
   */
  public synchronized void startRegionServer(int index) throws IOException {
    RegionServerProcess killed = regionServers.get(index);
    if (killed.isAlive()) {
      throw new IllegalStateException("RegionServer " + index + " runs already");
    }
    RegionServerProcess started = killed.startAgain(home.dir(), settingsOf(index), regionServerHeap,
        wrapperOf(wrappers, index), endOrder());
    regionServers.set(index, started);
    awaitOnline(started);
  }

  @Override
  public Path writeClientConfiguration(Path dir) throws IOException {
    return ClusterSettings.writeClient(clientConfiguration, dir);
  }

  /**
   * On hosts of its own, writes {@code dir/hbase-site.xml} for clients of the client host ({@link #clientHost}): the
   * written client configuration with the client host's device for the fast path.
   *
   * @throws IllegalStateException when the cluster is not on hosts of its own
   */
  public Path writeClientHostConfiguration(Path dir) throws IOException {
    return ClusterSettings.writeClient(onHosts().clientHost().clientSettings(clientConfiguration), dir);
  }

  /**
   * Stops the cluster as HBase's {@code stop-hbase.sh} does: the master shuts the cluster down, each RegionServer
   * closes its regions (flushing their memstores) and exits; then ZooKeeper stops. A RegionServer still running
   * after two minutes is killed. A dump of the servers' class archive that this JVM runs is waited for, a minute at
   * most ({@link ClassArchive#awaitDumps}).
   */
  @Override
  public synchronized void close() throws IOException {
    home.close(this::stopServers);
  }

  private void stopServers() throws IOException {
    try {
      if (connection != null) {
        connection.close();
      }
      try {
        master.stop();
      } finally {
        for (RegionServerProcess server : regionServers) {
          server.awaitExit(STOP_TIMEOUT);
        }
      }
      List<Closeable> left = new ArrayList<>(groups);
      left.addAll(partitions);
      for (Closeable group : left) {
        group.close();
      }
      ClassArchive.awaitDumps(CLASS_ARCHIVE_DUMP);
    } finally {
      try {
        if (hdfs.isPresent()) {
          hdfs.get().close();
        }
      } finally {
        if (hosts.isPresent()) {
          hosts.get().close();
        }
      }
    }
  }

  /** Options of a process cluster; {@link #start()} returns once every RegionServer serves. */
}

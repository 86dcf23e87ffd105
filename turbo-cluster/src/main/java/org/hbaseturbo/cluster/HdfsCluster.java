package org.hbaseturbo.cluster;

import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.jvm.WatchedProcess.EndOrder;

/**
 * HDFS as an operator runs it, scaled to this host: a NameNode and DataNodes, each a JVM of its own (Hadoop
 * 3.4.2, the line HBase 2.6.4-hadoop3 is built with), their data under one directory, found again at the next start
 * on it. The NameNode keeps its RPC port across starts (written beside its data), so that paths HBase recorded stay
 * valid; every other port is picked at each start. Blocks are replicated min(3, DataNodes) times.
 */
public final class HdfsCluster implements Closeable {
  /** HDFS's own default replication; fewer where there are fewer DataNodes. */
  public static final int MAX_REPLICATION = 3;
  private static final Duration START_TIMEOUT = Duration.ofMinutes(2);
  private static final Duration POLL = Duration.ofMillis(250);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(45);
  private final Path dir;
  private final Path logs;
  private final Map<String, String> settings;
  private final HdfsDaemon nameNode;
  private final List<HdfsDaemon> dataNodes;
  /** Where DataNode {@code i} runs on host {@code i} of a cluster's hosts; none on this host's loopback. */
  private final Optional<ClusterHosts> hosts;

  private HdfsCluster(Path dir, Path logs, Map<String, String> settings, HdfsDaemon nameNode,
      List<HdfsDaemon> dataNodes, Optional<ClusterHosts> hosts) {
    this.dir = dir;
    this.logs = logs;
    this.settings = settings;
    this.nameNode = nameNode;
    this.dataNodes = dataNodes;
    this.hosts = hosts;
  }

  /**
   * Starts HDFS on {@code dir} (formatting it the first time) and returns once every DataNode is live and the
   * NameNode has left safe mode.
   *
   * @param logs where the daemons log: namenode.log, datanode-N.log
   */
  public static HdfsCluster start(Path dir, Path logs, int dataNodeCount) throws IOException {
    return start(dir, logs, dataNodeCount, Optional.empty());
  }

  /**
   * As {@link #start(Path, Path, int)}, on {@code hosts} where given: the NameNode on the master's host, DataNode
   * {@code i} on host {@code i}, beside RegionServer {@code i} as on a real cluster's worker.
   */
  static HdfsCluster start(Path dir, Path logs, int dataNodeCount, Optional<ClusterHosts> hosts) throws IOException {
    if (dataNodeCount < 1) {
      throw new InvalidInputException("HDFS needs at least 1 DataNode, was " + dataNodeCount);
    }
    Files.createDirectories(dir);
    Map<String, String> settings = settings(dir, nameNodePort(dir), Math.min(MAX_REPLICATION, dataNodeCount),
        hosts.map(own -> own.masterHost().address()).orElse(ClusterSettings.LOOPBACK));
    Path nameNodeHome = dir.resolve("namenode");
    if (!Files.exists(nameNodeHome.resolve("data").resolve("current").resolve("VERSION"))) {
      format(nameNodeHome, logs, settings);
    }
    HdfsDaemon nameNode = HdfsDaemon.start("NameNode", nameNodeHome, logs, "namenode", settings,
        NameNode.class.getName(), List.of(), hosts.map(own -> own.masterHost().wrapper()).orElse(List.of()),
        outlivingWriters(dir));
    List<HdfsDaemon> dataNodes = new ArrayList<>();
    HdfsCluster cluster = new HdfsCluster(dir, logs, settings, nameNode, dataNodes, hosts);
    try {
      for (int i = 0; i < dataNodeCount; i++) {
        dataNodes.add(cluster.startDataNodeProcess(i));
      }
      cluster.awaitServing(dataNodeCount);
      return cluster;
    } catch (IOException | RuntimeException e) {
      cluster.killAll();
      throw e;
    }
  }

  /** The NameNode's RPC port: the one of an earlier start on {@code dir}, or a free one, written down. */
  private static int nameNodePort(Path dir) throws IOException {
    Path file = dir.resolve("namenode-port");
    if (Files.exists(file)) {
      return Integer.parseInt(NoFollowFiles.readString(file).trim());
    }
    int port = FreePorts.take();
    NoFollowFiles.writeString(file, Integer.toString(port));
    return port;
  }

  /** @param host the NameNode's address, where the DataNodes bind too unless on hosts of their own */
  private static Map<String, String> settings(Path dir, int port, int replication, String host) {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put(FileSystem.FS_DEFAULT_NAME_KEY, "hdfs://" + host + ":" + port);
    settings.put("hadoop.tmp.dir", dir.resolve("tmp").toString());
    settings.put("dfs.namenode.name.dir", dir.resolve("namenode").resolve("data").toString());
    settings.put("dfs.namenode.rpc-address", host + ":" + port);
    // This host's address only, every other port picked by the daemon at its start: several clusters run side by
    // side.
    settings.put("dfs.namenode.http-address", host + ":0");
    settings.put("dfs.namenode.secondary.http-address", host + ":0");
    settings.putAll(dataNodeAddresses(host));
    // A DataNode's address has no name in any DNS here, on hosts of their own: the NameNode would refuse it.
    settings.put("dfs.namenode.datanode.registration.ip-hostname-check", "false");
    settings.put("dfs.replication", Integer.toString(replication));
    // Out of safe mode as soon as the blocks are reported, not 30 s later.
    settings.put("dfs.namenode.safemode.extension", "0");
    // A DataNode that stopped is dead after 45 s rather than 10.5 minutes, so that its blocks are copied again
    // while a test or a chaos run still runs.
    settings.put("dfs.namenode.heartbeat.recheck-interval", "15000");
    settings.put("dfs.heartbeat.interval", "1");
    return Map.copyOf(settings);
  }

  private static void format(Path home, Path logs, Map<String, String> settings) throws IOException {
    HdfsDaemon format = HdfsDaemon.start("the NameNode's format", home, logs, "namenode-format", settings,
        NameNode.class.getName(), List.of("-format", "-nonInteractive"));
    int exit;
    try {
      exit = format.jvm().watch().onExit().get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      format.kill();
      throw new IOException("formatting HDFS took over " + START_TIMEOUT.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      format.kill();
      throw new IOException("interrupted while formatting HDFS", e);
    } catch (ExecutionException e) {
      throw new IOException("formatting HDFS failed", e);
    }
    if (exit != 0) {
      throw format.jvm().ended("failed (exit " + exit + ")");
    }
  }

  /** Where a DataNode on {@code host} binds its ports, each picked at its start. */
  private static Map<String, String> dataNodeAddresses(String host) {
    Map<String, String> addresses = new LinkedHashMap<>();
    for (String key : List.of("dfs.datanode.address", "dfs.datanode.http.address", "dfs.datanode.ipc.address")) {
      addresses.put(key, host + ":0");
    }
    return addresses;
  }

  private HdfsDaemon startDataNodeProcess(int index) throws IOException {
    Map<String, String> own = new LinkedHashMap<>(settings);
    Path home = dir.resolve("datanode-" + index);
    own.put("dfs.datanode.data.dir", home.resolve("data").toString());
    hosts.ifPresent(on -> own.putAll(dataNodeAddresses(on.address(index))));
    return HdfsDaemon.start("DataNode " + index, home, logs, "datanode-" + index, own, DataNode.class.getName(),
        List.of(), hosts.map(on -> on.wrapper(index)).orElse(List.of()), outlivingWriters(dir));
  }

  /**
   * The end order of HBase's servers on this HDFS: when the launcher dies, its daemons get their SIGTERM only once
   * those servers have ended (or 35 s later), as operators stop HBase before HDFS. A RegionServer's SIGTERM closes its
   * regions, flushing each to HDFS: the one run that lost acknowledged rows after its launcher was killed
   * (HdfsClusterCommandIT, once in three suites) had HDFS stop while its RegionServer did.
   */
  public EndOrder writersOrder() {
    return EndOrder.holding(writersLock(dir));
  }

  private static EndOrder outlivingWriters(Path dir) {
    return EndOrder.outliving(writersLock(dir));
  }

  private static Path writersLock(Path dir) {
    return dir.resolve("writers.lock");
  }

  /**
   * Waits until {@code live} DataNodes are live and the NameNode is out of safe mode. A NameNode that is starting
   * refuses connections, or drops them, before it answers: such failures are a wait, not an end, while its JVM
   * runs.
   */
  private void awaitServing(int live) throws IOException {
    AtomicReference<IOException> lastFailure = new AtomicReference<>();
    try (DistributedFileSystem fs = fileSystem()) {
      Await.until(() -> {
        nameNode.jvm().requireAlive("starting");
        for (HdfsDaemon dataNode : dataNodes) {
          dataNode.jvm().requireAlive("starting");
        }
        try {
          return fs.getDataNodeStats(DatanodeReportType.LIVE).length >= live && !fs.isInSafeMode();
        } catch (IOException notServingYet) {
          lastFailure.set(notServingYet);
          return false;
        }
      }, START_TIMEOUT, POLL, "HDFS to serve", () -> new IOException("HDFS did not serve within "
          + START_TIMEOUT.toSeconds() + " s: " + live + " live DataNodes and out of safe mode; see the logs in "
          + logs, lastFailure.get()));
    }
  }

  /** Where HDFS is, as {@code fs.defaultFS} and {@code hbase.rootdir} name it. */
  public URI uri() {
    return URI.create(settings.get(FileSystem.FS_DEFAULT_NAME_KEY));
  }

  /**
   * What a client of this HDFS needs, HBase's servers among them: where it is, how many copies of a block to
   * write, and to go on writing with the DataNodes left where one of a block's pipeline fails and no other can take
   * its place (with 3 DataNodes and 3 copies there is none, and a WAL would otherwise fail every write).
   */
  public Map<String, String> clientSettings() {
    return Map.of(FileSystem.FS_DEFAULT_NAME_KEY, settings.get(FileSystem.FS_DEFAULT_NAME_KEY),
        "dfs.replication", settings.get("dfs.replication"),
        "dfs.client.block.write.replace-datanode-on-failure.best-effort", "true");
  }

  /** A client of this HDFS, for checks; the caller closes it. */
  public DistributedFileSystem fileSystem() throws IOException {
    Configuration conf = new Configuration();
    clientSettings().forEach(conf::set);
    return (DistributedFileSystem) FileSystem.newInstance(uri(), conf);
  }

  public int dataNodeCount() {
    return dataNodes.size();
  }

  /** DataNodes the NameNode counts as live. */
  public synchronized int liveDataNodes() throws IOException {
    try (DistributedFileSystem fs = fileSystem()) {
      return fs.getDataNodeStats(DatanodeReportType.LIVE).length;
    }
  }

  /** SIGKILL of DataNode {@code index}, as a crash of its host's disk or JVM. */
  public synchronized void killDataNode(int index) {
    dataNodes.get(index).kill();
  }

  /** Whether DataNode {@code index}'s JVM runs: false after {@link #killDataNode}, until it starts again. */
  public synchronized boolean isDataNodeAlive(int index) {
    return dataNodes.get(index).isAlive();
  }

  /** Starts DataNode {@code index} again on its data, after {@link #killDataNode}. */
  public synchronized void startDataNode(int index) throws IOException {
    if (dataNodes.get(index).isAlive()) {
      throw new IllegalStateException("DataNode " + index + " runs already");
    }
    dataNodes.set(index, startDataNodeProcess(index));
  }

  /** The operating system's id of DataNode {@code index}'s JVM, the one started last. */
  public synchronized long dataNodePid(int index) {
    return dataNodes.get(index).pid();
  }

  /** The operating system's ids of the NameNode's JVM and then each DataNode's. */
  public synchronized List<Long> pids() {
    List<Long> pids = new ArrayList<>(List.of(nameNode.pid()));
    dataNodes.forEach(dataNode -> pids.add(dataNode.pid()));
    return pids;
  }

  /** Stops the DataNodes, then the NameNode, as HDFS's {@code stop-dfs.sh} does; kills one that takes too long. */
  @Override
  public synchronized void close() throws IOException {
    List<HdfsDaemon> daemons = new ArrayList<>(dataNodes);
    daemons.add(nameNode);
    for (HdfsDaemon daemon : daemons) {
      daemon.stop();
      try {
        // Killed when it takes too long.
        daemon.jvm().awaitExit(STOP_TIMEOUT);
      } catch (IOException interrupted) {
        killAll();
        throw interrupted;
      }
    }
  }

  private void killAll() {
    dataNodes.forEach(HdfsDaemon::kill);
    nameNode.kill();
  }
}

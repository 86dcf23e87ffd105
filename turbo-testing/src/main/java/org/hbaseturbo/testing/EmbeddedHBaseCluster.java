package org.hbaseturbo.testing;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.LocalHBaseCluster;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.zookeeper.MiniZooKeeperCluster;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.compress.TurboCodecs;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.JVMClusterUtil;
import org.hbaseturbo.server.CompressionCheckEndpoint;
import org.hbaseturbo.server.scan.PreparedScanEndpoint;
import org.hbaseturbo.server.scan.PreparedScanServerEndpoint;
import org.hbaseturbo.server.ServerStatsEndpoint;

/**
 * A real HBase in this JVM: ZooKeeper, one HMaster and N RegionServers ({@link LocalHBaseCluster}) on the
 * local file system, with the server jar's coprocessors and Turbo's pure-Java codecs ({@link TurboCodecs}).
 * Data lives in {@code dataDir/hbase}; a temporary data directory is deleted on {@link #close()}, a given one
 * is kept, and a later cluster on it finds the tables again, also after this JVM was killed.
 */
public final class EmbeddedHBaseCluster implements AutoCloseable {
  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
  private static final String LOOPBACK = "127.0.0.1";
  /** Client keys of HBase's RPC-based connection registry (2.5+), which needs no ZooKeeper access. */
  private static final String REGISTRY_IMPL = "hbase.client.registry.impl";
  private static final String BOOTSTRAP_SERVERS = "hbase.client.bootstrap.servers";

  private final Path dataDir;
  private final boolean temporaryDataDir;
  private final ClusterDataDir claim;
  private final MiniZooKeeperCluster zooKeeper;
  private final LocalHBaseCluster hbase;
  private final Configuration clientConfiguration;

  private EmbeddedHBaseCluster(Path dataDir, boolean temporaryDataDir, ClusterDataDir claim,
      MiniZooKeeperCluster zooKeeper, LocalHBaseCluster hbase, Configuration clientConfiguration) {
    this.dataDir = dataDir;
    this.temporaryDataDir = temporaryDataDir;
    this.claim = claim;
    this.zooKeeper = zooKeeper;
    this.hbase = hbase;
    this.clientConfiguration = clientConfiguration;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A configuration for clients of this cluster: HBase defaults plus where ZooKeeper is. */
  public Configuration clientConfiguration() {
    return new Configuration(clientConfiguration);
  }

  public Path dataDir() {
    return dataDir;
  }

  public int regionServerCount() {
    return hbase.getLiveRegionServers().size();
  }

  /** The live RegionServers, for tests that look inside them. */
  public List<HRegionServer> regionServers() {
    return hbase.getLiveRegionServers().stream().map(JVMClusterUtil.RegionServerThread::getRegionServer)
        .toList();
  }

  /**
   * Stops a RegionServer the way an operator does (its regions close and reopen on the others) and starts a
   * new one in its place: for fault tests, which then need a cluster of their own.
   */
  public void restartRegionServer(HRegionServer server) throws IOException {
    JVMClusterUtil.RegionServerThread thread = hbase.getLiveRegionServers().stream()
        .filter(live -> live.getRegionServer() == server).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("RegionServer " + server.getServerName()
            + " is not live in this cluster"));
    server.stop("restarted by a fault test");
    hbase.waitOnRegionServer(thread);
    JVMClusterUtil.RegionServerThread replacement = hbase.addRegionServer();
    replacement.start();
    replacement.waitForServerOnline();
  }

  public String zooKeeperQuorum() {
    return LOOPBACK + ":" + zooKeeper.getClientPort();
  }

  /**
   * Writes {@code dir/hbase-site.xml} with only what a stock HBase 2.x client needs to find this cluster.
   *
   * @return the file written
   */
  public Path writeClientConfiguration(Path dir) throws IOException {
    Configuration site = new Configuration(false);
    for (String key : new String[] {HConstants.ZOOKEEPER_QUORUM, HConstants.ZOOKEEPER_CLIENT_PORT,
        HConstants.ZOOKEEPER_ZNODE_PARENT, REGISTRY_IMPL, BOOTSTRAP_SERVERS, HConstants.HBASE_DIR}) {
      String value = clientConfiguration.get(key);
      if (value != null) {
        site.set(key, value);
      }
    }
    Files.createDirectories(dir);
    Path file = dir.resolve("hbase-site.xml");
    try (OutputStream out = Files.newOutputStream(file)) {
      site.writeXml(out);
    }
    return file;
  }

  /**
   * Stops the RegionServers (they flush their memstores as their regions close), the master and ZooKeeper,
   * and deletes a temporary data directory.
   */
  @Override
  public void close() throws IOException {
    // HBase's procedure executor lists its leftover threads on System.out as it stops
    // (ThreadGroup.list()); that is not output for our users.
    java.io.PrintStream stdout = System.out;
    System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
    try {
      hbase.shutdown();
      hbase.join();
    } finally {
      System.setOut(stdout);
      zooKeeper.shutdown();
      claim.close();
      if (temporaryDataDir) {
        FileTrees.deleteRecursively(dataDir);
      }
    }
  }

  /** Options of an embedded cluster; {@link #start()} returns once it serves requests. */
  public static final class Builder {
    private int regionServers = 2;
    private Optional<Path> dataDir = Optional.empty();
    private String host = LOOPBACK;
    private final Configuration overrides = new Configuration(false);

    private Builder() {
    }

    public Builder regionServers(int count) {
      if (count < 1) {
        throw new IllegalArgumentException("regionServers must be at least 1, was " + count);
      }
      this.regionServers = count;
      return this;
    }

    /** Keep the data in {@code dir} (created if missing) instead of a temporary directory. */
    public Builder dataDir(Path dir) {
      this.dataDir = Optional.of(requireNonNull(dir, "dir is null"));
      return this;
    }

    /**
     * The address the master and RegionServers bind to and advertise. Loopback by default; a benchmark that
     * reaches the cluster through an emulated network link gives the host side of that link. ZooKeeper
     * listens on loopback only ({@link MiniZooKeeperCluster}), so clients of a cluster on another address
     * find it through HBase's RPC connection registry instead.
     */
    public Builder host(String address) {
      this.host = requireNonNull(address, "address is null");
      return this;
    }

    /** An HBase setting for every server of the cluster. */
    public Builder set(String key, String value) {
      overrides.set(key, value);
      return this;
    }

    public EmbeddedHBaseCluster start() throws IOException {
      boolean temporary = dataDir.isEmpty();
      Path dir = temporary ? Files.createTempDirectory("turbo-hbase-") : dataDir.get().toAbsolutePath();
      ClusterDataDir claim = ClusterDataDir.claim(dir);
      try {
        return start(dir, temporary, claim);
      } catch (IOException | RuntimeException e) {
        claim.close();
        if (temporary) {
          FileTrees.deleteRecursively(dir);
        }
        throw e;
      }
    }

    private EmbeddedHBaseCluster start(Path dir, boolean temporary, ClusterDataDir claim) throws IOException {
      Configuration conf = serverConfiguration(dir);
      // The servers share this JVM's compression algorithms, which read their codec classes only once.
      TurboCodecs.install();
      // Several RegionServers in one JVM register metrics sources of the same name; this mode (which
      // HBase's own test utility sets too) makes Hadoop's metrics system accept them.
      DefaultMetricsSystem.setMiniClusterMode(true);
      MiniZooKeeperCluster zooKeeper = new MiniZooKeeperCluster(conf);
      int zkPort;
      Path zooKeeperDir = dir.resolve("zookeeper");
      // A cluster that was killed leaves its master's ephemeral node in ZooKeeper's snapshot, and a new
      // master waits on it as on a live rival ("another master is active"). HBase 2.6 keeps nothing in
      // ZooKeeper that it cannot rebuild from hbase.rootdir: meta's location lives in the master's local
      // region (ZooKeeper holds a mirror), and the dead servers whose WALs need splitting are found from
      // their WAL directories. So every start begins with an empty ZooKeeper.
      FileTrees.deleteRecursively(zooKeeperDir);
      // The port of the last start, so that client configurations written then still find this cluster.
      OptionalInt previousPort = claim.zooKeeperPort();
      previousPort.ifPresent(zooKeeper::addClientPort);
      try {
        zkPort = zooKeeper.startup(zooKeeperDir.toFile());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while starting ZooKeeper", e);
      }
      if (zkPort < 0) {
        throw new InvalidInputException("ZooKeeper's port " + previousPort.getAsInt() + " of the cluster in " + dir
            + " is taken by another process; free it, or delete " + dir.resolve("zookeeper.port") + " to start"
            + " on a new port (clients then need the new client configuration)");
      }
      claim.rememberZooKeeperPort(zkPort);
      conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, zkPort);
      LocalHBaseCluster hbase = null;
      try {
        hbase = new LocalHBaseCluster(conf, 1, regionServers);
        hbase.startup();
        awaitServing(hbase, regionServers);
      } catch (IOException | RuntimeException e) {
        if (hbase != null) {
          hbase.shutdown();
          hbase.join();
        }
        zooKeeper.shutdown();
        throw e;
      }
      Configuration client = HBaseConfiguration.create();
      client.set(HConstants.ZOOKEEPER_QUORUM, LOOPBACK);
      client.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, zkPort);
      client.set(HConstants.ZOOKEEPER_ZNODE_PARENT, conf.get(HConstants.ZOOKEEPER_ZNODE_PARENT,
          HConstants.DEFAULT_ZOOKEEPER_ZNODE_PARENT));
      // Not needed to connect; lets tools that report storage read the store files' exact sizes.
      client.set(HConstants.HBASE_DIR, conf.get(HConstants.HBASE_DIR));
      if (!host.equals(LOOPBACK)) {
        client.set(REGISTRY_IMPL, "org.apache.hadoop.hbase.client.RpcConnectionRegistry");
        client.set(BOOTSTRAP_SERVERS, bootstrapServers(hbase));
      }
      return new EmbeddedHBaseCluster(dir, temporary, claim, zooKeeper, hbase, client);
    }

    private static String bootstrapServers(LocalHBaseCluster hbase) {
      StringBuilder servers = new StringBuilder(hbase.getActiveMaster().getServerName().getAddress().toString());
      for (var regionServer : hbase.getLiveRegionServers()) {
        servers.append(',').append(regionServer.getRegionServer().getServerName().getAddress());
      }
      return servers.toString();
    }

    private Configuration serverConfiguration(Path dir) {
      Configuration conf = HBaseConfiguration.create();
      // Path.toUri() ends a directory that exists in '/': without it, the URI is the same on every start, and so
      // is the client configuration written from it.
      conf.set(HConstants.HBASE_DIR, dir.resolve("hbase").toUri().toString().replaceFirst("/$", ""));
      conf.set("hbase.tmp.dir", dir.resolve("tmp").toString());
      conf.set(HConstants.ZOOKEEPER_QUORUM, LOOPBACK);
      conf.set("hbase.master.hostname", host);
      conf.set("hbase.regionserver.hostname", host);
      // Random ports, so that several clusters (a test's and a user's) can run side by side; no web UIs.
      conf.setInt(HConstants.MASTER_PORT, 0);
      conf.setInt(HConstants.REGIONSERVER_PORT, 0);
      conf.setInt(HConstants.MASTER_INFO_PORT, -1);
      conf.setInt(HConstants.REGIONSERVER_INFO_PORT, -1);
      conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, 0);
      // The local file system has no hflush/hsync capability flags; HBase refuses it unless told otherwise.
      conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
      // Files a compaction replaced go within 10 s instead of 2 minutes, so that storage reports settle fast.
      conf.setInt("hbase.hfile.compaction.discharger.interval", 10_000);
      // The async WAL writer needs HDFS; the classic one writes to any Hadoop file system.
      conf.set("hbase.wal.provider", "filesystem");
      conf.setStrings("hbase.coprocessor.regionserver.classes", ServerStatsEndpoint.class.getName(),
          CompressionCheckEndpoint.class.getName(), PreparedScanServerEndpoint.class.getName());
      conf.setStrings("hbase.coprocessor.region.classes", PreparedScanEndpoint.class.getName());
      TurboCodecs.configure(conf);
      for (var entry : overrides) {
        conf.set(entry.getKey(), entry.getValue());
      }
      return conf;
    }

    private static void awaitServing(LocalHBaseCluster hbase, int regionServers) throws IOException {
      long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
      while (true) {
        HMaster master = hbase.getActiveMaster();
        if (master != null && master.isInitialized()
            && master.getServerManager().getOnlineServersList().size() >= regionServers) {
          return;
        }
        if (hbase.getLiveRegionServers().size() < regionServers || hbase.getLiveMasters().isEmpty()) {
          throw new IOException("an embedded HBase server aborted while starting; its log says why");
        }
        if (System.nanoTime() > deadline) {
          throw new IOException("embedded HBase did not start within " + START_TIMEOUT.toSeconds() + " s");
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while waiting for HBase to start", e);
        }
      }
    }
  }
}

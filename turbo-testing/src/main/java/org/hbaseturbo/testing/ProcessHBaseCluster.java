package org.hbaseturbo.testing;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.LocalHBaseCluster;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.zookeeper.MiniZooKeeperCluster;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.compress.TurboCodecs;

/**
 * HBase's pseudo-distributed mode on local disk: ZooKeeper and the HMaster in this JVM, each RegionServer in a JVM
 * of its own ({@link RegionServerProcess}), all sharing {@code dataDir/hbase}. Unlike {@link EmbeddedHBaseCluster},
 * each RegionServer sizes its memstore and block cache from a heap of its own, runs the server jar from a classpath
 * that holds nothing else of ours, and can be killed alone.
 */
public final class ProcessHBaseCluster implements LocalCluster {
  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
  private static final Duration STOP_TIMEOUT = Duration.ofMinutes(2);

  private final Path dataDir;
  private final boolean temporaryDataDir;
  private final ClusterDataDir claim;
  private final MiniZooKeeperCluster zooKeeper;
  private final LocalHBaseCluster master;
  private final List<RegionServerProcess> regionServers;
  private final Configuration clientConfiguration;

  private ProcessHBaseCluster(Path dataDir, boolean temporaryDataDir, ClusterDataDir claim,
      MiniZooKeeperCluster zooKeeper, LocalHBaseCluster master, List<RegionServerProcess> regionServers,
      Configuration clientConfiguration) {
    this.dataDir = dataDir;
    this.temporaryDataDir = temporaryDataDir;
    this.claim = claim;
    this.zooKeeper = zooKeeper;
    this.master = master;
    this.regionServers = regionServers;
    this.clientConfiguration = clientConfiguration;
  }

  public static Builder builder() {
    return new Builder();
  }

  @Override
  public Configuration clientConfiguration() {
    return new Configuration(clientConfiguration);
  }

  @Override
  public Path dataDir() {
    return dataDir;
  }

  @Override
  public String zooKeeperQuorum() {
    return ClusterSettings.LOOPBACK + ":" + zooKeeper.getClientPort();
  }

  /** The operating system's ids of the RegionServer JVMs, in the order they were started. */
  public List<Long> regionServerPids() {
    return regionServers.stream().map(RegionServerProcess::pid).toList();
  }

  /** SIGKILL of one RegionServer, as a crash: the master reassigns its regions, replaying its WAL. */
  public void killRegionServer(int index) {
    regionServers.get(index).kill();
  }

  @Override
  public Path writeClientConfiguration(Path dir) throws IOException {
    return ClusterSettings.writeClient(clientConfiguration, dir);
  }

  /**
   * Stops the cluster as HBase's {@code stop-hbase.sh} does: the master shuts the cluster down, each RegionServer
   * closes its regions (flushing their memstores) and exits; then ZooKeeper stops. A RegionServer still running
   * after two minutes is killed.
   */
  @Override
  public void close() throws IOException {
    try {
      master.shutdown();
      master.join();
      for (RegionServerProcess server : regionServers) {
        server.awaitExit(STOP_TIMEOUT);
      }
    } finally {
      zooKeeper.shutdown();
      claim.close();
      if (temporaryDataDir) {
        FileTrees.deleteRecursively(dataDir);
      }
    }
  }

  /** Options of a process cluster; {@link #start()} returns once every RegionServer serves. */
  public static final class Builder {
    private int regionServers = 2;
    private String regionServerHeap = "1g";
    private Optional<Path> dataDir = Optional.empty();
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

    /**
     * Each RegionServer JVM's maximum heap, as {@code -Xmx} takes it ("512m", "2g").
     *
     * @throws InvalidInputException when it is not a heap size
     */
    public Builder regionServerHeap(String heap) {
      if (!requireNonNull(heap, "heap is null").matches("[1-9][0-9]*[kKmMgG]?")) {
        throw new InvalidInputException("RegionServer heap '" + heap + "' is not a heap size; expected a number"
            + " with k, m or g, such as 512m or 2g");
      }
      this.regionServerHeap = heap;
      return this;
    }

    /** Keep the data in {@code dir} (created if missing) instead of a temporary directory. */
    public Builder dataDir(Path dir) {
      this.dataDir = Optional.of(requireNonNull(dir, "dir is null"));
      return this;
    }

    /** An HBase setting for every server of the cluster, in each RegionServer's own {@code hbase-site.xml}. */
    public Builder set(String key, String value) {
      overrides.set(key, value);
      return this;
    }

    public ProcessHBaseCluster start() throws IOException {
      requireMemory();
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

    /** Their heaps must fit in this machine's memory, beside what the launcher and the clients need. */
    private void requireMemory() {
      long total = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
          .getTotalMemorySize();
      long heaps = regionServers * heapBytes(regionServerHeap);
      if (heaps > total / 4 * 3) {
        throw new InvalidInputException(regionServers + " RegionServers of " + regionServerHeap + " heap need "
            + (heaps >> 20) + " MiB, more than three quarters of this machine's " + (total >> 20) + " MiB; give"
            + " fewer RegionServers or a smaller heap");
      }
    }

    private static long heapBytes(String heap) {
      char unit = Character.toLowerCase(heap.charAt(heap.length() - 1));
      int shift = switch (unit) {
        case 'k' -> 10;
        case 'm' -> 20;
        case 'g' -> 30;
        default -> 0;
      };
      return Long.parseLong(shift == 0 ? heap : heap.substring(0, heap.length() - 1)) << shift;
    }

    private ProcessHBaseCluster start(Path dir, boolean temporary, ClusterDataDir claim) throws IOException {
      Configuration conf = ClusterSettings.server(dir, ClusterSettings.LOOPBACK, overrides);
      // The master checks a table's compression in this JVM when it is created.
      TurboCodecs.install();
      MiniZooKeeperCluster zooKeeper = DataDirZooKeeper.start(conf, dir, claim);
      List<RegionServerProcess> servers = new ArrayList<>();
      LocalHBaseCluster master = null;
      try {
        // The RegionServers first: the master's start-up returns only once one of them has opened meta.
        for (int i = 0; i < regionServers; i++) {
          servers.add(RegionServerProcess.start(i, dir, conf, regionServerHeap));
        }
        master = new LocalHBaseCluster(conf, 1, 0);
        awaitServing(master, servers);
      } catch (IOException | RuntimeException e) {
        if (master != null) {
          master.shutdown();
          master.join();
        }
        servers.forEach(RegionServerProcess::kill);
        zooKeeper.shutdown();
        throw e;
      }
      return new ProcessHBaseCluster(dir, temporary, claim, zooKeeper, master, List.copyOf(servers),
          ClusterSettings.client(conf));
    }

    private static void awaitServing(LocalHBaseCluster master, List<RegionServerProcess> servers)
        throws IOException {
      CompletableFuture<Void> started = CompletableFuture.runAsync(() -> {
        try {
          master.startup();
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
      while (true) {
        for (RegionServerProcess server : servers) {
          if (!server.isAlive()) {
            throw new IOException("RegionServer " + server.index() + " exited while starting; its log ends:\n"
                + server.logTail(20));
          }
        }
        if (started.isCompletedExceptionally()) {
          started.join();
        }
        HMaster active = master.getActiveMaster();
        if (started.isDone() && active != null && active.isInitialized()
            && active.getServerManager().getOnlineServersList().size() >= servers.size()) {
          return;
        }
        if (System.nanoTime() > deadline) {
          throw new IOException("the process cluster did not start within " + START_TIMEOUT.toSeconds() + " s");
        }
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while waiting for HBase to start", e);
        }
      }
    }
  }
}

package org.hbaseturbo.cluster;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.master.ServerManager;
import org.apache.hadoop.util.ShutdownHookManager;
import org.hbaseturbo.common.EveryStep;
import org.hbaseturbo.compress.TurboCodecs;

/**
 * The options both kinds of local cluster take, and their start: the data directory claimed for the cluster's
 * life, and a temporary one deleted again when the start fails. A started cluster stops when the JVM exits before
 * it was closed ({@link ClusterHome}); a JVM that exits during the start waits for it to end ({@link StartExitWait}).
 *
 * @param <B> the builder
 * @param <C> the cluster it starts
 */
public abstract class LocalClusterBuilder<B extends LocalClusterBuilder<B, C>, C extends LocalCluster> {
  /**
   * How long a start may take before it fails although no server gave up (one that does fails it at once). A
   * process cluster of 2 RegionServers serves within 16 s on a 2-core machine (README), an embedded one sooner: 2
   * minutes leaves room for a machine busy with other work, and is as long as a user should wait to learn that a
   * server that neither came up nor gave up will not come up.
   */
  static final Duration START_TIMEOUT = Duration.ofMinutes(2);
  /** How often a start looks at its servers: a small cost against the seconds a start takes. */
  static final Duration START_POLL = Duration.ofMillis(200);

  int regionServers = 2;
  private Optional<Path> dataDir = Optional.empty();
  private boolean tableCoprocessors;
  final Configuration overrides = new Configuration(false);

  LocalClusterBuilder() {
  }

  public B regionServers(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("regionServers must be at least 1, was " + count);
    }
    this.regionServers = count;
    return self();
  }

  /** Keep the data in {@code dir} (created if missing) instead of a temporary directory. */
  public B dataDir(Path dir) {
    this.dataDir = Optional.of(requireNonNull(dir, "dir is null"));
    return self();
  }

  /**
   * Lets tables name coprocessors of their own, as HBase does by default and local clusters do not
   * ({@link ClusterSettings#server}): for tests that inject faults through one. Any client of the cluster can then
   * run code in its servers.
   */
  public B tableCoprocessors() {
    this.tableCoprocessors = true;
    return self();
  }

  /** An HBase setting for every server of the cluster. */
  public B set(String key, String value) {
    overrides.set(key, value);
    return self();
  }

  /** Starts the cluster; returns once it serves requests. */
  public C start() throws IOException {
    checkBeforeStart();
    dataDir.ifPresent(dir -> OwnedDirectory.require(dir, "data directory"));
    boolean temporary = dataDir.isEmpty();
    StartExitWait exitWait = StartExitWait.register();
    try {
      Path dir = temporary ? Files.createTempDirectory("turbo-hbase-") : dataDir.get().toAbsolutePath();
      exitWait.starting(dir);
      return startIn(dir, temporary);
    } catch (IOException | RuntimeException e) {
      if (ShutdownHookManager.get().isShutdownInProgress()) {
        // What failed (a master aborting as its file systems close, a hook refused) follows from the stop.
        throw new IOException(exitWait.cluster() + " was stopped while it started: this JVM exits", e);
      }
      throw e;
    } finally {
      exitWait.ended();
    }
  }

  private C startIn(Path dir, boolean temporary) throws IOException {
    ClusterDataDir claim = ClusterDataDir.claim(dir);
    ClusterZooKeeper zooKeeper = null;
    ClusterHome home;
    C started;
    try {
      Configuration conf = ClusterSettings.server(dir, host(), tableCoprocessors, overrides);
      // A starting master waits for RegionServers to check in for 4.5 s at least, and until none did for 1.5 s
      // (hbase.master.wait.on.regionservers.*); knowing how many there are, it goes on once all of them did, as
      // HBase's own test utility has it.
      conf.setIfUnset(ServerManager.WAIT_ON_REGIONSERVERS_MAXTOSTART, Integer.toString(regionServers));
      // The servers in this JVM (all of them, or the master, which checks a table's compression when it is
      // created) share its compression algorithms, which read their codec classes only once.
      TurboCodecs.install();
      zooKeeper = startZooKeeper(conf, dir, claim);
      home = new ClusterHome(dir, temporary, claim, zooKeeper);
      started = start(conf, home);
    } catch (IOException | RuntimeException e) {
      if (zooKeeper != null) {
        EveryStep.after(e, zooKeeper::stop);
      }
      abandonHost(e);
      claim.close();
      if (temporary) {
        FileTrees.deleteRecursively(dir);
      }
      throw e;
    }
    try {
      home.closeOnExit(started);
    } catch (RuntimeException exiting) {
      // Hadoop refuses a hook once the JVM exits: the cluster would outlive the command.
      EveryStep.after(exiting, started::close);
      throw exiting;
    }
    return started;
  }

  /** The address the master (and, unless on hosts of their own, every server) binds to and advertises. */
  String host() throws IOException {
    return ClusterSettings.LOOPBACK;
  }

  /** Starts the cluster's ZooKeeper ({@link DataDirZooKeeper}) and points {@code conf} at it. */
  ClusterZooKeeper startZooKeeper(Configuration conf, Path dir, ClusterDataDir claim) throws IOException {
    return DataDirZooKeeper.start(conf, dir, claim);
  }

  /**
   * Undoes what {@link #host} made, after a start that failed; what cannot be undone is added to {@code failure}.
   */
  void abandonHost(Exception failure) {
  }

  /** Refuses, before anything is created, what the options cannot give. */
  void checkBeforeStart() {
  }

  /**
   * Starts the servers with {@code conf}, whose ZooKeeper runs in {@code home}; servers started stop again if this
   * fails.
   */
  abstract C start(Configuration conf, ClusterHome home) throws IOException;

  abstract B self();
}

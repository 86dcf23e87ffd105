package org.hbaseturbo.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.LocalHBaseCluster;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.JVMClusterUtil;
import org.hbaseturbo.common.Await;

/**
 * The servers of a {@link LocalHBaseCluster} that run as threads of this JVM (its master, and an embedded cluster's
 * RegionServers) as they start: whether they serve, or one gave up. They are started here rather than by
 * {@link LocalHBaseCluster#startup()}, which waits for the master to finish initializing up to 200 s
 * ({@code hbase.master.init.timeout.localHBaseCluster}) however early a server aborted: a master left without
 * RegionServers never does, as it has nowhere to assign {@code hbase:meta}.
 */
final class ServerThreads {
  private final LocalHBaseCluster hbase;
  private final AbortLines aborts;

  /**
   * @param aborts capturing since before the servers were created, so that it has every ABORTING line they log
   */
  private ServerThreads(LocalHBaseCluster hbase, AbortLines aborts) {
    this.hbase = hbase;
    this.aborts = aborts;
  }

  /** Starts the servers of {@code hbase}, whose ABORTING lines {@code aborts} captures. */
  static ServerThreads start(LocalHBaseCluster hbase, AbortLines aborts) {
    hbase.getMasters().forEach(Thread::start);
    hbase.getRegionServers().forEach(Thread::start);
    return new ServerThreads(hbase, aborts);
  }

  /**
   * Stops the servers of {@code hbase} that run in this JVM and waits for them. HBase's procedure executor lists the
   * threads it leaves behind on {@code System.out} as it stops ({@code ThreadGroup.list()}), which would land in the
   * middle of a command's output: this JVM's standard output is silenced meanwhile.
   */
  static void stop(LocalHBaseCluster hbase) {
    PrintStream stdout = System.out;
    System.setOut(new PrintStream(OutputStream.nullOutputStream()));
    try {
      hbase.shutdown();
      hbase.join();
    } finally {
      System.setOut(stdout);
    }
  }

  /** A look at servers that are not threads of this JVM: it throws, naming one, when that one gave up. */
  @FunctionalInterface
  interface OtherServers {
    void requireNoneGaveUp() throws IOException;
  }

  /**
   * Returns once the cluster serves ({@link #serve}), and fails as soon as one of its servers gave up, or once
   * {@link LocalClusterBuilder#START_TIMEOUT} has passed.
   *
   * @param cluster which cluster, for messages: "the process cluster"
   */
  void awaitServing(int regionServers, OtherServers others, String cluster) throws IOException {
    Await.until(() -> {
      requireNoneGaveUp();
      others.requireNoneGaveUp();
      return serve(regionServers);
    }, LocalClusterBuilder.START_TIMEOUT, LocalClusterBuilder.START_POLL, cluster + " to start",
        () -> new IOException(cluster + " did not start within " + LocalClusterBuilder.START_TIMEOUT.toSeconds()
            + " s: " + missing(regionServers)));
  }

  /** @throws IOException naming the first server that gave up, and quoting its ABORTING line */
  private void requireNoneGaveUp() throws IOException {
    for (JVMClusterUtil.MasterThread thread : hbase.getMasters()) {
      requireRunning(thread, thread.getMaster(), "the master");
    }
    List<JVMClusterUtil.RegionServerThread> regionServers = hbase.getRegionServers();
    for (int i = 0; i < regionServers.size(); i++) {
      requireRunning(regionServers.get(i), regionServers.get(i).getRegionServer(), "RegionServer " + i);
    }
  }

  /**
   * HBase marks a server aborted before it logs its ABORTING line, in the same call: while the server's thread lives,
   * an aborted server without its line yet is looked at again at the next poll, so that the error quotes the reason.
   */
  private void requireRunning(Thread thread, HRegionServer server, String which) throws IOException {
    boolean ended = !thread.isAlive();
    Optional<String> line = aborts.of(server.getServerName());
    if (ended || server.isAborted() && line.isPresent()) {
      throw new IOException(which + " (" + server.getServerName() + ") " + (server.isAborted() ? "aborted" : "ended")
          + " while starting: " + line.orElse("it logged no ABORTING line; HBase's log says why"));
    }
  }

  /**
   * Whether the cluster serves: its master has finished initializing, which it does once {@code hbase:meta} and the
   * namespace table are assigned, and {@code regionServers} are online.
   */
  private boolean serve(int regionServers) {
    HMaster master = hbase.getActiveMaster();
    return master != null && master.isInitialized()
        && master.getServerManager().getOnlineServersList().size() >= regionServers;
  }

  /** What the cluster still lacks to serve, for a start that took too long. */
  private String missing(int regionServers) {
    HMaster master = hbase.getActiveMaster();
    if (master == null) {
      return "no master is active";
    }
    int online = master.getServerManager().getOnlineServersList().size();
    return (master.isInitialized() ? "" : "the master has not assigned hbase:meta and the namespace table; ")
        + online + " of " + regionServers + " RegionServers online";
  }
}

package org.hbaseturbo.verify.chaos;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.hbaseturbo.cluster.HdfsCluster;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.common.Pause;

/**
 * What chaos acts on: one table through HBase's {@link Admin}, and, where the cluster runs as processes this JVM
 * started, its RegionServer and DataNode JVMs. Every wait is bounded, so that an action that cannot finish is
 * recorded as failed instead of holding the run.
 */
public final class ChaosTarget {
  /** The longest an action waits for HBase to finish what it asked for (a split, a merge, a server's start). */
  static final Duration ACTION_TIMEOUT = Duration.ofMinutes(5);
  private static final Duration POLL = Duration.ofMillis(500);

  private final Connection connection;
  private final TableName table;
  private final Optional<ProcessHBaseCluster> processes;
  private final SplittableRandom random;
  private final Duration restartPause;
  private final IsolationWatcher isolations;

  /**
   * @param processes the cluster's processes, where this JVM started them; without them, the actions that kill
   *     servers cannot run
   * @param random chooses the regions, servers and codecs the actions take
   * @param restartPause how long a killed server stays down before it starts again
   * @param isolations told around each pause or partition of a RegionServer
   */
  public ChaosTarget(Connection connection, TableName table, Optional<ProcessHBaseCluster> processes,
      SplittableRandom random, Duration restartPause, IsolationWatcher isolations) {
    this.connection = requireNonNull(connection, "connection is null");
    this.table = requireNonNull(table, "table is null");
    this.processes = requireNonNull(processes, "processes is null");
    this.random = requireNonNull(random, "random is null");
    this.restartPause = requireNonNull(restartPause, "restartPause is null");
    this.isolations = requireNonNull(isolations, "isolations is null");
  }

  Admin admin() throws IOException {
    return connection.getAdmin();
  }

  TableName table() {
    return table;
  }

  Optional<ProcessHBaseCluster> processes() {
    return processes;
  }

  IsolationWatcher isolations() {
    return isolations;
  }

  Optional<HdfsCluster> hdfs() {
    return processes.flatMap(ProcessHBaseCluster::hdfs);
  }

  /** A number in [0, bound). */
  int randomBelow(int bound) {
    return random.nextInt(bound);
  }

  <T> T randomOf(List<T> choices) {
    return choices.get(random.nextInt(choices.size()));
  }

  /** The table's regions in {@code hbase:meta}, split parents left out, in key order. */
  List<RegionInfo> regions() throws IOException {
    try (RegionLocator locator = connection.getRegionLocator(table)) {
      List<RegionInfo> regions = new ArrayList<>();
      locator.getAllRegionLocations().forEach(location -> regions.add(location.getRegion()));
      regions.sort(RegionInfo.COMPARATOR);
      return regions;
    }
  }

  /** The index of the RegionServer process that holds {@code hbase:meta}, or -1 where none of them is known to. */
  int metaHolder() throws IOException {
    ServerName holder;
    try (RegionLocator meta = connection.getRegionLocator(TableName.META_TABLE_NAME)) {
      holder = meta.getRegionLocation(new byte[0], true).getServerName();
    }
    return processes.orElseThrow().regionServerPorts().indexOf(holder.getPort());
  }

  /** One of the RegionServer processes, by index, at random, but the one that holds {@code hbase:meta}. */
  OptionalInt randomRegionServerButMetaHolder() throws IOException {
    int meta = metaHolder();
    List<Integer> others = new ArrayList<>();
    for (int i = 0; i < processes.orElseThrow().regionServerPids().size(); i++) {
      if (i != meta) {
        others.add(i);
      }
    }
    return others.isEmpty() ? OptionalInt.empty() : OptionalInt.of(randomOf(others));
  }

  /**
   * Waits until the master has given away the regions of RegionServer {@code index}, which is paused: the master no
   * longer lists it as live, no region is in transition, and no region of the table is on it.
   *
   * @throws IOException when that is not so within {@link #ACTION_TIMEOUT}
   */
  void awaitRegionsMovedOff(int index) throws IOException {
    int port = processes.orElseThrow().regionServerPorts().get(index);
    untilNothingLeft("the master had not given away the regions of RegionServer " + index, () -> notMovedOff(port));
  }

  /** What is left to happen before one of chaos's waits ends; empty once nothing is. */
  @FunctionalInterface
  private interface Left {
    String now() throws IOException;
  }

  /**
   * Polls {@code left} until nothing is, at most {@link #ACTION_TIMEOUT}.
   *
   * @param notDone the error's start, which says what did not happen; what was left at the last poll follows it
   */
  private static void untilNothingLeft(String notDone, Left left) throws IOException {
    String[] last = {""};
    Await.until(() -> (last[0] = left.now()).isEmpty(), ACTION_TIMEOUT, POLL, notDone,
        () -> new IOException(notDone + " within " + ACTION_TIMEOUT.toMinutes() + " minutes: " + last[0]));
  }

  /** What is left on the server at {@code port}; empty when nothing is. */
  private String notMovedOff(int port) throws IOException {
    try (Admin admin = admin()) {
      ClusterMetrics metrics = admin.getClusterMetrics();
      if (metrics.getLiveServerMetrics().keySet().stream().anyMatch(server -> server.getPort() == port)) {
        return "the master still lists it as live";
      }
      if (!metrics.getRegionStatesInTransition().isEmpty()) {
        return metrics.getRegionStatesInTransition().size() + " regions in transition";
      }
      // Read from hbase:meta at each call.
      try (RegionLocator locator = connection.getRegionLocator(table)) {
        for (HRegionLocation location : locator.getAllRegionLocations()) {
          if (location.getServerName() != null && location.getServerName().getPort() == port) {
            return "region " + location.getRegion().getEncodedName() + " of " + table + " is still on it";
          }
        }
      }
      return "";
    }
  }

  /** Waits out the pause a killed server stays down. */
  void pause() throws InterruptedIOException {
    Pause.sleep(restartPause, "the end of a killed server's time down");
  }

  /** Waits for what HBase does in the background for an action, at most {@link #ACTION_TIMEOUT}. */
  static <T> T await(Future<T> future, String what) throws IOException {
    try {
      return future.get(ACTION_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for " + what);
    } catch (ExecutionException e) {
      throw new IOException(what + " failed: " + e.getCause().getMessage(), e.getCause());
    } catch (TimeoutException e) {
      throw new IOException(what + " did not finish within " + ACTION_TIMEOUT.toMinutes() + " minutes", e);
    }
  }

  /**
   * Waits until the cluster is whole again after chaos: every RegionServer and DataNode process runs (one still
   * down is started), the master lists exactly the running RegionServers, no region is in transition, and every
   * region of the table is on a live server.
   *
   * @return what it found and did, for the record
   * @throws IOException when the cluster is not whole within {@link #ACTION_TIMEOUT}
   */
  String settle() throws IOException {
    List<String> started = new ArrayList<>();
    if (processes.isPresent()) {
      ProcessHBaseCluster cluster = processes.get();
      for (int i = 0; i < cluster.regionServerPids().size(); i++) {
        if (!cluster.isRegionServerAlive(i)) {
          cluster.startRegionServer(i);
          started.add("RegionServer " + i);
        }
      }
      if (cluster.hdfs().isPresent()) {
        HdfsCluster hdfs = cluster.hdfs().get();
        for (int i = 0; i < hdfs.dataNodeCount(); i++) {
          if (!hdfs.isDataNodeAlive(i)) {
            hdfs.startDataNode(i);
            started.add("DataNode " + i);
          }
        }
      }
    }
    long start = System.nanoTime();
    untilNothingLeft("the cluster did not settle", this::unsettled);
    return (started.isEmpty() ? "" : "started " + String.join(", ", started) + " that were down; ")
        + "every RegionServer serves and every region of " + table + " is online, after "
        + Duration.ofNanos(System.nanoTime() - start).toSeconds() + " s";
  }

  /** What keeps the cluster from being whole; empty when it is. */
  private String unsettled() throws IOException {
    try (Admin admin = admin()) {
      ClusterMetrics metrics = admin.getClusterMetrics();
      List<ServerName> live = metrics.getLiveServerMetrics().keySet().stream().toList();
      if (processes.isPresent() && live.size() != processes.get().regionServerPids().size()) {
        return "the master lists " + live.size() + " live RegionServers of " + processes.get().regionServerPids()
            .size();
      }
      if (!metrics.getRegionStatesInTransition().isEmpty()) {
        return metrics.getRegionStatesInTransition().size() + " regions in transition";
      }
      try (RegionLocator locator = connection.getRegionLocator(table)) {
        for (HRegionLocation location : locator.getAllRegionLocations()) {
          if (location.getServerName() == null || !live.contains(location.getServerName())) {
            return "region " + location.getRegion().getEncodedName() + " of " + table + " is on "
                + location.getServerName() + ", not a live server";
          }
        }
      }
      return "";
    }
  }
}

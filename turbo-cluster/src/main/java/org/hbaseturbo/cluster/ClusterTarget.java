package org.hbaseturbo.cluster;

import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.regionserver.HRegionServer;

/**
 * The cluster a benchmark runs against, embedded or given by {@code --conf}: a connection for this process
 * and the directory whose {@code hbase-site.xml} the benchmark's client JVMs read.
 *
 * @param description how to name the cluster to the user
 * @param inProcess the RegionServers that run in this JVM (an embedded cluster), for what only they can measure
 *     from inside; empty for a cluster elsewhere
 * @param started whether the command started the cluster (embedded or as processes), whose balancer it may pause;
 *     false for one given by {@code --conf}, which is the operator's
 */
public record ClusterTarget(Connection connection, Path clientConfDir, String description,
    List<HRegionServer> inProcess, boolean started) {
  public ClusterTarget {
    inProcess = List.copyOf(inProcess);
    requireNonNull(connection, "connection is null");
    requireNonNull(clientConfDir, "clientConfDir is null");
    requireNonNull(description, "description is null");
  }

  /** A cluster the command did not start, given by {@code --conf}. */
  public ClusterTarget(Connection connection, Path clientConfDir, String description) {
    this(connection, clientConfDir, description, List.of(), false);
  }

  /**
   * Switches the balancer off until the returned handle closes, on a cluster the command started: a region that the
   * balancer moves mid-run changes what the run measures, and which server an in-process timing must call. A
   * cluster given by {@code --conf} is the operator's and keeps its balancer.
   */
  public Closeable balancerPaused() throws IOException {
    return started ? balancerPaused(connection) : () -> { };
  }

  /**
   * Switches the balancer of {@code connection}'s cluster off until the returned handle closes, then back to what it
   * was: for a cluster the caller started, whose balancer is its own to pause.
   */
  public static Closeable balancerPaused(Connection connection) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      boolean wasOn = admin.balancerSwitch(false, true);
      return () -> {
        try (Admin again = connection.getAdmin()) {
          again.balancerSwitch(wasOn, false);
        }
      };
    }
  }

  /** The HBase version the cluster's master reports, for reports. */
  public String hbaseVersion() throws IOException {
    try (Admin admin = connection.getAdmin()) {
      return admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.HBASE_VERSION)).getHBaseVersion();
    }
  }
}

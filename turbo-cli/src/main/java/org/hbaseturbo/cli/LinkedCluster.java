package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.cluster.NetworkLink;
import org.hbaseturbo.cluster.ProcessHBaseCluster;

/**
 * The cluster a benchmark's client JVMs reach, and the host they run on where it is not this one: behind an emulated
 * link to an embedded cluster, which is made first (the cluster binds to its address) and taken down last, or the
 * client host of a cluster of hosts.
 */
final class LinkedCluster implements AutoCloseable {
  private final Optional<NetworkLink> link;
  private final PrintWriter out;
  private final TargetCluster cluster;

  private LinkedCluster(Optional<NetworkLink> link, TargetCluster cluster, PrintWriter out) {
    this.link = link;
    this.cluster = cluster;
    this.out = out;
  }

  static LinkedCluster open(Optional<Path> conf, NetworkLink.Speed speed, LocalClusterOptions embedded,
      Path workDir, PrintWriter out) throws IOException {
    // Settings first: they refuse bad input, which must come before the link is made. On hosts of their own, every
    // host's link takes the rate, the client host's among them.
    boolean onHosts = embedded.onHosts();
    TargetCluster.LocalSettings settings = onHosts ? embedded.settings(TargetCluster.LOOPBACK, speed)
        : embedded.settings(speed.isLoopback() ? TargetCluster.LOOPBACK : NetworkLink.HOST_ADDRESS);
    Optional<NetworkLink> link = Optional.empty();
    if (!speed.isLoopback() && !onHosts) {
      out.printf("creating an emulated %s link for the client JVMs ...%n", speed.userName());
      out.flush();
      link = Optional.of(NetworkLink.create(speed));
    }
    try {
      return new LinkedCluster(link, TargetCluster.open(conf, settings, workDir, out), out);
    } catch (IOException | RuntimeException e) {
      if (link.isPresent()) {
        link.get().close();
      }
      throw e;
    }
  }

  /** Where the client JVMs run, when not on this host: behind the link, or on the cluster's client host. */
  Optional<ClientHost> clientHost() {
    return link.<ClientHost>map(own -> own).or(() -> cluster.processes().flatMap(ProcessHBaseCluster::clientHost));
  }

  TargetCluster cluster() {
    return cluster;
  }

  @Override
  public void close() throws IOException {
    try {
      cluster.close();
    } finally {
      if (link.isPresent()) {
        link.get().close();
        link.get().delaysSaid().forEach(out::println);
        out.flush();
      }
    }
  }
}

package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.hbaseturbo.cluster.NetworkLink;

/**
 * The cluster a benchmark's client JVMs reach, and the emulated link they reach it through, if any: the link
 * is made first (the embedded cluster binds to its address) and taken down last.
 */
final class LinkedCluster implements AutoCloseable {
  private final Optional<NetworkLink> link;
  private final TargetCluster cluster;

  private LinkedCluster(Optional<NetworkLink> link, TargetCluster cluster) {
    this.link = link;
    this.cluster = cluster;
  }

  static LinkedCluster open(Optional<Path> conf, NetworkLink.Speed speed, LocalClusterOptions embedded,
      Path workDir, PrintWriter out) throws IOException {
    // Settings first: they refuse bad input, which must come before the link is made. On hosts of their own, the
    // servers' links take the rate, and the clients stay on the master's host.
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
      return new LinkedCluster(link, TargetCluster.open(conf, settings, workDir, out));
    } catch (IOException | RuntimeException e) {
      if (link.isPresent()) {
        link.get().close();
      }
      throw e;
    }
  }

  Optional<NetworkLink> link() {
    return link;
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
      }
    }
  }
}

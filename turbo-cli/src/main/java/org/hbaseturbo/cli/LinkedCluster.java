package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.cluster.LinkDelayReport;
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
  private List<String> delaysSaid = List.of();

  private LinkedCluster(Optional<NetworkLink> link, TargetCluster cluster, PrintWriter out) {
    this.link = link;
    this.cluster = cluster;
    this.out = out;
  }

  static LinkedCluster open(Optional<Path> conf, NetworkLink.Speed speed, LocalClusterOptions embedded,
      Path workDir, PrintWriter out) throws IOException {
    // Settings first: they refuse bad input, which must come before the link is made.
    TargetCluster.LocalSettings settings = settings(speed, embedded);
    Optional<NetworkLink> link = Optional.empty();
    if (!speed.isLoopback() && !embedded.onHosts()) {
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

  /**
   * The local cluster's settings behind {@code speed}: on hosts of their own, every host's link takes the rate, the
   * client host's among them.
   *
   * @throws org.hbaseturbo.common.InvalidInputException where the cluster asked for cannot run behind the link
   */
  static TargetCluster.LocalSettings settings(NetworkLink.Speed speed, LocalClusterOptions embedded) {
    return embedded.onHosts() ? embedded.settings(TargetCluster.LOOPBACK, speed)
        : embedded.settings(speed.isLoopback() ? TargetCluster.LOOPBACK : NetworkLink.HOST_ADDRESS);
  }

  /** Where the client JVMs run, when not on this host: behind the link, or on the cluster's client host. */
  Optional<ClientHost> clientHost() {
    return link.<ClientHost>map(own -> own).or(() -> cluster.processes().flatMap(ProcessHBaseCluster::clientHost));
  }

  TargetCluster cluster() {
    return cluster;
  }

  /**
   * What each end of the link's delays did over the cluster's life, once closed: the embedded cluster's link's two
   * ends, or every host's; empty without a delay.
   */
  List<LinkDelayReport> linkDelays() {
    return delaysSaid.stream().map(LinkDelayReport::of).flatMap(Optional::stream).toList();
  }

  @Override
  public void close() throws IOException {
    try {
      cluster.close();
    } finally {
      try {
        if (link.isPresent()) {
          link.get().close();
        }
      } finally {
        // What a delay that failed said too: why the run went undelayed.
        delaysSaid = link.map(NetworkLink::delaysSaid)
            .orElseGet(() -> cluster.processes().map(ProcessHBaseCluster::linkDelaysSaid).orElse(List.of()));
        delaysSaid.forEach(out::println);
        out.flush();
      }
    }
  }
}

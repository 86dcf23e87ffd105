package org.hbaseturbo.cli;

import java.nio.file.Path;
import java.util.Optional;
import org.hbaseturbo.cluster.LinkDelay;
import org.hbaseturbo.cluster.NetworkLink;
import org.hbaseturbo.common.InvalidInputException;
import picocli.CommandLine.Option;

/** {@code --link}, for the commands whose client JVMs can run behind an emulated link. */
final class LinkOptions {
  @Option(names = "--link", paramLabel = "loopback|RATE[:DELAY]", defaultValue = "loopback",
      description = "Run the client JVMs behind an emulated link (network namespace, veth, tc tbf) to the embedded"
          + " cluster, at RATE in each direction: a whole number of kbit, mbit or gbit, 1mbit to 100gbit (1gbit"
          + " as the papers' 1 GbE testbeds; 100mbit where bytes on the wire should bound throughput here)."
          + " With :DELAY (1us to 100ms, as 200us or 2ms), each end holds what it sends that long, so a round trip"
          + " waits twice DELAY: 1gbit:200us, 10gbit:50us. The delay runs through a netfilter queue and python3"
          + " (this kernel has no netem), at some CPU per packet on this host: see docs/operating.md."
          + " With --hosts, every host's link. Default: ${DEFAULT-VALUE}. Needs root.")
  String link;

  /** No emulated link: the client JVMs reach the cluster over loopback. */
  static LinkOptions loopback() {
    LinkOptions options = new LinkOptions();
    options.link = "loopback";
    return options;
  }

  /** The name given, as reports show it. */
  String name() {
    return link;
  }

  /**
   * @throws InvalidInputException for an unknown link, a link with a cluster given by {@code --conf}, or a delay
   *     this host cannot make
   */
  NetworkLink.Speed speed(Optional<Path> conf) {
    NetworkLink.Speed speed = NetworkLink.Speed.of(link);
    if (!speed.isLoopback() && conf.isPresent()) {
      throw new InvalidInputException("--link " + link + " works with the embedded cluster only; a cluster given"
          + " with --conf is reached over the real network");
    }
    if (speed.delayMicros() > 0) {
      LinkDelay.requireUsable("--link " + link);
    }
    return speed;
  }
}

package org.hbaseturbo.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hbaseturbo.cluster.LinkDelay;
import org.hbaseturbo.cluster.NetworkLink;
import org.hbaseturbo.common.InvalidInputException;
import picocli.CommandLine.Option;

/** {@code --link}, for the commands whose client JVMs can run behind an emulated link. */
final class LinkOptions {
  @Option(names = "--link", paramLabel = "loopback|RATE[:DELAY]", split = ",", defaultValue = "loopback",
      description = "Run the client JVMs behind an emulated link (network namespace, veth, tc tbf) to the embedded"
          + " cluster, at RATE in each direction: a whole number of kbit, mbit or gbit, 1mbit to 100gbit (1gbit"
          + " as the papers' 1 GbE testbeds; 100mbit where bytes on the wire should bound throughput here)."
          + " With :DELAY (1us to 100ms, as 200us or 2ms), each end holds what it sends that long, so a round trip"
          + " waits twice DELAY: 1gbit:200us, 10gbit:50us. The delay runs through a netfilter queue and python3"
          + " (this kernel has no netem), at some CPU per packet on this host: see docs/operating.md."
          + " With --hosts, every host's link. The bench commands take several links, comma-separated"
          + " (loopback,1gbit:200us), and run at each in turn, each on a cluster of its own, with a report that"
          + " sets their ratios side by side. Default: ${DEFAULT-VALUE}. Needs root.")
  List<String> links;

  /** No emulated link: the client JVMs reach the cluster over loopback. */
  static LinkOptions loopback() {
    LinkOptions options = new LinkOptions();
    options.links = List.of(NetworkLink.Speed.LOOPBACK.userName());
    return options;
  }

  /**
   * The one link given, as reports name it.
   *
   * @throws InvalidInputException where several were given
   */
  String name() {
    if (links.size() != 1) {
      throw new InvalidInputException("--link " + String.join(",", links) + ": this command runs at one link; the"
          + " bench commands (scan, codec, fastpath) take several");
    }
    return links.get(0);
  }

  /**
   * The one link given ({@link #speeds}).
   *
   * @throws InvalidInputException as {@link #speeds} does, and where several links were given
   */
  NetworkLink.Speed speed(Optional<Path> conf) {
    name();
    return speeds(conf).get(0);
  }

  /**
   * The links given, in order.
   *
   * @throws InvalidInputException for an unknown link, one given twice, a link with a cluster given by {@code --conf},
   *     or a delay this host cannot make
   */
  List<NetworkLink.Speed> speeds(Optional<Path> conf) {
    List<NetworkLink.Speed> speeds = new ArrayList<>();
    for (String link : links) {
      NetworkLink.Speed speed = NetworkLink.Speed.of(link);
      if (speeds.stream().anyMatch(given -> given.bitsPerSecond() == speed.bitsPerSecond()
          && given.delayMicros() == speed.delayMicros())) {
        throw new InvalidInputException("--link " + String.join(",", links) + " names " + link + " twice: expected"
            + " each link once");
      }
      if (!speed.isLoopback() && conf.isPresent()) {
        throw new InvalidInputException("--link " + link + " works with the embedded cluster only; a cluster given"
            + " with --conf is reached over the real network");
      }
      if (speed.delayMicros() > 0) {
        LinkDelay.requireUsable("--link " + link);
      }
      speeds.add(speed);
    }
    return speeds;
  }
}

package org.hbaseturbo.cluster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hbaseturbo.common.InvalidInputException;

/**
 * An emulated network link between the benchmark client and the cluster: a network namespace for the client
 * JVM, joined to the host by a veth pair whose two directions are shaped by {@code tc} token bucket filters, and
 * delayed, where the link has a delay, each by a {@link LinkDelay} of its own.
 * The papers' testbeds were 1 GbE clusters where bytes on the wire bound throughput; loopback hides that.
 * The veth's byte counters are the equivalent of the papers' dstat figures.
 *
 * <p>Needs root (or CAP_NET_ADMIN) and iproute2. Addresses are a /30 of the namespace's own, reachable only
 * from this machine.
 */
public final class NetworkLink implements ClientHost, AutoCloseable {
  /** Host side of the link: the address the embedded cluster binds to and advertises. */
  public static final String HOST_ADDRESS = "10.213.77.1";
  private static final String CLIENT_ADDRESS = "10.213.77.2";
  private static final String PREFIX = "/30";

  private final String namespace;
  private final String hostInterface;
  private final String clientInterface;
  private final List<LinkDelay> delays = new ArrayList<>();

  private NetworkLink(String namespace, String hostInterface, String clientInterface) {
    this.namespace = namespace;
    this.hostInterface = hostInterface;
    this.clientInterface = clientInterface;
  }

  /**
   * A link for {@code --link}: {@code loopback} (no emulated link), or a rate as {@code tc} writes rates (a whole
   * number of kbit, mbit or gbit per second: {@code 100mbit}, {@code 1gbit}), optionally with a one-way delay after a
   * colon ({@code 1gbit:200us}, {@code 10gbit:2ms}) that each end adds to what it sends ({@link LinkDelay}).
   *
   * @param bitsPerSecond 0 for loopback
   * @param delayMicros what each packet waits before it leaves, 0 for none
   */
  public record Speed(String userName, long bitsPerSecond, long delayMicros) {
    /** Below this, a benchmark's warm-up alone would take minutes; above, the shaper is not what limits. */
    private static final long MIN_BITS = 1_000_000L;
    private static final long MAX_BITS = 100_000_000_000L;
    /** A delay beyond this is a congested WAN, not a link between servers; HBase's timeouts would take over. */
    private static final long MAX_DELAY_MICROS = 100_000L;
    private static final Pattern LINK =
        Pattern.compile("([1-9][0-9]{0,5})(kbit|mbit|gbit)(?::([1-9][0-9]{0,5})(us|ms))?");
    // After the fields of(...) reads: static fields are set in the order they are written.
    public static final Speed LOOPBACK = new Speed("loopback", 0, 0);
    public static final Speed ONE_GBIT = of("1gbit");

    public static Speed of(String name) {
      String lower = name.toLowerCase(Locale.ROOT);
      if (lower.equals(LOOPBACK.userName())) {
        return LOOPBACK;
      }
      Matcher matcher = LINK.matcher(lower);
      if (!matcher.matches()) {
        throw new InvalidInputException("unknown link '" + name + "': expected loopback, or a rate such as 100mbit,"
            + " 1gbit or 10gbit (a whole number followed by kbit, mbit or gbit), optionally with a one-way delay"
            + " after a colon, such as 1gbit:200us or 10gbit:2ms");
      }
      long unit = switch (matcher.group(2)) {
        case "kbit" -> 1_000L;
        case "mbit" -> 1_000_000L;
        default -> 1_000_000_000L;
      };
      long bits = Long.parseLong(matcher.group(1)) * unit;
      if (bits < MIN_BITS || bits > MAX_BITS) {
        throw new InvalidInputException("link rate '" + name + "' is out of range: expected 1mbit to 100gbit");
      }
      long delay = matcher.group(3) == null ? 0
          : Long.parseLong(matcher.group(3)) * (matcher.group(4).equals("ms") ? 1_000L : 1L);
      if (delay > MAX_DELAY_MICROS) {
        throw new InvalidInputException("link delay in '" + name + "' is out of range: expected 1us to 100ms");
      }
      return new Speed(lower, bits, delay);
    }

    public boolean isLoopback() {
      return bitsPerSecond == 0;
    }

    /** The rate alone, as {@code tc} takes it. */
    String rate() {
      int colon = userName.indexOf(':');
      return colon < 0 ? userName : userName.substring(0, colon);
    }
  }

  /**
   * Creates the namespace, the veth pair and the shaping.
   *
   * @throws InvalidInputException when this machine does not let us create network namespaces
   */
  public static NetworkLink create(Speed speed) throws IOException {
    if (speed.isLoopback()) {
      throw new IllegalArgumentException("loopback needs no link");
    }
    long pid = ProcessHandle.current().pid();
    NetworkLink link = new NetworkLink("turbo-" + pid, "tbh" + pid, "tbc" + pid);
    try {
      HostCommand.ip("netns", "add", link.namespace);
    } catch (IOException e) {
      throw new InvalidInputException("--link " + speed.userName() + " needs network namespaces, which this"
          + " machine does not allow (" + e.getMessage() + "); use --link loopback", e);
    }
    try {
      HostCommand.ip("link", "add", link.hostInterface, "type", "veth", "peer", "name", link.clientInterface);
      HostCommand.ip("link", "set", link.clientInterface, "netns", link.namespace);
      HostCommand.ip("addr", "add", HOST_ADDRESS + PREFIX, "dev", link.hostInterface);
      HostCommand.ip("link", "set", link.hostInterface, "up");
      link.inNamespace("ip", "addr", "add", CLIENT_ADDRESS + PREFIX, "dev", link.clientInterface);
      link.inNamespace("ip", "link", "set", link.clientInterface, "up");
      link.inNamespace("ip", "link", "set", "lo", "up");
      // Both directions: the host side shapes replies, the client side shapes requests.
      run(shape(link.hostInterface, speed));
      run(link.wrap(shape(link.clientInterface, speed)));
      if (speed.delayMicros() > 0) {
        LinkDelay.removeStale();
        link.delays.add(LinkDelay.start(link.wrap(List.of()), link.clientInterface, 0, speed.delayMicros(), pid));
        link.delays.add(LinkDelay.start(List.of(), link.hostInterface, LinkDelay.ownQueue(pid, 0),
            speed.delayMicros(), pid));
      }
    } catch (IOException | RuntimeException e) {
      link.close();
      throw e;
    }
    return link;
  }

  /**
   * The {@code tc} command that shapes what {@code device} sends to {@code speed}'s rate: a token bucket filter. Its
   * delay is {@link LinkDelay}'s: {@code netem}, which would take both, is missing from the development machine's
   * kernel.
   */
  static List<String> shape(String device, Speed speed) {
    return List.of("tc", "qdisc", "add", "dev", device, "root", "tbf", "rate", speed.rate(), "burst", "256kb",
        "latency", "10ms");
  }

  @Override
  public String namespace() {
    return namespace;
  }

  /** The client side's interface name, as seen inside the namespace. */
  @Override
  public String device() {
    return clientInterface;
  }

  /** Ends the delays, then deletes the veth pair, with its shaping, and the namespace. */
  @Override
  public void close() throws IOException {
    try {
      LinkDelay.closeAll(delays);
    } finally {
      try {
        HostCommand.deleteLinks(List.of(hostInterface));
      } finally {
        HostCommand.ip("netns", "delete", namespace);
      }
    }
  }

  /** What each end's delay said when the link closed ({@link LinkDelay#said}); none for a link without delay. */
  public List<String> delaysSaid() {
    return delays.stream().map(LinkDelay::said).toList();
  }

  private void inNamespace(String... command) throws IOException {
    run(wrap(List.of(command)));
  }

  private static void run(List<String> command) throws IOException {
    HostCommand.run(command, HostCommand.IPROUTE2);
  }
}

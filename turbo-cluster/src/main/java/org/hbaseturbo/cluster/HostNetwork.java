package org.hbaseturbo.cluster;

import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.hbaseturbo.cluster.regime.CgroupDirectories;
import org.hbaseturbo.common.EveryStep;
import org.hbaseturbo.common.InvalidInputException;

/**
 * The hosts of a process cluster on this machine: a network namespace for each, joined by a veth pair to one bridge,
 * whose own address is the launcher's (its own clients run there), with the master's host among them (ZooKeeper, the
 * HMaster, the NameNode: {@link #masterHost}) and a client host beside them, where client JVMs run as on a machine of
 * their own ({@link #clientHost}). Each
 * host's link is shaped both ways by {@code tc} at the cluster's rate ({@link NetworkLink#shape}), so that what a
 * host sends or receives, its clients' requests and its DataNode's blocks alike, crosses a link of its own, as in a
 * rack. Where the rate has a delay, each host adds it to what it sends ({@link LinkDelay}), the launcher through the
 * bridge: a packet from one host to another waits it once, a round trip twice. A server in a host's namespace
 * sees only its own address and the bridge's: loopback is its alone.
 *
 * <p>The addresses are a /24 of 10.214.0.0/16 that no interface of this machine has, so that two clusters on one
 * machine do not collide. Namespaces, links and the bridge are named after the launcher's process, so that a later
 * launcher removes a dead one's ({@link #removeStale}). A namespace outlives its deletion while a process still runs in
 * it, or a closed TCP connection of it still waits on its peer (a minute and more after a partition), and keeps its end
 * of the link, and the pair, until then; so the links are deleted by name, which frees the names at once for the
 * launcher's next network. Needs root and iproute2.
 */
final class HostNetwork implements Closeable {
  private static final String PREFIX = "10.214.";
  private static final Pattern NAMESPACE = Pattern.compile("^turbo-h([0-9]+)-(?:[0-9]+|client|master)( |$)");
  /**
   * The name of a launcher's bridge, or of its links' ends on this machine's own namespace ({@link Host#outside}); the
   * launcher's process id is the first group.
   */
  private static final Pattern LINK = Pattern.compile("^(?=tbr[0-9]+$|tbv[0-9]+(?:h[0-9]+|c|m)$)tb[rv]([0-9]+)");
  /** The comment on a lossy link's rules, by which they are found again. */
  private static final String LOSS_COMMENT = "turbo-lossy-link";
  /** Host {@code i}'s address ends in {@code FIRST_HOST + i}; the bridge's in 1, the client host's in 2. */
  private static final int FIRST_HOST = 10;
  private static final int CLIENT_HOST = 2;
  private static final int MASTER_HOST = 3;
  private static final int MAX_HOSTS = 200;
  /** A degraded link's delay's queue in its host's namespace, where the cluster's own delay has queue 0. */
  private static final int DEGRADED_QUEUE = 1;

  private final String subnet;
  private final long launcher;
  private final List<Host> hosts;
  private final Host clientHost;
  private final Host masterHost;
  private final List<LinkDelay> delays = new ArrayList<>();
  /** The delays of degraded links, by host: each in a queue of its own beside the cluster's delay's. */
  private final Map<Integer, LinkDelay> slowed = new HashMap<>();

  /** One host: its namespace, its address, its end of the link (as UCX names the device) and the bridge's end. */
  record Host(String namespace, String address, String device, String outside) implements ClientHost {
    /**
     * @param name the host's name in its namespace's: its index, or "client"
     * @param link the host's name in its link's devices, after the launcher's pid: a letter first, so that two
     *     launchers' names never meet (devices have 15 characters at most)
     */
    private static Host of(long launcher, String name, String link, String address) {
      return new Host("turbo-h" + launcher + "-" + name, address, "tbn" + launcher + link, "tbv" + launcher + link);
    }

    /** The words a command runs under to run on this host. */
    List<String> wrapper() {
      return wrap(List.of());
    }
  }

  private HostNetwork(String subnet, long launcher, List<Host> hosts) {
    this.subnet = subnet;
    this.launcher = launcher;
    this.hosts = hosts;
    this.clientHost = Host.of(launcher, "client", "c", subnet + CLIENT_HOST);
    this.masterHost = Host.of(launcher, "master", "m", subnet + MASTER_HOST);
  }

  /**
   * @throws InvalidInputException when this process cannot make network namespaces: not root, or no iproute2
   */
  static void requireUsable(String what) {
    try {
      HostCommand.run(List.of("ip", "netns", "list"), HostCommand.IPROUTE2);
      HostCommand.run(List.of("tc", "-V"), HostCommand.IPROUTE2);
    } catch (IOException e) {
      throw new InvalidInputException(what + " puts each server on a host of its own, a network namespace, and"
          + " needs iproute2 for that: " + e.getMessage());
    }
    if (!HostUser.ofThisProcess().isRoot()) {
      throw new InvalidInputException(what + " puts each server on a host of its own, a network namespace, which"
          + " needs root; this runs as " + System.getProperty("user.name"));
    }
  }

  /**
   * The bridge's address of a network that does not exist yet, in a /24 that no interface of this machine has: the
   * launcher's address on it, needed before {@link #create}.
   */
  static String freeBridgeAddress(long launcher) throws IOException {
    String addresses = HostCommand.output(List.of("ip", "-o", "-4", "addr", "show"), HostCommand.IPROUTE2);
    for (int i = 0; i < 256; i++) {
      String subnet = PREFIX + (launcher + i) % 256 + ".";
      if (!addresses.contains("inet " + subnet)) {
        return subnet + 1;
      }
    }
    throw new IOException("every /24 of " + PREFIX + "0.0/16 is in use on this machine");
  }

  /**
   * Makes {@code count} hosts on a bridge of {@code bridgeAddress} ({@link #freeBridgeAddress}), each link at
   * {@code speed} both ways, after removing what launchers that are gone left.
   */
  static HostNetwork create(String bridgeAddress, int count, NetworkLink.Speed speed, long launcher)
      throws IOException {
    if (count < 1 || count > MAX_HOSTS) {
      throw new IllegalArgumentException("hosts must be 1 to " + MAX_HOSTS + ", was " + count);
    }
    removeStale();
    String subnet = bridgeAddress.substring(0, bridgeAddress.lastIndexOf('.') + 1);
    List<Host> hosts = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      hosts.add(Host.of(launcher, Integer.toString(i), "h" + i, subnet + (FIRST_HOST + i)));
    }
    HostNetwork network = new HostNetwork(subnet, launcher, List.copyOf(hosts));
    try {
      network.build(speed);
    } catch (IOException | RuntimeException e) {
      EveryStep.after(e, network::close);
      throw e;
    }
    return network;
  }

  private void build(NetworkLink.Speed speed) throws IOException {
    String bridge = bridgeDevice();
    HostCommand.ip("link", "add", bridge, "type", "bridge");
    HostCommand.ip("addr", "add", bridgeAddress() + "/24", "dev", bridge);
    HostCommand.ip("link", "set", bridge, "up");
    for (Host host : all()) {
      HostCommand.ip("netns", "add", host.namespace());
      HostCommand.ip("link", "add", host.outside(), "type", "veth", "peer", "name", host.device());
      HostCommand.ip("link", "set", host.device(), "netns", host.namespace());
      HostCommand.ip("link", "set", host.outside(), "master", bridge);
      HostCommand.ip("link", "set", host.outside(), "up");
      inHost(host, "ip", "addr", "add", host.address() + "/24", "dev", host.device());
      inHost(host, "ip", "link", "set", host.device(), "up");
      inHost(host, "ip", "link", "set", "lo", "up");
      if (!speed.isLoopback()) {
        HostCommand.run(NetworkLink.shape(host.outside(), speed), HostCommand.IPROUTE2);
        HostCommand.run(host.wrap(NetworkLink.shape(host.device(), speed)), HostCommand.IPROUTE2);
      }
    }
    if (speed.delayMicros() > 0) {
      delayEachHost(speed.delayMicros());
    }
  }

  /** Makes every host hold what it sends for {@code delayMicros}, and the launcher what it sends to them. */
  private void delayEachHost(long delayMicros) throws IOException {
    LinkDelay.removeStale();
    for (Host host : all()) {
      delays.add(LinkDelay.start(host.wrapper(), host.device(), 0, delayMicros, launcher));
    }
    // The launcher sends from this machine's own namespace; what the bridge forwards between hosts is not its.
    delays.add(LinkDelay.start(List.of(), bridgeDevice(), LinkDelay.ownQueue(launcher, 1), delayMicros, launcher));
  }

  /** The servers' hosts, then the client host and the master's. */
  private List<Host> all() {
    List<Host> all = new ArrayList<>(hosts);
    all.add(clientHost);
    all.add(masterHost);
    return all;
  }

  /**
   * Makes host {@code index}'s link drop each packet it carries, either way, with probability {@code loss}, and hold
   * each packet the host sends for {@code delay} (in place of the cluster's own delay), until {@link #repairLink}:
   * iptables' {@code statistic} match in the host's own namespace (a rate is all {@code tbf} can shape here), and a
   * {@link LinkDelay} there. TCP retransmits what is lost, so the host's exchanges slow down rather than fail.
   */
  void degradeLink(int index, double loss, Duration delay) throws IOException {
    if (!(loss >= 0 && loss <= 1) || delay.isNegative() || (loss == 0 && delay.isZero())) {
      throw new IllegalArgumentException("expected a loss from 0 to 1 and a delay of 0 or more, not both 0; was "
          + loss + " and " + delay);
    }
    Host host = hosts.get(index);
    if (loss > 0) {
      for (String chain : List.of("INPUT", "OUTPUT")) {
        HostCommand.run(host.wrap(lossRule(chain, loss)), IptablesRules.MISSING);
      }
    }
    if (!delay.isZero() && !slowed.containsKey(index)) {
      slowed.put(index, LinkDelay.start(host.wrapper(), host.device(), DEGRADED_QUEUE, delay.toNanos() / 1_000,
          launcher));
    }
  }

  /** Ends {@link #degradeLink} of host {@code index}: every rule it added goes, whatever its loss, and its delay. */
  void repairLink(int index) throws IOException {
    IptablesRules.deleteEach(hosts.get(index).wrapper(), "filter", List.of(), rule -> rule.contains(LOSS_COMMENT));
    LinkDelay delay = slowed.remove(index);
    if (delay != null) {
      delay.close();
    }
  }

  /**
   * Cuts the client host off from host {@code index}, until {@link #reconnectClient}: the client host's iptables drops
   * every packet to or from that host's address, so its clients reach neither its RegionServer nor its DataNode, while
   * the master's host, the launcher and the other hosts still do, as when one cable between a client and a server
   * rack fails.
   * Nothing is refused or reset: the clients' calls to it go unanswered until their timeouts.
   */
  void cutClientFrom(int index) throws IOException {
    String address = hosts.get(index).address();
    for (List<String> match : List.of(List.of("OUTPUT", "-d", address), List.of("INPUT", "-s", address))) {
      List<String> rule = new ArrayList<>(List.of("iptables", "-w", "-I"));
      rule.addAll(match);
      rule.addAll(List.of("-m", "comment", "--comment", clientCutComment(index), "-j", "DROP"));
      HostCommand.run(clientHost.wrap(rule), IptablesRules.MISSING);
    }
  }

  /** Ends {@link #cutClientFrom} host {@code index}: every rule it added goes. */
  void reconnectClient(int index) throws IOException {
    String comment = clientCutComment(index);
    IptablesRules.deleteEach(clientHost.wrapper(), "filter", List.of(),
        rule -> rule.contains("--comment " + comment + " "));
  }

  /** The comment on the rules that cut the client host off from host {@code index}, by which they are found again. */
  private static String clientCutComment(int index) {
    return "turbo-client-cut-" + index;
  }

  private static List<String> lossRule(String chain, double loss) {
    return List.of("iptables", "-w", "-I", chain, "-m", "statistic", "--mode", "random", "--probability",
        Double.toString(loss), "-m", "comment", "--comment", LOSS_COMMENT, "-j", "DROP");
  }

  /** The bridge's address: the launcher's, on this machine's own namespace. */
  String bridgeAddress() {
    return subnet + 1;
  }

  /** The bridge, as UCX names the device: where the launcher reaches the hosts. */
  String bridgeDevice() {
    return "tbr" + launcher;
  }

  /** The servers' hosts: RegionServer {@code i}'s (and DataNode {@code i}'s) is host {@code i}. */
  List<Host> hosts() {
    return hosts;
  }

  /** The master's host: ZooKeeper, the master and the NameNode, as on a real cluster's master node. */
  Host masterHost() {
    return masterHost;
  }

  /**
   * The client host: no server runs there, so what its clients send and receive crosses its own link and a server's,
   * as between machines, and a rule on it cuts clients off and not the master.
   */
  Host clientHost() {
    return clientHost;
  }

  /**
   * What each host's delay said when the network closed ({@link LinkDelay#said}), the launcher's last; none
   * before, or without a delay. A degraded link's own delay is not among them.
   */
  List<String> delaysSaid() {
    return delays.stream().map(LinkDelay::said).filter(said -> !said.isEmpty()).toList();
  }

  /** Ends the delays, deletes every host's link and the bridge, then every namespace. */
  @Override
  public void close() throws IOException {
    List<String> namespaces = namespaces();
    List<LinkDelay> all = new ArrayList<>(slowed.values());
    all.addAll(delays);
    EveryStep steps = new EveryStep();
    steps.take(() -> LinkDelay.closeAll(all));
    steps.take(() -> HostCommand.deleteLinks(Stream.concat(all().stream().map(Host::outside),
        Stream.of(bridgeDevice())).toList()));
    for (Host host : all()) {
      if (namespaces.contains(host.namespace())) {
        steps.take(() -> HostCommand.ip("netns", "delete", host.namespace()));
      }
    }
    steps.throwFirst();
  }

  /**
   * Removes the namespaces, bridges and links of launchers that are gone, which a launcher killed before its stop
   * leaves.
   */
  static void removeStale() throws IOException {
    for (String namespace : namespaces()) {
      if (CgroupDirectories.ofLauncherGone(NAMESPACE.matcher(namespace))) {
        HostCommand.ip("netns", "delete", namespace);
      }
    }
    for (String link : HostCommand.links()) {
      if (CgroupDirectories.ofLauncherGone(LINK.matcher(link))) {
        HostCommand.ip("link", "delete", link);
      }
    }
  }

  /** The names of this machine's network namespaces ({@code ip netns list} adds an id to some). */
  private static List<String> namespaces() throws IOException {
    String listed = HostCommand.output(List.of("ip", "netns", "list"), HostCommand.IPROUTE2);
    return listed.lines().filter(line -> !line.isBlank()).map(line -> line.split(" ")[0]).toList();
  }

  private static void inHost(Host host, String... command) throws IOException {
    HostCommand.run(host.wrap(List.of(command)), HostCommand.IPROUTE2);
  }
}

package org.hbaseturbo.cluster;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hbaseturbo.cluster.regime.CgroupDirectories;
import org.hbaseturbo.common.InvalidInputException;

/**
 * The hosts of a process cluster on this machine: a network namespace for each, joined by a veth pair to one bridge,
 * whose own address is the master's host (ZooKeeper, the HMaster, the NameNode, and the launcher's clients). Each
 * host's link is shaped both ways by {@code tc} at the cluster's rate ({@link NetworkLink#shape}), so that what a
 * host sends or receives, its clients' requests and its DataNode's blocks alike, crosses a link of its own, as in a
 * rack. A server in a host's namespace sees only its own address and the bridge's: loopback is its alone.
 *
 * <p>The addresses are a /24 of 10.214.0.0/16 that no interface of this machine has, so that two clusters on one
 * machine do not collide. Namespaces and the bridge are named after the launcher's process, so that a later launcher
 * removes a dead one's ({@link #removeStale}); deleting a namespace takes its end of the veth pair, and the pair, with
 * it. Needs root and iproute2.
 */
final class HostNetwork implements Closeable {
  private static final String PREFIX = "10.214.";
  private static final Pattern NAMESPACE = Pattern.compile("^turbo-h([0-9]+)-[0-9]+");
  private static final Pattern BRIDGE = Pattern.compile("^[0-9]+: tbr([0-9]+)[:@]");
  /** The comment on a lossy link's rules, by which they are found again. */
  private static final String LOSS_COMMENT = "turbo-lossy-link";
  /** Host {@code i}'s address ends in {@code FIRST_HOST + i}; the bridge's in 1. */
  private static final int FIRST_HOST = 10;
  private static final int MAX_HOSTS = 200;

  private final String subnet;
  private final long launcher;
  private final List<Host> hosts;

  /**
   * One host: its namespace, its address, and the name of its end of the link, as UCX names the device.
   *
   * @param wrapper the words a command runs under to run on this host
   */
  record Host(String namespace, String address, String device, List<String> wrapper) {
  }

  private HostNetwork(String subnet, long launcher, List<Host> hosts) {
    this.subnet = subnet;
    this.launcher = launcher;
    this.hosts = hosts;
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
   * address the master binds to, needed before {@link #create}.
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
      String namespace = "turbo-h" + launcher + "-" + i;
      hosts.add(new Host(namespace, subnet + (FIRST_HOST + i), "tbn" + launcher + "h" + i,
          List.of("ip", "netns", "exec", namespace)));
    }
    HostNetwork network = new HostNetwork(subnet, launcher, List.copyOf(hosts));
    try {
      network.build(speed);
    } catch (IOException | RuntimeException e) {
      try {
        network.close();
      } catch (IOException notClosed) {
        e.addSuppressed(notClosed);
      }
      throw e;
    }
    return network;
  }

  private void build(NetworkLink.Speed speed) throws IOException {
    String bridge = bridgeDevice();
    HostCommand.ip("link", "add", bridge, "type", "bridge");
    HostCommand.ip("addr", "add", bridgeAddress() + "/24", "dev", bridge);
    HostCommand.ip("link", "set", bridge, "up");
    for (int i = 0; i < hosts.size(); i++) {
      Host host = hosts.get(i);
      String outside = "tbv" + launcher + "h" + i;
      HostCommand.ip("netns", "add", host.namespace());
      HostCommand.ip("link", "add", outside, "type", "veth", "peer", "name", host.device());
      HostCommand.ip("link", "set", host.device(), "netns", host.namespace());
      HostCommand.ip("link", "set", outside, "master", bridge);
      HostCommand.ip("link", "set", outside, "up");
      inHost(host, "ip", "addr", "add", host.address() + "/24", "dev", host.device());
      inHost(host, "ip", "link", "set", host.device(), "up");
      inHost(host, "ip", "link", "set", "lo", "up");
      if (!speed.isLoopback()) {
        HostCommand.run(NetworkLink.shape(outside, speed), HostCommand.IPROUTE2);
        HostCommand.run(wrapped(host, NetworkLink.shape(host.device(), speed)), HostCommand.IPROUTE2);
      }
    }
  }

  /**
   * Makes host {@code index}'s link drop each packet it carries, either way, with probability {@code loss}, until
   * {@link #repairLink}: iptables' {@code statistic} match in the host's own namespace (a rate is all {@code tbf} can
   * shape here). TCP retransmits what is lost, so the host's exchanges slow down rather than fail.
   */
  void degradeLink(int index, double loss) throws IOException {
    if (!(loss > 0 && loss <= 1)) {
      throw new IllegalArgumentException("loss must be above 0 and at most 1, was " + loss);
    }
    for (String chain : List.of("INPUT", "OUTPUT")) {
      HostCommand.run(wrapped(hosts.get(index), lossRule(chain, loss)), IptablesRules.MISSING);
    }
  }

  /** Ends {@link #degradeLink} of host {@code index}: every rule it added goes, whatever its loss. */
  void repairLink(int index) throws IOException {
    IptablesRules.deleteEach(hosts.get(index).wrapper(), List.of(), rule -> rule.contains(LOSS_COMMENT));
  }

  private static List<String> lossRule(String chain, double loss) {
    return List.of("iptables", "-w", "-I", chain, "-m", "statistic", "--mode", "random", "--probability",
        Double.toString(loss), "-m", "comment", "--comment", LOSS_COMMENT, "-j", "DROP");
  }

  /** The master's host: the bridge's address, on this machine's own namespace. */
  String bridgeAddress() {
    return subnet + 1;
  }

  /** The bridge, as UCX names the device: where the master's host reaches the others. */
  String bridgeDevice() {
    return "tbr" + launcher;
  }

  List<Host> hosts() {
    return hosts;
  }

  /** Deletes every namespace (which takes its veth pair with it) and the bridge. */
  @Override
  public void close() throws IOException {
    IOException failed = null;
    List<String> namespaces = namespaces();
    for (Host host : hosts) {
      if (namespaces.contains(host.namespace())) {
        try {
          HostCommand.ip("netns", "delete", host.namespace());
        } catch (IOException e) {
          failed = failed == null ? e : failed;
        }
      }
    }
    String links = HostCommand.output(List.of("ip", "-o", "link", "show"), HostCommand.IPROUTE2);
    if (links.contains(" " + bridgeDevice() + ":")) {
      HostCommand.ip("link", "delete", bridgeDevice());
    }
    if (failed != null) {
      throw failed;
    }
  }

  /** Removes the namespaces and bridges of launchers that are gone, which a launcher killed before its stop leaves. */
  static void removeStale() throws IOException {
    for (String namespace : namespaces()) {
      if (CgroupDirectories.ofLauncherGone(NAMESPACE.matcher(namespace))) {
        HostCommand.ip("netns", "delete", namespace);
      }
    }
    String bridges = HostCommand.output(List.of("ip", "-o", "link", "show", "type", "bridge"), HostCommand.IPROUTE2);
    for (String line : bridges.split("\n")) {
      Matcher name = BRIDGE.matcher(line);
      if (CgroupDirectories.ofLauncherGone(name)) {
        HostCommand.ip("link", "delete", "tbr" + name.group(1));
      }
    }
  }

  /** The names of this machine's network namespaces ({@code ip netns list} adds an id to some). */
  private static List<String> namespaces() throws IOException {
    String listed = HostCommand.output(List.of("ip", "netns", "list"), HostCommand.IPROUTE2);
    return listed.lines().filter(line -> !line.isBlank()).map(line -> line.split(" ")[0]).toList();
  }

  private static void inHost(Host host, String... command) throws IOException {
    HostCommand.run(wrapped(host, List.of(command)), HostCommand.IPROUTE2);
  }

  private static List<String> wrapped(Host host, List<String> command) {
    List<String> wrapped = new ArrayList<>(host.wrapper());
    wrapped.addAll(command);
    return wrapped;
  }
}

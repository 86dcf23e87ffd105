package org.hbaseturbo.cluster;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.hbaseturbo.cluster.regime.CgroupDirectories;
import org.hbaseturbo.common.EveryStep;
import org.hbaseturbo.common.InvalidInputException;

/**
 * One RegionServer's cgroup v2 group, through which a network partition cuts the server off from the master and
 * ZooKeeper and not from its clients: while it is cut, iptables drops every packet the server's JVM sends to their
 * ports (the {@code cgroup} match), so its session and its regions run out while its clients, whose requests it still
 * receives and answers, go on reaching it. Such a partition needs no namespace or address of its own: the servers stay
 * on this host's loopback. The JVM joins the group through {@link #wrapper()} before its first instruction, so every
 * socket it opens is the group's (a socket belongs to the group of the process that opened it). Groups and rules are
 * named after the launcher's process, so that a later launcher can remove a dead one's ({@link #removeStale}).
 */
final class PartitionGroup implements Closeable {
  private static final Pattern NAME = Pattern.compile("turbo-net-rs[0-9]+-([0-9]+)");
  /** Where cgroup v2 is mounted: its own mount on a host of both versions, as these are; the root on a v2 host. */
  private static final List<Path> V2_MOUNTS = List.of(Path.of("/sys/fs/cgroup/unified"), Path.of("/sys/fs/cgroup"));

  private final Path group;
  /** The words iptables runs under: none on this host, {@code ip netns exec NS} on a host of its own. */
  private final List<String> host;
  /** The ports cut now, none while the server is connected. */
  private List<Integer> cut = List.of();

  private PartitionGroup(Path group, List<String> host) {
    this.group = group;
    this.host = host;
  }

  /**
   * @throws InvalidInputException when this process cannot cut a server off: not root, no cgroup v2, or no iptables
   *     (or one without the cgroup match)
   */
  static void requireUsable(String what) {
    Path root = v2Root().orElseThrow(() -> new InvalidInputException(what + " cuts RegionServers off through their"
        + " cgroup v2 groups, and this host has no cgroup v2 mounted at " + V2_MOUNTS.get(0) + " or "
        + V2_MOUNTS.get(1)));
    if (!Files.isWritable(root.resolve("cgroup.procs"))) {
      throw new InvalidInputException(what + " cuts RegionServers off through cgroup v2 groups and iptables, which"
          + " need root: " + root.resolve("cgroup.procs") + " is not writable");
    }
    try {
      HostCommand.run(List.of("iptables", "-w", "-n", "-L", "OUTPUT"), IptablesRules.MISSING);
    } catch (IOException e) {
      throw new InvalidInputException(what + " cuts RegionServers off with iptables, which does not run here: "
          + e.getMessage());
    }
  }

  /**
   * Makes RegionServer {@code index}'s group, under the launcher whose process id is {@code launcherPid}.
   *
   * @param host the words a command runs under on the server's host ({@link ClusterHosts#wrapper}), where its
   *     packets pass its own host's iptables; none on this one
   */
  static PartitionGroup create(int index, long launcherPid, List<String> host) throws IOException {
    Path root = v2Root().orElseThrow(() -> new IOException("no cgroup v2 is mounted"));
    Path group = root.resolve("turbo-net-rs" + index + "-" + launcherPid);
    if (Files.isDirectory(group)) {
      throw new IOException("cgroup " + group + " exists already: another launcher of this process id holds it");
    }
    return new PartitionGroup(Files.createDirectory(group), List.copyOf(host));
  }

  /**
   * The words the RegionServer's JVM runs under: a shell that moves itself into the group and then becomes the JVM
   * (its process id stays), so that every socket the JVM opens is the group's.
   */
  List<String> wrapper() {
    return CgroupDirectories.joining(List.of(group), "turbo-partitionable");
  }

  /** Drops what the server sends to {@code ports} from now on, until {@link #heal}. */
  synchronized void cut(List<Integer> ports) throws IOException {
    if (!cut.isEmpty()) {
      throw new IllegalStateException(name() + " is cut off already");
    }
    List<Integer> done = new ArrayList<>();
    try {
      for (int port : ports) {
        HostCommand.run(rule("-I", port), IptablesRules.MISSING);
        done.add(port);
      }
    } finally {
      cut = List.copyOf(done);
    }
  }

  /** Lets what the server sends through again. */
  synchronized void heal() throws IOException {
    List<Integer> ports = new ArrayList<>(cut);
    EveryStep steps = new EveryStep();
    for (int port : cut) {
      steps.take(() -> {
        HostCommand.run(rule("-D", port), IptablesRules.MISSING);
        ports.remove(Integer.valueOf(port));
      });
    }
    cut = List.copyOf(ports);
    steps.throwFirst();
  }

  /** Heals, then removes the group once its processes have exited, waiting a bounded time for that. */
  @Override
  public void close() throws IOException {
    heal();
    CgroupDirectories.removeOnceEmpty(group);
  }

  /**
   * Removes the rules and groups of launchers that are gone, which a launcher killed before its stop leaves behind. A
   * group that still holds processes (a RegionServer that outlived its launcher) stays, with a WARN.
   */
  static void removeStale() throws IOException {
    IptablesRules.deleteEach(List.of(), "filter", List.of("OUTPUT"), PartitionGroup::ofDeadLauncher);
    Path root = v2Root().orElseThrow(() -> new IOException("no cgroup v2 is mounted"));
    List<Path> stale;
    try (Stream<Path> groups = Files.list(root)) {
      stale = groups.filter(group -> ofDeadLauncher(group.getFileName().toString())).toList();
    }
    for (Path group : stale) {
      CgroupDirectories.removeStale(group);
    }
  }

  /** Whether {@code text} (a rule, a group's name) names a group of a launcher that is gone. */
  static boolean ofDeadLauncher(String text) {
    return CgroupDirectories.ofLauncherGone(NAME.matcher(text));
  }

  /** The rule that drops what the group sends to {@code port}, for iptables' {@code -I} or {@code -D}. */
  private List<String> rule(String operation, int port) {
    List<String> rule = new ArrayList<>(host);
    rule.addAll(List.of("iptables", "-w", operation, "OUTPUT", "-p", "tcp", "--dport", Integer.toString(port), "-m",
        "cgroup", "--path", name(), "-m", "comment", "--comment", name(), "-j", "DROP"));
    return rule;
  }

  /** Its name, also its path under cgroup v2's root, as the rules match it. */
  private String name() {
    return group.getFileName().toString();
  }

  private static Optional<Path> v2Root() {
    return V2_MOUNTS.stream().filter(mount -> Files.exists(mount.resolve("cgroup.controllers"))).findFirst();
  }
}

package org.hbaseturbo.cluster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The iptables rules a cluster adds (a partition's, a lossy link's, a delay's), found again by what
 * {@code iptables -S} lists, in this host's namespace or a host's of its own.
 */
final class IptablesRules {
  /** What to tell when iptables cannot be started. */
  static final String MISSING = "is iptables installed? scripts/setup-host installs it";

  private IptablesRules() {
  }

  /**
   * Deletes every rule of {@code table}'s {@code chains} (empty: every chain) that {@code rule} accepts, as
   * {@code iptables -S} prints it ("-A OUTPUT -p tcp ... -j DROP").
   *
   * @param where the words iptables runs under: none on this host, {@code ip netns exec NS} on a host of its own
   */
  static void deleteEach(List<String> where, String table, List<String> chains, Predicate<String> rule)
      throws IOException {
    List<String> list = new ArrayList<>(where);
    list.addAll(List.of("iptables", "-w", "-t", table, "-S"));
    list.addAll(chains);
    for (String listed : HostCommand.output(list, MISSING).split("\n")) {
      if (listed.startsWith("-A ") && rule.test(listed)) {
        List<String> delete = new ArrayList<>(where);
        delete.addAll(List.of("iptables", "-w", "-t", table, "-D"));
        delete.addAll(List.of(listed.substring("-A ".length()).replace("\"", "").split(" ")));
        HostCommand.run(delete, MISSING);
      }
    }
  }
}

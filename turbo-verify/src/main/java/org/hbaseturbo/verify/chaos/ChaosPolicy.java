package org.hbaseturbo.verify.chaos;

import static org.hbaseturbo.verify.chaos.ChaosAction.BALANCE;
import static org.hbaseturbo.verify.chaos.ChaosAction.CHANGE_COMPRESSION;
import static org.hbaseturbo.verify.chaos.ChaosAction.CHANGE_ENCODING;
import static org.hbaseturbo.verify.chaos.ChaosAction.CUT_CLIENT_FROM_REGION_SERVER;
import static org.hbaseturbo.verify.chaos.ChaosAction.FLUSH_TABLE;
import static org.hbaseturbo.verify.chaos.ChaosAction.KILL_DATANODE;
import static org.hbaseturbo.verify.chaos.ChaosAction.KILL_META_REGION_SERVER;
import static org.hbaseturbo.verify.chaos.ChaosAction.KILL_REGION_SERVER;
import static org.hbaseturbo.verify.chaos.ChaosAction.LOSSY_LINK;
import static org.hbaseturbo.verify.chaos.ChaosAction.MAJOR_COMPACT_TABLE;
import static org.hbaseturbo.verify.chaos.ChaosAction.MERGE_REGIONS;
import static org.hbaseturbo.verify.chaos.ChaosAction.MOVE_REGION;
import static org.hbaseturbo.verify.chaos.ChaosAction.PARTITION_REGION_SERVER;
import static org.hbaseturbo.verify.chaos.ChaosAction.PAUSE_REGION_SERVER;
import static org.hbaseturbo.verify.chaos.ChaosAction.ROLLING_RESTART;
import static org.hbaseturbo.verify.chaos.ChaosAction.SPLIT_REGION;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.hbaseturbo.common.InvalidInputException;

/** Which actions chaos takes and in what order, after HBase's ChaosMonkey policies of the same names. */
public enum ChaosPolicy {
  /** HBase's CalmMonkeyFactory: nothing, for a run to compare with. */
  CALM(List.of(), false, Requires.ANY),
  /**
   * After HBase's ServerKillingMonkeyFactory: crashes, at random among the servers, of RegionServers (the one
   * holding {@code hbase:meta} too), all of them in turn, and DataNodes; and the balancer, forced.
   */
  SERVER_KILLING(List.of(KILL_REGION_SERVER, KILL_META_REGION_SERVER, ROLLING_RESTART, KILL_DATANODE, BALANCE), true,
      Requires.PROCESSES),
  /**
   * After HBase's SlowDeterministicMonkeyFactory: every action in turn, in a fixed order, the light ones (flushes,
   * moves) between the heavy ones (crashes).
   */
  SLOW_DETERMINISTIC(List.of(FLUSH_TABLE, MOVE_REGION, SPLIT_REGION, KILL_REGION_SERVER, MAJOR_COMPACT_TABLE,
      MERGE_REGIONS, CHANGE_COMPRESSION, KILL_DATANODE, BALANCE, CHANGE_ENCODING, KILL_META_REGION_SERVER,
      ROLLING_RESTART), false, Requires.ANY),
  /**
   * Not one of HBase's: a RegionServer paused past its ZooKeeper session and resumed, again and again, each time one
   * of those that do not hold {@code hbase:meta}, at random. The register workload's readers meet the resumed zombie;
   * a stale read fails the run. On HDFS only: there the master's recovery of the paused server's WAL fences it, and a
   * write it takes after its resume fails; on the local file system nothing fences it, and it may acknowledge writes
   * that are then lost, which is HBase's own limit there.
   */
  PAUSES(List.of(PAUSE_REGION_SERVER), true, Requires.HDFS),
  /**
   * Not one of HBase's: in turn, a RegionServer cut off from the master and ZooKeeper and not from its clients, past
   * its session; on hosts of their own, the client host cut off from one RegionServer; a RegionServer paused as
   * {@link #PAUSES} does (those isolated never the one that holds {@code hbase:meta}, at random); on hosts of their
   * own, a lossy link. The cut-off server goes on answering its clients from regions the master has given away; a
   * stale read over the fast path fails the run, and HBase's RPC's are counted beside. On HDFS only, as pauses.
   */
  PARTITIONS(List.of(PARTITION_REGION_SERVER, CUT_CLIENT_FROM_REGION_SERVER, PAUSE_REGION_SERVER, LOSSY_LINK), false,
      Requires.PARTITIONS);

  private final List<ChaosAction> actions;
  private final boolean random;
  private final Requires requires;

  /** What a policy requires of the cluster, or it is refused before anything starts. */
  public enum Requires {
    /**
     * Any cluster: it takes the actions HBase's Admin API can where there are no processes of this JVM's, and says
     * which it skips.
     */
    ANY,
    /** RegionServer (and DataNode) processes this JVM started ({@code --cluster processes}). */
    PROCESSES,
    /** And HDFS under them ({@code --hdfs}). */
    HDFS,
    /**
     * And RegionServers it can cut off from the master and ZooKeeper ({@code ProcessClusterBuilder
     * .partitionable()}: root, cgroup v2, iptables).
     */
    PARTITIONS;

    /** Whether it needs HDFS under the processes: only HDFS fences the WAL of a paused or cut-off server. */
    public boolean hdfs() {
      return this == HDFS || this == PARTITIONS;
    }
  }

  /** @param random whether it picks its actions at random from the seed, else in turn */
  ChaosPolicy(List<ChaosAction> actions, boolean random, Requires requires) {
    this.actions = actions;
    this.random = random;
    this.requires = requires;
  }

  /** The policy named {@code name} on the command line. */
  public static ChaosPolicy of(String name) {
    return Arrays.stream(values()).filter(policy -> policy.label().equals(name)).findFirst()
        .orElseThrow(() -> new InvalidInputException("--chaos '" + name + "' is not one of " + labels()));
  }

  /** The policies' names, as the command line takes them. */
  public static String labels() {
    return Arrays.stream(values()).map(ChaosPolicy::label).collect(Collectors.joining(", "));
  }

  /** Its name on the command line and in the report: {@code server-killing}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public Requires requires() {
    return requires;
  }

  /** Its actions, in its order. */
  List<ChaosAction> actions() {
    return actions;
  }

  /**
   * The actions named {@code labels} ({@code --chaos-actions}), in that order, each one of this policy's; all of its
   * own, in its order, where {@code labels} is empty. An action named twice is refused: a schedule that wants a fault
   * again runs again.
   *
   * @throws InvalidInputException naming a label that is not one of its actions, or one given twice
   */
  List<ChaosAction> actionsNamed(List<String> labels) {
    if (labels.isEmpty()) {
      return actions;
    }
    List<ChaosAction> named = new ArrayList<>();
    for (String label : labels) {
      ChaosAction action = actions.stream().filter(own -> own.label().equals(label)).findFirst()
          .orElseThrow(() -> new InvalidInputException("--chaos-actions '" + label + "' is not one of the actions of"
              + " --chaos " + label() + ": " + (actions.isEmpty() ? "it takes none" : actions.stream()
                  .map(ChaosAction::label).collect(Collectors.joining(", ")))));
      if (named.contains(action)) {
        throw new InvalidInputException("--chaos-actions names " + label + " twice");
      }
      named.add(action);
    }
    return List.copyOf(named);
  }

  /** Checks {@code labels} as {@link #actionsNamed} does, before anything starts. */
  public void requireActions(List<String> labels) {
    actionsNamed(labels);
  }

  /**
   * The action of step {@code step} (0, 1, ...) among {@code available}, a subset of its actions: in turn, or at
   * random from {@code choice}.
   */
  ChaosAction pick(long step, List<ChaosAction> available, SplittableRandom choice) {
    if (available.isEmpty()) {
      throw new IllegalArgumentException("no action available to " + label());
    }
    return random ? available.get(choice.nextInt(available.size()))
        : available.get((int) (step % available.size()));
  }
}

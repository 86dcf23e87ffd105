package org.hbaseturbo.verify.chaos;

import static org.hbaseturbo.verify.chaos.ChaosAction.BALANCE;
import static org.hbaseturbo.verify.chaos.ChaosAction.CHANGE_COMPRESSION;
import static org.hbaseturbo.verify.chaos.ChaosAction.CHANGE_ENCODING;
import static org.hbaseturbo.verify.chaos.ChaosAction.FLUSH_TABLE;
import static org.hbaseturbo.verify.chaos.ChaosAction.KILL_DATANODE;
import static org.hbaseturbo.verify.chaos.ChaosAction.KILL_META_REGION_SERVER;
import static org.hbaseturbo.verify.chaos.ChaosAction.KILL_REGION_SERVER;
import static org.hbaseturbo.verify.chaos.ChaosAction.MAJOR_COMPACT_TABLE;
import static org.hbaseturbo.verify.chaos.ChaosAction.MERGE_REGIONS;
import static org.hbaseturbo.verify.chaos.ChaosAction.MOVE_REGION;
import static org.hbaseturbo.verify.chaos.ChaosAction.PAUSE_REGION_SERVER;
import static org.hbaseturbo.verify.chaos.ChaosAction.ROLLING_RESTART;
import static org.hbaseturbo.verify.chaos.ChaosAction.SPLIT_REGION;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.hbaseturbo.common.InvalidInputException;

/** Which actions chaos takes and in what order, after HBase's ChaosMonkey policies of the same names. */
public enum ChaosPolicy {
  /** HBase's CalmMonkeyFactory: nothing, for a run to compare with. */
  CALM(List.of(), false, false),
  /**
   * After HBase's ServerKillingMonkeyFactory: crashes, at random among the servers, of RegionServers (the one
   * holding {@code hbase:meta} too), all of them in turn, and DataNodes; and the balancer, forced.
   */
  SERVER_KILLING(List.of(KILL_REGION_SERVER, KILL_META_REGION_SERVER, ROLLING_RESTART, KILL_DATANODE, BALANCE), true,
      true),
  /**
   * After HBase's SlowDeterministicMonkeyFactory: every action in turn, in a fixed order, the light ones (flushes,
   * moves) between the heavy ones (crashes).
   */
  SLOW_DETERMINISTIC(List.of(FLUSH_TABLE, MOVE_REGION, SPLIT_REGION, KILL_REGION_SERVER, MAJOR_COMPACT_TABLE,
      MERGE_REGIONS, CHANGE_COMPRESSION, KILL_DATANODE, BALANCE, CHANGE_ENCODING, KILL_META_REGION_SERVER,
      ROLLING_RESTART), false, false),
  /**
   * Not one of HBase's: a RegionServer paused past its ZooKeeper session and resumed, again and again, each time one
   * of those that do not hold {@code hbase:meta}, at random. The register workload's readers meet the resumed zombie;
   * a stale read fails the run. Partitions will join these pauses with a cluster of hosts (network namespaces).
   */
  PAUSES(List.of(PAUSE_REGION_SERVER), true, true);

  private final List<ChaosAction> actions;
  private final boolean random;
  private final boolean needsProcesses;

  /**
   * @param random whether it picks its actions at random from the seed, else in turn
   * @param needsProcesses whether it is refused on a cluster without processes of this JVM's, where it could take
   *     next to none of its actions; else it takes those HBase's Admin API can, and says which it skips
   */
  ChaosPolicy(List<ChaosAction> actions, boolean random, boolean needsProcesses) {
    this.actions = actions;
    this.random = random;
    this.needsProcesses = needsProcesses;
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

  /** Whether it needs RegionServer processes of this JVM's cluster, and is refused without them. */
  public boolean needsProcesses() {
    return needsProcesses;
  }

  /** Its actions, in its order. */
  List<ChaosAction> actions() {
    return actions;
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

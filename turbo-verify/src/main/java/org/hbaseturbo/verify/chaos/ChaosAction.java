package org.hbaseturbo.verify.chaos;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BalanceRequest;
import org.apache.hadoop.hbase.client.BalanceResponse;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.hbaseturbo.cluster.HdfsCluster;
import org.hbaseturbo.cluster.ProcessClusterBuilder;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.compress.TurboCodecs;

/**
 * One kind of fault or disturbance, after the actions of HBase's ChaosMonkey (in {@code hbase-it}): each names what
 * it did in the string it returns, which the run records; each throws when HBase refused it or it did not finish.
 */
enum ChaosAction {
  /** HBase's RestartRandomRsExceptMetaAction: a crash of a server that does not hold {@code hbase:meta}. */
  KILL_REGION_SERVER(Needs.PROCESSES) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      OptionalInt index = target.randomRegionServerButMetaHolder();
      return index.isEmpty() ? NOT_META_HOLDER_NONE : killAndStart(target, index.getAsInt(), "");
    }
  },
  /**
   * Not one of HBase's actions, whose ChaosMonkey kills servers but never pauses one: a RegionServer that does not
   * hold {@code hbase:meta} paused (SIGSTOP) past its ZooKeeper session, as in a long stall of its host, until the
   * master has given its regions to the others, then resumed. The resumed server is a zombie until it learns so and
   * aborts: clients that still take it for their regions' home meet it then, as the target's
   * {@link IsolationWatcher} does, and the register workload judges what they read. Once it has ended, it is started
   * again, and the balancer gives it regions back.
   */
  PAUSE_REGION_SERVER(Needs.PROCESSES) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      OptionalInt index = target.randomRegionServerButMetaHolder();
      return index.isEmpty() ? NOT_META_HOLDER_NONE : isolate(target, index.getAsInt(), Isolation.PAUSE);
    }
  },
  /**
   * Not one of HBase's actions either: a RegionServer that does not hold {@code hbase:meta} cut off from the master
   * and ZooKeeper, not from its clients ({@link ProcessHBaseCluster#partitionRegionServer}), past its ZooKeeper
   * session, until the master has given its regions to the others, then let through again. Unlike a paused server, it
   * runs all along, and answers the clients that still call it, from regions it no longer owns, until it learns so (its
   * session expired, or its WAL, which the master recovered, failing it) and aborts. It is started again, and the
   * balancer gives it regions back.
   */
  PARTITION_REGION_SERVER(Needs.PARTITIONS) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      OptionalInt index = target.randomRegionServerButMetaHolder();
      return index.isEmpty() ? NOT_META_HOLDER_NONE : isolate(target, index.getAsInt(), Isolation.PARTITION);
    }
  },
  /**
   * Not one of HBase's actions: the link of a RegionServer's host, at random, drops a share of its packets both ways
   * and holds what the host sends for a while, as a flaky NIC or cable, or a congested switch port, does
   * ({@link ProcessHBaseCluster#degradeLink}); TCP retransmits, so its clients, the master's and ZooKeeper's exchanges
   * with it, and its DataNode's blocks slow down rather than fail. On hosts of their own only ({@code --hosts}).
   */
  LOSSY_LINK(Needs.HOSTS) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      ProcessHBaseCluster cluster = target.processes().orElseThrow();
      int index = target.randomBelow(cluster.regionServerPids().size());
      cluster.degradeLink(index, LOSS, SLOW);
      try {
        Pause.sleep(LOSSY_FOR, "the lossy link's time");
      } finally {
        cluster.repairLink(index);
      }
      return "the link of RegionServer " + index + "'s host dropped " + Math.round(LOSS * 100) + "% of its packets"
          + " each way and held what it sent " + SLOW.toMillis() + " ms, for " + LOSSY_FOR.toSeconds() + " s";
    }
  },
  /**
   * Not one of HBase's actions: the client host cut off from a RegionServer's host, at random, for a while
   * ({@link ProcessHBaseCluster#cutClientFrom}), as when the one link between a client and a server fails. The
   * server keeps its regions and serves everyone else, the master and ZooKeeper among them; the register workload's
   * clients, which run on the client host, get no answer from it, give up on each call at their timeouts and try
   * again, over the fast path as over RPC, until the cut ends. The loops' writers, on the master's host, are not cut.
   * On hosts of their own only ({@code --hosts}).
   */
  CUT_CLIENT_FROM_REGION_SERVER(Needs.HOSTS) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      ProcessHBaseCluster cluster = target.processes().orElseThrow();
      int index = target.randomBelow(cluster.regionServerPids().size());
      cluster.cutClientFrom(index);
      try {
        Pause.sleep(CUT_FOR, "the client's cut to end");
      } finally {
        cluster.reconnectClient(index);
      }
      return "the client host cut off from RegionServer " + index + "'s host for " + CUT_FOR.toSeconds() + " s";
    }
  },
  /** HBase's RestartRsHoldingMetaAction: every client must find {@code hbase:meta} again. */
  KILL_META_REGION_SERVER(Needs.PROCESSES) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      int meta = target.metaHolder();
      if (meta < 0) {
        throw new IOException("no RegionServer of this cluster holds hbase:meta");
      }
      return killAndStart(target, meta, ", which held hbase:meta");
    }
  },
  /** HBase's RollingBatchRestartRsAction, one server at a time: each killed, and started again, in turn. */
  ROLLING_RESTART(Needs.PROCESSES) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      List<String> done = new ArrayList<>();
      for (int i = 0; i < target.processes().orElseThrow().regionServerPids().size(); i++) {
        done.add(killAndStart(target, i, ""));
      }
      return String.join("; then ", done);
    }
  },
  /** HBase's RestartRandomDataNodeAction: the WAL's pipelines lose a member, the block reads a replica. */
  KILL_DATANODE(Needs.HDFS) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      HdfsCluster hdfs = target.hdfs().orElseThrow();
      int index = target.randomBelow(hdfs.dataNodeCount());
      long pid = hdfs.dataNodePid(index);
      hdfs.killDataNode(index);
      target.pause();
      long start = System.nanoTime();
      hdfs.startDataNode(index);
      return "DataNode " + index + " (pid " + pid + ") killed; started again as pid " + hdfs.dataNodePid(index)
          + " in " + secondsSince(start) + " s";
    }
  },
  /** HBase's MoveRandomRegionOfTableAction. */
  MOVE_REGION(Needs.ADMIN) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      RegionInfo region = target.randomOf(target.regions());
      try (Admin admin = target.admin()) {
        admin.move(region.getEncodedNameAsBytes());
      }
      return "region " + region.getEncodedName() + " moved to a server the master chose";
    }
  },
  /** HBase's SplitRandomRegionOfTableAction: the region splits at its midpoint, as the master finds it. */
  SPLIT_REGION(Needs.ADMIN) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      RegionInfo region = target.randomOf(target.regions());
      try (Admin admin = target.admin()) {
        ChaosTarget.await(admin.splitRegionAsync(region.getRegionName()), "the split of " + region.getEncodedName());
      }
      return "region " + region.getEncodedName() + " split; the table has " + target.regions().size() + " regions";
    }
  },
  /** HBase's MergeRandomAdjacentRegionsOfTableAction. */
  MERGE_REGIONS(Needs.ADMIN) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      List<RegionInfo> regions = target.regions();
      if (regions.size() < 2) {
        return "nothing to do: the table has one region";
      }
      int first = target.randomBelow(regions.size() - 1);
      RegionInfo a = regions.get(first);
      RegionInfo b = regions.get(first + 1);
      try (Admin admin = target.admin()) {
        ChaosTarget.await(admin.mergeRegionsAsync(new byte[][] {a.getRegionName(), b.getRegionName()}, false),
            "the merge of " + a.getEncodedName() + " and " + b.getEncodedName());
      }
      return "regions " + a.getEncodedName() + " and " + b.getEncodedName() + " merged; the table has "
          + target.regions().size() + " regions";
    }
  },
  /** HBase's FlushTableAction. */
  FLUSH_TABLE(Needs.ADMIN) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      try (Admin admin = target.admin()) {
        admin.flush(target.table());
      }
      return "table flushed";
    }
  },
  /** HBase's MajorCompactTableAction: asked for; the servers compact in the background. */
  MAJOR_COMPACT_TABLE(Needs.ADMIN) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      try (Admin admin = target.admin()) {
        admin.majorCompact(target.table());
      }
      return "major compaction of the table requested";
    }
  },
  /** HBase's ForceBalancerAction: the balancer runs even with regions in transition. */
  BALANCE(Needs.ADMIN) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      try (Admin admin = target.admin()) {
        BalanceResponse response = admin.balance(BalanceRequest.newBuilder().setIgnoreRegionsInTransition(true)
            .build());
        return response.isBalancerRan() ? "balancer ran: " + response.getMovesCalculated() + " moves calculated, "
            + response.getMovesExecuted() + " executed" : "the balancer did not run (switched off, or not needed)";
      }
    }
  },
  /** HBase's ChangeCompressionAction, over the codecs Turbo serves: every region reopens. */
  CHANGE_COMPRESSION(Needs.ADMIN) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      Algorithm algorithm = target.randomOf(List.copyOf(TurboCodecs.codecs().keySet()));
      modifyFamily(target, family -> family.setCompressionType(algorithm));
      return "the family's compression set to " + algorithm.getName();
    }
  },
  /** HBase's ChangeEncodingAction: every region reopens. */
  CHANGE_ENCODING(Needs.ADMIN) {
    @Override
    String perform(ChaosTarget target) throws IOException {
      DataBlockEncoding encoding = target.randomOf(List.of(DataBlockEncoding.NONE, DataBlockEncoding.PREFIX,
          DataBlockEncoding.DIFF, DataBlockEncoding.FAST_DIFF, DataBlockEncoding.ROW_INDEX_V1));
      modifyFamily(target, family -> family.setDataBlockEncoding(encoding));
      return "the family's data block encoding set to " + encoding;
    }
  };

  private static final String NOT_META_HOLDER_NONE = "nothing to do: the only RegionServer holds hbase:meta";
  /**
   * How far past its ZooKeeper session a paused or cut-off RegionServer stays so at least; then until the master has
   * given its regions away, and {@link #AFTER_THE_MOVE} more.
   */
  private static final Duration PAST_THE_SESSION = Duration.ofSeconds(10);
  private static final Duration AFTER_THE_MOVE = Duration.ofSeconds(5);
  /**
   * How long a resumed or reconnected RegionServer may take to abort: it learns of its expired session at its first
   * exchange with ZooKeeper or the master, within seconds.
   */
  private static final Duration ABORT_WAIT = Duration.ofSeconds(60);
  /** A lossy link's share of packets dropped, and for how long: TCP retransmits often, and does not give up. */
  private static final double LOSS = 0.05;
  private static final Duration LOSSY_FOR = Duration.ofSeconds(30);
  /**
   * And how long it holds each packet its host sends: a hundred times a round trip here, far below HBase's timeouts
   * and the ZooKeeper session, so that everything slows and nothing times out for it alone.
   */
  private static final Duration SLOW = Duration.ofMillis(20);
  /**
   * How long the client is cut off from a server: many times the register clients' call timeouts (2 s over RPC, 1 s
   * over the fast path), within their operation timeout of a minute, so that their writes are retried through it.
   */
  private static final Duration CUT_FOR = Duration.ofSeconds(15);

  /** What an action needs of the cluster. */
  enum Needs {
    /** HBase's Admin API: any cluster. */
    ADMIN,
    /** RegionServer JVMs this JVM started ({@code --cluster processes}). */
    PROCESSES,
    /** And HDFS under them ({@code --hdfs}). */
    HDFS,
    /** RegionServer JVMs this JVM can cut off ({@link ProcessClusterBuilder#partitionable()}). */
    PARTITIONS,
    /** RegionServer JVMs on hosts of their own, whose links can lose packets ({@code --hosts}). */
    HOSTS
  }

  private final Needs needs;

  ChaosAction(Needs needs) {
    this.needs = needs;
  }

  /** What it did, in words. */
  abstract String perform(ChaosTarget target) throws IOException;

  /** Its name on the command line and in the report: {@code kill-region-server}. */
  String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Whether it can act on this target: the admin actions anywhere, the others on processes this JVM started. */
  boolean canActOn(ChaosTarget target) {
    return switch (needs) {
      case ADMIN -> true;
      case PROCESSES -> target.processes().isPresent();
      case HDFS -> target.hdfs().isPresent();
      case PARTITIONS -> target.processes().map(ProcessHBaseCluster::isPartitionable).orElse(false);
      case HOSTS -> target.processes().map(ProcessHBaseCluster::isOnHosts).orElse(false);
    };
  }

  /**
   * A fault that keeps one RegionServer from the master and ZooKeeper until it ends: a pause, or a partition.
   *
   * @param done what happened to the server, for the record: "paused"
   * @param ending what ended it, for the record: "its resume"
   * @param endFailed what went wrong when it could not be ended: "could not be resumed"
   */
  private record Isolation(String done, String ending, Step begin, Step end, String endFailed) {
    /** SIGSTOP, and SIGCONT: the server does nothing meanwhile, for clients or anyone. */
    static final Isolation PAUSE = new Isolation("paused", "its resume", ProcessHBaseCluster::pauseRegionServer,
        ProcessHBaseCluster::resumeRegionServer, "could not be resumed");
    /** Cut off from the master and ZooKeeper, and let through again: its clients reach it meanwhile. */
    static final Isolation PARTITION = new Isolation("cut off from the master and ZooKeeper, not from its clients,",
        "the partition's end", ProcessHBaseCluster::partitionRegionServer, ProcessHBaseCluster::healRegionServer,
        "could not be let through again");

    /** One step of it, on RegionServer {@code index}. */
    @FunctionalInterface
    interface Step {
      void take(ProcessHBaseCluster cluster, int index) throws IOException;
    }

    /** Ends it; where that fails, kills the server (SIGKILL ends a stopped process too) and throws: none is left so. */
    void endOrKill(ProcessHBaseCluster cluster, int index) throws IOException {
      try {
        end.take(cluster, index);
      } catch (IOException | RuntimeException e) {
        cluster.killRegionServer(index);
        throw new IOException("RegionServer " + index + " " + endFailed + ", and was killed: " + e.getMessage(), e);
      }
    }
  }

  /**
   * Isolates RegionServer {@code index} past its session and until the master has moved its regions, ends that,
   * waits for the server to end and starts it again.
   */
  private static String isolate(ChaosTarget target, int index, Isolation isolation) throws IOException {
    ProcessHBaseCluster cluster = target.processes().orElseThrow();
    if (!cluster.isRegionServerAlive(index)) {
      // Its pid may be another process's by now.
      throw new IOException("RegionServer " + index + " is not running: nothing to isolate");
    }
    long pid = cluster.regionServerPids().get(index);
    Duration session = cluster.regionServerSessionTimeout();
    target.isolations().beforeIsolation();
    isolation.begin().take(cluster, index);
    long isolatedAt = System.nanoTime();
    try {
      Pause.sleep(session.plus(PAST_THE_SESSION), "the isolated server's session to run out");
      target.awaitRegionsMovedOff(index);
      // Clients that gave up on it find the regions' new home and write newer values there, which what the
      // isolated server still holds is then older than.
      Pause.sleep(AFTER_THE_MOVE, "clients to write where the isolated server's regions went");
    } catch (IOException | RuntimeException e) {
      throw new IOException(e.getMessage() + "; " + startAgainAfter(cluster, index, isolation), e);
    }
    boolean ranToTheEnd = cluster.isRegionServerAlive(index);
    // Where the end fails, the reads begun here end by themselves, bounded as every read of theirs is.
    target.isolations().isolationEnding();
    isolation.endOrKill(cluster, index);
    long ended = System.nanoTime();
    long isolated = Duration.ofNanos(ended - isolatedAt).toSeconds();
    target.isolations().afterIsolation();
    String end;
    // Its JVM's end, not the abort's start: a cut-off server begins to abort as soon as the master's recovery of its
    // WAL fails a write, and its JVM ends once it has closed its regions and given up telling the master.
    if (!ranToTheEnd) {
      end = "its JVM had ended by itself before " + isolation.ending();
    } else if (cluster.awaitRegionServerExit(index, ABORT_WAIT)) {
      end = "its JVM ended by itself " + secondsSince(ended) + " s after " + isolation.ending();
    } else {
      end = "it still ran " + ABORT_WAIT.toSeconds() + " s after " + isolation.ending() + ", and was killed";
    }
    long start = System.nanoTime();
    cluster.startRegionServer(index);
    // It starts empty: without a balance the next isolation would find all regions on the other servers.
    return "RegionServer " + index + " (pid " + pid + ") " + isolation.done() + " for " + isolated + " s, past its"
        + " ZooKeeper session of " + session.toSeconds() + " s; " + end + "; started again as pid "
        + cluster.regionServerPids().get(index) + ", serving in " + secondsSince(start) + " s; then "
        + BALANCE.perform(target);
  }

  /**
   * Ends an isolation whose wait failed, kills the server and starts it again: left isolated or down, it would be so
   * for the rest of the run, and every later isolation of it refused as not running. Returns what became of it.
   */
  private static String startAgainAfter(ProcessHBaseCluster cluster, int index, Isolation isolation) {
    String notEnded = "";
    try {
      isolation.endOrKill(cluster, index);
    } catch (IOException | RuntimeException e) {
      // endOrKill killed it: it is started again all the same.
      notEnded = e.getMessage() + "; ";
    }
    try {
      if (cluster.isRegionServerAlive(index)) {
        cluster.killRegionServer(index);
      }
      cluster.startRegionServer(index);
      return notEnded + "RegionServer " + index + " was killed and started again as pid "
          + cluster.regionServerPids().get(index);
    } catch (IOException | RuntimeException e) {
      return notEnded + "RegionServer " + index + " could not be started again: " + e.getMessage();
    }
  }

  private static String killAndStart(ChaosTarget target, int index, String which) throws IOException {
    ProcessHBaseCluster cluster = target.processes().orElseThrow();
    long pid = cluster.regionServerPids().get(index);
    cluster.killRegionServer(index);
    target.pause();
    long start = System.nanoTime();
    cluster.startRegionServer(index);
    return "RegionServer " + index + " (pid " + pid + which + ") killed; started again as pid "
        + cluster.regionServerPids().get(index) + ", serving in " + secondsSince(start) + " s";
  }

  /** The verify table has one family: it is changed and the table's regions reopen with it. */
  private static void modifyFamily(ChaosTarget target, Consumer<ColumnFamilyDescriptorBuilder> change)
      throws IOException {
    try (Admin admin = target.admin()) {
      ColumnFamilyDescriptor family = admin.getDescriptor(target.table()).getColumnFamilies()[0];
      ColumnFamilyDescriptorBuilder builder = ColumnFamilyDescriptorBuilder.newBuilder(family);
      change.accept(builder);
      admin.modifyColumnFamily(target.table(), builder.build());
    }
  }

  private static long secondsSince(long startNanos) {
    return Duration.ofNanos(System.nanoTime() - startNanos).toSeconds();
  }
}

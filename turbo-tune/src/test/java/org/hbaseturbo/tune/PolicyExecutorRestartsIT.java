package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.cluster.ServerControl;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.hbaseturbo.tune.policy.PolicyEnvironment;
import org.hbaseturbo.tune.policy.Route;
import org.hbaseturbo.wire.PcmMarks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the executor sends the RegionServers, with and without leave to restart them: {@code tune watch} changes only
 * what HBase changes online unless told otherwise.
 */
@ExtendWith(SharedHBaseCluster.class)
class PolicyExecutorRestartsIT {
  private static final Recommendation RECOMMENDATION = new Recommendation(WorkloadClass.RO_READ, "test", "",
      new PolicyEnvironment(24, 2, 2, 0, 1), List.of(
          new Recommendation.Change("hfile.block.cache.size", "0.4", "0.6", Route.HEAP_TUNER),
          new Recommendation.Change("hbase.hstore.compaction.min", "3", "4", Route.UPDATE_CONFIG),
          new Recommendation.Change("hbase.regionserver.global.memstore.size.lower.limit", "0.95", "0.8",
              Route.RESTART),
          new Recommendation.Change(Recommender.HEAP, "1g", "2g", Route.RESTART)),
      List.of(), List.of(), 0);

  @Test
  void withoutRestartsOnlyOnlineChangesAreMadeAndTheRestIsAuditedAsPlanned(Connection connection,
      @TempDir Path dir) throws Exception {
    RecordingServers servers = new RecordingServers();
    AuditLog audit = new AuditLog(dir.resolve("audit.jsonl"));
    List<String> progress = new ArrayList<>();

    List<AuditLog.Entry> entries = new PolicyExecutor(connection, audit, Optional.of(servers), false)
        .apply(RECOMMENDATION, false, progress::add);

    String change = entries.get(0).change();
    // The class and change ride in the same update as the settings: no round of their own.
    assertThat(servers.updates).containsExactly(Map.of("turbo.tune.blockcache.target", "0.6",
        "hfile.block.cache.size", "0.6", "hbase.hstore.compaction.min", "4", PcmMarks.CLASS_KEY, "RO-read",
        PcmMarks.CHANGE_KEY, "apply " + change));
    assertThat(servers.restarts).isEmpty();
    assertThat(entries).extracting(AuditLog.Entry::key, AuditLog.Entry::status).containsExactly(
        org.assertj.core.groups.Tuple.tuple("hfile.block.cache.size", AuditLog.Status.APPLIED),
        org.assertj.core.groups.Tuple.tuple("hbase.hstore.compaction.min", AuditLog.Status.APPLIED),
        org.assertj.core.groups.Tuple.tuple("hbase.regionserver.global.memstore.size.lower.limit",
            AuditLog.Status.PLANNED),
        org.assertj.core.groups.Tuple.tuple(Recommender.HEAP, AuditLog.Status.PLANNED));
    assertThat(audit.latest()).as("each value's last line").containsExactlyInAnyOrderElementsOf(entries);
    assertThat(progress).anyMatch(line -> line.startsWith("planned, not applied: [hbase.regionserver.global"
        + ".memstore.size.lower.limit, RegionServer heap]"));

    // Rollback restores only what was applied, online.
    servers.updates.clear();
    List<AuditLog.Entry> restored = new PolicyExecutor(connection, audit, Optional.of(servers), false)
        .rollback(progress::add);
    assertThat(restored).extracting(AuditLog.Entry::key).containsExactly("hfile.block.cache.size",
        "hbase.hstore.compaction.min");
    assertThat(servers.updates).as("no class in force before it").containsExactly(Map.of(
        "turbo.tune.blockcache.target", "0.4", "hfile.block.cache.size", "0.4", "hbase.hstore.compaction.min", "3",
        PcmMarks.CLASS_KEY, "", PcmMarks.CHANGE_KEY, "rollback " + change));
    assertThat(servers.restarts).isEmpty();
  }

  @Test
  void withRestartsTheRestGoesByOneRestartWithTheHeap(Connection connection, @TempDir Path dir) throws Exception {
    RecordingServers servers = new RecordingServers();

    List<AuditLog.Entry> entries = new PolicyExecutor(connection, new AuditLog(dir.resolve("audit.jsonl")),
        Optional.of(servers), true).apply(RECOMMENDATION, false, line -> { });

    assertThat(servers.updates).hasSize(1);
    assertThat(servers.updates.get(0)).as("the marks, in the update").containsEntry(PcmMarks.CLASS_KEY, "RO-read");
    assertThat(servers.restarts).as("the restart keeps what the update set").containsExactly(
        Map.of("hbase.regionserver.global.memstore.size.lower.limit", "0.8", "heap", "2g", "how", "ROLLING"));
    assertThat(entries).extracting(AuditLog.Entry::status).containsOnly(AuditLog.Status.APPLIED);
  }

  /** A switch that moves only table values makes no server round: the class travels with server changes alone. */
  @Test
  void aSwitchOfTableValuesAloneAsksNothingOfTheServers(Connection connection, @TempDir Path dir) throws Exception {
    TableName table = TestingTables.create(connection, "tableonly", Bytes.toBytes("f"));
    RecordingServers servers = new RecordingServers();
    AuditLog audit = new AuditLog(dir.resolve("audit.jsonl"));
    Recommendation tableOnly = new Recommendation(WorkloadClass.RM, "test", table.getNameAsString(),
        new PolicyEnvironment(24, 2, 2, 0, 1), List.of(new Recommendation.Change("hbase.hstore.blockingStoreFiles",
            "16", "20", Route.TABLE)), List.of(), List.of(), 0);

    new PolicyExecutor(connection, audit, Optional.of(servers), true).apply(tableOnly, false, line -> { });
    new PolicyExecutor(connection, audit, Optional.of(servers), true).rollback(line -> { });

    assertThat(servers.updates).isEmpty();
    assertThat(servers.restarts).isEmpty();
  }

  /** After a rollback of the newer of two applies, the older one's class is in force again. */
  @Test
  void aRollbackLeavesTheClassOfTheApplyBeforeIt(Connection connection, @TempDir Path dir) throws Exception {
    RecordingServers servers = new RecordingServers();
    AuditLog audit = new AuditLog(dir.resolve("audit.jsonl"));
    PolicyExecutor executor = new PolicyExecutor(connection, audit, Optional.of(servers), false);
    executor.apply(RECOMMENDATION, false, line -> { });
    executor.apply(new Recommendation(WorkloadClass.RM, "test", "", new PolicyEnvironment(24, 2, 2, 0, 1),
        List.of(new Recommendation.Change("hbase.hstore.compaction.min", "4", "5", Route.UPDATE_CONFIG)),
        List.of(), List.of(), 0), false, line -> { });
    servers.updates.clear();

    executor.rollback(line -> { });
    assertThat(servers.updates).singleElement().satisfies(update -> assertThat(update)
        .containsEntry(PcmMarks.CLASS_KEY, "RO-read").containsEntry("hbase.hstore.compaction.min", "4"));
  }

  /** Records what the executor asks of the servers, and changes nothing. */
  private static final class RecordingServers implements ServerControl {
    final List<Map<String, String>> updates = new ArrayList<>();
    final List<Map<String, String>> restarts = new ArrayList<>();

    @Override
    public void restart(Restart how, Map<String, String> settings, Optional<String> heap,
        Consumer<String> progress) {
      Map<String, String> restart = new java.util.HashMap<>(settings);
      restart.put("how", how.name());
      heap.ifPresent(size -> restart.put("heap", size));
      restarts.add(restart);
    }

    @Override
    public void update(Map<String, String> settings, Consumer<String> progress) {
      updates.add(Map.copyOf(settings));
    }
  }
}

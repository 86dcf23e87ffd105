package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.cluster.ServerControl;
import org.hbaseturbo.cluster.SharedHBaseCluster;
import org.hbaseturbo.tune.policy.PolicyEnvironment;
import org.hbaseturbo.tune.policy.Route;
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
      List.of(), List.of());

  @Test
  void withoutRestartsOnlyOnlineChangesAreMadeAndTheRestIsAuditedAsPlanned(Connection connection,
      @TempDir Path dir) throws Exception {
    RecordingServers servers = new RecordingServers();
    AuditLog audit = new AuditLog(dir.resolve("audit.jsonl"));
    List<String> progress = new ArrayList<>();

    List<AuditLog.Entry> entries = new PolicyExecutor(connection, audit, Optional.of(servers), false)
        .apply(RECOMMENDATION, false, progress::add);

    assertThat(servers.updates).containsExactly(Map.of("turbo.tune.blockcache.target", "0.6",
        "hfile.block.cache.size", "0.6", "hbase.hstore.compaction.min", "4"));
    assertThat(servers.restarts).isEmpty();
    assertThat(entries).extracting(AuditLog.Entry::key, AuditLog.Entry::status).containsExactly(
        org.assertj.core.groups.Tuple.tuple("hfile.block.cache.size", AuditLog.APPLIED),
        org.assertj.core.groups.Tuple.tuple("hbase.hstore.compaction.min", AuditLog.APPLIED),
        org.assertj.core.groups.Tuple.tuple("hbase.regionserver.global.memstore.size.lower.limit",
            AuditLog.PLANNED),
        org.assertj.core.groups.Tuple.tuple(Recommender.HEAP, AuditLog.PLANNED));
    assertThat(audit.latest()).as("each value's last line").containsExactlyInAnyOrderElementsOf(entries);
    assertThat(progress).anyMatch(line -> line.startsWith("planned, not applied: [hbase.regionserver.global"
        + ".memstore.size.lower.limit, RegionServer heap]"));

    // Rollback restores only what was applied, online.
    servers.updates.clear();
    List<AuditLog.Entry> restored = new PolicyExecutor(connection, audit, Optional.of(servers), false)
        .rollback(progress::add);
    assertThat(restored).extracting(AuditLog.Entry::key).containsExactly("hfile.block.cache.size",
        "hbase.hstore.compaction.min");
    assertThat(servers.updates).containsExactly(Map.of("turbo.tune.blockcache.target", "0.4",
        "hfile.block.cache.size", "0.4", "hbase.hstore.compaction.min", "3"));
    assertThat(servers.restarts).isEmpty();
  }

  @Test
  void withRestartsTheRestGoesByOneRestartWithTheHeap(Connection connection, @TempDir Path dir) throws Exception {
    RecordingServers servers = new RecordingServers();

    List<AuditLog.Entry> entries = new PolicyExecutor(connection, new AuditLog(dir.resolve("audit.jsonl")),
        Optional.of(servers), true).apply(RECOMMENDATION, false, line -> { });

    assertThat(servers.updates).hasSize(1);
    assertThat(servers.restarts).containsExactly(
        Map.of("hbase.regionserver.global.memstore.size.lower.limit", "0.8", "heap", "2g", "how", "ROLLING"));
    assertThat(entries).extracting(AuditLog.Entry::status).containsOnly(AuditLog.APPLIED);
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

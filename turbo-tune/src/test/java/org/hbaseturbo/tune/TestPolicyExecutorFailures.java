package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.hbaseturbo.cluster.ServerControl;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.hbaseturbo.tune.policy.Route;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The executor audits each step before it takes it, so that whatever fails, and wherever its process dies, rollback
 * restores the table and the servers as they were. A failure is planted between every two steps: before the table
 * changes, after it changed but before that was recorded, in the servers' update, and after the servers changed but
 * before that was recorded. A death is an {@link Error} the executor does not catch, so it records nothing after it.
 */
class TestPolicyExecutorFailures {
  private static final TableName TABLE = TableName.valueOf("ns", "usertable");
  private static final String FLUSH = PolicySetting.FLUSH_SIZE.descriptorKey();
  private static final String BLOCKSIZE = PolicySetting.BLOCKSIZE.descriptorKey();
  private static final String COMPACTION_MIN = PolicySetting.COMPACTION_MIN.key();

  @TempDir
  Path dir;

  private FakeTables tables;
  private FakeServers servers;
  private AuditLog audit;
  private TableDescriptor original;

  @BeforeEach
  void setUp() {
    original = TableDescriptorBuilder.newBuilder(TABLE)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder("f".getBytes()).setBlocksize(65536).build())
        .build();
    tables = new FakeTables(original);
    servers = new FakeServers();
    audit = new AuditLog(dir.resolve("audit.jsonl"));
  }

  @Test
  void appliesEveryStepAndRollsItBack() throws IOException {
    List<AuditLog.Entry> applied = executor().apply(recommendation(), false, line -> { });

    assertThat(applied).extracting(e -> e.target().toString(), AuditLog.Entry::status).containsExactly(
        org.assertj.core.groups.Tuple.tuple("table ns:usertable", AuditLog.Status.APPLIED),
        org.assertj.core.groups.Tuple.tuple("family ns:usertable:f", AuditLog.Status.APPLIED),
        org.assertj.core.groups.Tuple.tuple("RegionServers", AuditLog.Status.APPLIED));
    assertThat(tables.current.getValue(FLUSH)).isEqualTo("268435456");
    assertThat(servers.settings).containsEntry(COMPACTION_MIN, "6");
    assertThat(audit.read()).extracting(AuditLog.Entry::status).containsExactly(AuditLog.Status.PENDING,
        AuditLog.Status.PENDING, AuditLog.Status.APPLIED, AuditLog.Status.APPLIED, AuditLog.Status.PENDING,
        AuditLog.Status.APPLIED);

    executor().rollback(line -> { });

    assertRestored();
  }

  @Test
  void aReadOnlyClassChangesTheTableWithoutReopeningItsRegionsAndRollbackReopensThem() throws IOException {
    executor().apply(recommendation(WorkloadClass.RO_READ), false, line -> { });

    assertThat(tables.current.getColumnFamily("f".getBytes()).getBlocksize()).isEqualTo(32768);
    assertThat(tables.reopens).containsExactly(false);

    executor().rollback(line -> { });

    assertRestored();
    assertThat(tables.reopens).containsExactly(false, true);
    executor().apply(recommendation(WorkloadClass.MIX_R), false, line -> { });
    assertThat(tables.reopens).containsExactly(false, true, true);
  }

  @Test
  void anApplyBeforeAMajorCompactionReopensTheRegionsOfAReadOnlyClassToo() throws IOException {
    List<String> progress = new ArrayList<>();
    executor().reopeningRegions().apply(recommendation(WorkloadClass.RO_READ), false, progress::add);

    assertThat(tables.reopens).containsExactly(true);
    assertThat(progress).contains("modifying table " + TABLE + " (its regions reopen, flushing their memstores)");
  }

  @Test
  void aTableChangeThatFailsIsRecordedAndNoLaterStepBegins() throws IOException {
    tables.failBeforeModify = true;

    assertThatThrownBy(() -> executor().apply(recommendation(), false, line -> { })).isInstanceOf(IOException.class)
        .hasMessage("the master refused");

    assertThat(audit.latest()).extracting(AuditLog.Entry::status, AuditLog.Entry::detail).containsOnly(
        org.assertj.core.groups.Tuple.tuple(AuditLog.Status.FAILED, "the master refused"));
    assertThat(servers.calls).isEmpty();
    tables.failBeforeModify = false;
    executor().rollback(line -> { });
    assertRestored();
  }

  @Test
  void aTableChangeMadeButNeverRecordedIsRolledBack() throws IOException {
    tables.dieAfterModify = true;

    assertThatThrownBy(() -> executor().apply(recommendation(), false, line -> { })).isInstanceOf(Death.class);

    assertThat(tables.current.getValue(FLUSH)).as("the change was made").isEqualTo("268435456");
    assertThat(audit.latest()).extracting(AuditLog.Entry::status).containsOnly(AuditLog.Status.PENDING);
    tables.dieAfterModify = false;
    executor().rollback(line -> { });
    assertRestored();
  }

  @Test
  void aServerUpdateThatFailsLeavesTheTableToRollback() throws IOException {
    servers.failUpdate = true;

    assertThatThrownBy(() -> executor().apply(recommendation(), false, line -> { })).isInstanceOf(IOException.class);

    assertThat(audit.latest()).extracting(e -> e.target().scope(), AuditLog.Entry::status).containsExactly(
        org.assertj.core.groups.Tuple.tuple(AuditLog.Scope.TABLE, AuditLog.Status.APPLIED),
        org.assertj.core.groups.Tuple.tuple(AuditLog.Scope.FAMILY, AuditLog.Status.APPLIED),
        org.assertj.core.groups.Tuple.tuple(AuditLog.Scope.SERVERS, AuditLog.Status.FAILED));
    servers.failUpdate = false;
    executor().rollback(line -> { });
    assertRestored();
  }

  @Test
  void serversChangedButNeverRecordedAreRolledBack() throws IOException {
    servers.dieAfterUpdate = true;

    assertThatThrownBy(() -> executor().apply(recommendation(), false, line -> { })).isInstanceOf(Death.class);

    assertThat(servers.settings).containsEntry(COMPACTION_MIN, "6");
    servers.dieAfterUpdate = false;
    executor().rollback(line -> { });
    assertRestored();
  }

  @Test
  void aRollbackThatFailedIsTakenAgain() throws IOException {
    executor().apply(recommendation(), false, line -> { });
    servers.failUpdate = true;
    assertThatThrownBy(() -> executor().rollback(line -> { })).isInstanceOf(IOException.class);
    servers.failUpdate = false;

    List<AuditLog.Entry> second = executor().rollback(line -> { });

    assertThat(second).isNotEmpty();
    assertRestored();
    assertThat(executor().rollback(line -> { })).as("nothing left to roll back").isEmpty();
  }

  @Test
  void aTrialRevertsItsOwnChangeAndItsVerdictLeavesRollbackAlone() throws IOException {
    List<AuditLog.Entry> applied = executor().apply(recommendation(), false, line -> { });
    String change = applied.get(0).change();
    executor().judge(change, WorkloadClass.WO, AuditLog.Target.table(TABLE), "100 ops/s", "80 ops/s",
        AuditLog.Status.REVERTED, "below");

    executor().revert(change, WorkloadClass.WO, line -> { });

    assertRestored();
    assertThat(tables.reopens).as("under a workload that writes, the revert reopens as the apply did")
        .containsExactly(true, true);
    assertThat(executor().rollback(line -> { })).as("nothing left to roll back").isEmpty();
  }

  @Test
  void aTrialOfAReadOnlyClassRevertsWithoutReopeningTheRegions() throws IOException {
    String change = executor().apply(recommendation(WorkloadClass.RO_READ), false, line -> { }).get(0).change();
    List<String> progress = new ArrayList<>();

    executor().revert(change, WorkloadClass.RO_READ, progress::add);

    assertRestored();
    assertThat(tables.reopens).containsExactly(false, false);
    assertThat(progress).contains("restoring table " + TABLE + " without reopening its regions: a read-only"
        + " workload writes no file, and each region takes the values when it next opens");
  }

  @Test
  void aTrialDoesNotRevertUnderANewerChange() throws IOException {
    String older = executor().apply(recommendation(), false, line -> { }).get(0).change();
    executor().apply(recommendation(), false, line -> { });
    servers.settings.put(COMPACTION_MIN, "7");

    assertThatThrownBy(() -> executor().revert(older, WorkloadClass.WO, line -> { })).isInstanceOf(IOException.class)
        .hasMessageContaining("is not the newest one to undo");
    assertThat(servers.settings).as("nothing restored").containsEntry(COMPACTION_MIN, "7");
  }

  /**
   * A trial's revert in bench pcm's adaptivity run (2026-12-06) ended the watch loop: the servers' heap tuners had
   * each moved the memstore's fraction elsewhere ("mixed: 0.3, 0.5" before the apply), and the revert tried to set
   * that text as a value. No one value restores such servers: the pair of heap fractions stays as the apply made it,
   * and the rest goes back.
   */
  @Test
  void aValueTheServersHeldDifferentlyBeforeTheApplyIsKeptAndTheRestRestored() throws IOException {
    String memstore = PolicySetting.MEMSTORE.key();
    String blockCache = PolicySetting.BLOCK_CACHE.key();
    Recommendation heap = new Recommendation(WorkloadClass.RO_READ, "test", TABLE.getNameAsString(), null, List.of(
        new Recommendation.Change(memstore, Recommender.MIXED + "0.3, 0.5", "0.1", Route.HEAP_TUNER),
        new Recommendation.Change(blockCache, "0.4", "0.6", Route.HEAP_TUNER),
        new Recommendation.Change(COMPACTION_MIN, null, "6", Route.UPDATE_CONFIG)), List.of(), List.of(), 0);
    executor().apply(heap, false, line -> { });
    List<String> lines = new ArrayList<>();

    List<AuditLog.Entry> rolledBack = executor().rollback(lines::add);

    assertThat(servers.settings.values()).noneMatch(value -> value.startsWith(Recommender.MIXED));
    assertThat(servers.settings).containsEntry(memstore, "0.1").containsEntry(blockCache, "0.6")
        .containsEntry(COMPACTION_MIN, PolicySetting.COMPACTION_MIN.hbaseDefault());
    assertThat(rolledBack).filteredOn(entry -> entry.status() == AuditLog.Status.KEPT)
        .extracting(AuditLog.Entry::key).containsExactlyInAnyOrder(memstore, blockCache);
    assertThat(lines).anyMatch(line -> line.startsWith("kept: the " + memstore + " of RegionServers: the"
        + " RegionServers held different values before the apply (mixed: 0.3, 0.5)"))
        .anyMatch(line -> line.contains("kept: the " + blockCache + " of RegionServers: the RegionServers held"
            + " different values before the apply (its heap fractions: mixed: 0.3, 0.5)"));
  }

  @Test
  void readsTheTargetsOfLogsWrittenBeforeTheyWereTyped() {
    assertThat(AuditLog.Target.parse("family ns:usertable:f"))
        .isEqualTo(AuditLog.Target.family(TABLE, "f"));
    assertThat(AuditLog.Target.parse("table ns:usertable")).isEqualTo(AuditLog.Target.table(TABLE));
    assertThat(AuditLog.Target.parse("RegionServers")).isEqualTo(AuditLog.Target.SERVERS);
    assertThatThrownBy(() -> AuditLog.Target.parse("region x")).hasMessageContaining("'region x'");
  }

  private void assertRestored() {
    assertThat(tables.current).as("the table as it was").isEqualTo(original);
    // Servers never changed have no entry: they run HBase's default.
    assertThat(servers.settings.getOrDefault(COMPACTION_MIN, PolicySetting.COMPACTION_MIN.hbaseDefault()))
        .as("the servers as they were").isEqualTo(PolicySetting.COMPACTION_MIN.hbaseDefault());
  }

  private PolicyExecutor executor() {
    return new PolicyExecutor(tables, new PreSplit(null, Optional.empty()), audit, Optional.of(servers), true);
  }

  private static Recommendation recommendation() {
    return recommendation(WorkloadClass.WO);
  }

  private static Recommendation recommendation(WorkloadClass workloadClass) {
    return new Recommendation(workloadClass, "test", TABLE.getNameAsString(), null, List.of(
        new Recommendation.Change(PolicySetting.FLUSH_SIZE.key(), "134217728", "268435456", Route.TABLE),
        new Recommendation.Change(PolicySetting.BLOCKSIZE.key(), "65536", "32768", Route.FAMILY),
        new Recommendation.Change(COMPACTION_MIN, null, "6", Route.UPDATE_CONFIG)), List.of(), List.of(), 0);
  }

  /** A process's death between two steps: no catch of the executor's sees it. */
  private static final class Death extends Error {
    Death() {
      super("the process died here");
    }
  }

  private static final class FakeTables implements TableDescriptors {
    TableDescriptor current;
    /** For each modify, whether the regions were to reopen. */
    final List<Boolean> reopens = new ArrayList<>();
    boolean failBeforeModify;
    boolean dieAfterModify;

    FakeTables(TableDescriptor current) {
      this.current = current;
    }

    @Override
    public TableDescriptor get(TableName table) throws IOException {
      if (!table.equals(current.getTableName())) {
        throw new IOException("no table " + table);
      }
      return current;
    }

    @Override
    public void modify(TableDescriptor descriptor, boolean reopen) throws IOException {
      if (failBeforeModify) {
        throw new IOException("the master refused");
      }
      get(descriptor.getTableName());
      current = descriptor;
      reopens.add(reopen);
      if (dieAfterModify) {
        throw new Death();
      }
    }
  }

  private static final class FakeServers implements ServerControl {
    final Map<String, String> settings = new LinkedHashMap<>();
    final List<String> calls = new ArrayList<>();
    boolean failUpdate;
    boolean dieAfterUpdate;

    @Override
    public void restart(Restart how, Map<String, String> values, Optional<String> heap, Consumer<String> progress) {
      calls.add("restart");
      settings.putAll(values);
    }

    @Override
    public void update(Map<String, String> values, Consumer<String> progress) throws IOException {
      calls.add("update");
      if (failUpdate) {
        throw new IOException("update_config failed on rs2");
      }
      settings.putAll(values);
      if (dieAfterUpdate) {
        throw new Death();
      }
    }
  }
}

package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.cluster.ServerControl;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.hbaseturbo.tune.policy.Route;
import org.hbaseturbo.tune.split.SplitKeys;
import org.hbaseturbo.tune.split.YcsbKeys;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pre-split step of an apply: taken only on an empty table, audited ahead like every step, refused (audited, with
 * the reason) on a table with data, and kept by rollback.
 */
class TestPolicyExecutorPreSplit {
  private static final TableName TABLE = TableName.valueOf("ns", "usertable");
  private static final int REGIONS = 8;
  private static final SplitKeys KEYS = new YcsbKeys(0, 10_000, true, 1);

  @TempDir
  Path dir;

  private FakeSplits splits;
  private AuditLog audit;
  private TableDescriptor descriptor;
  private final List<String> progress = new ArrayList<>();
  private final List<String> serverCalls = new ArrayList<>();

  @BeforeEach
  void setUp() {
    splits = new FakeSplits();
    audit = new AuditLog(dir.resolve("audit.jsonl"));
    descriptor = TableDescriptorBuilder.newBuilder(TABLE).setColumnFamily(ColumnFamilyDescriptorBuilder.of("f"))
        .build();
  }

  @Test
  void anEmptyTableIsSplitAtItsKeysQuantilesAndSpreadAuditedAheadAndRollbackKeepsIt() throws IOException {
    List<AuditLog.Entry> applied = executor(Optional.of(KEYS)).apply(recommendation(), false, progress::add);

    assertThat(splits.calls).containsExactlyElementsOf(concat(
        KEYS.splitPoints(REGIONS).stream().map(point -> "split " + Bytes.toStringBinary(point)).toList(),
        List.of("spread")));
    assertThat(splits.calls).hasSize(REGIONS);
    assertThat(applied).extracting(e -> e.target().toString(), AuditLog.Entry::key, AuditLog.Entry::status)
        .containsExactly(tuple("table ns:usertable", PolicySetting.FLUSH_SIZE.descriptorKey(), AuditLog.Status.APPLIED),
            tuple("table ns:usertable", Recommender.PRESPLIT, AuditLog.Status.APPLIED),
            tuple("RegionServers", PolicySetting.COMPACTION_MIN.key(), AuditLog.Status.APPLIED));
    AuditLog.Entry split = applied.get(1);
    assertThat(split.oldValue()).isEqualTo("1 region");
    assertThat(split.newValue()).isEqualTo("8 regions");
    assertThat(split.route()).isEqualTo(Route.PRESPLIT);
    assertThat(audit.read()).filteredOn(e -> e.route() == Route.PRESPLIT).extracting(AuditLog.Entry::status)
        .containsExactly(AuditLog.Status.PENDING, AuditLog.Status.APPLIED);
    assertThat(String.join("\n", progress)).contains("pre-splitting table ns:usertable into 8 regions at the"
        + " quantiles of YCSB's hashed keys of 10,000 records");

    List<AuditLog.Entry> rolledBack = executor(Optional.of(KEYS)).rollback(progress::add);

    assertThat(rolledBack).filteredOn(e -> e.route() == Route.PRESPLIT)
        .extracting(AuditLog.Entry::status, AuditLog.Entry::newValue, AuditLog.Entry::detail)
        .containsExactly(tuple(AuditLog.Status.KEPT, "8 regions", PreSplit.KEPT));
    assertThat(descriptor.getValue(Recommender.PRESPLIT)).as("no descriptor value for the pre-split").isNull();
    assertThat(descriptor.getValue(PolicySetting.FLUSH_SIZE.descriptorKey())).as("the rest restored").isNull();
    assertThat(String.join("\n", progress)).contains("kept: the pre-split of table ns:usertable: splits are not"
        + " undone");
    assertThat(executor(Optional.of(KEYS)).rollback(progress::add)).as("nothing left to roll back").isEmpty();
  }

  @Test
  void aTableWithDataIsNeverSplitAndTheRefusalIsAuditedWithItsReason() throws IOException {
    splits.notEmpty = Optional.of("its region has 1 store file(s), 5MB");

    List<AuditLog.Entry> applied = executor(Optional.of(KEYS)).apply(recommendation(), false, progress::add);

    assertThat(splits.calls).isEmpty();
    assertThat(applied).extracting(AuditLog.Entry::key, AuditLog.Entry::status).contains(
        tuple(Recommender.PRESPLIT, AuditLog.Status.REFUSED),
        tuple(PolicySetting.COMPACTION_MIN.key(), AuditLog.Status.APPLIED));
    String why = "the table is not empty (its region has 1 store file(s), 5MB); a pre-split changes only an empty"
        + " table";
    assertThat(audit.latest()).filteredOn(e -> e.route() == Route.PRESPLIT)
        .extracting(AuditLog.Entry::status, AuditLog.Entry::detail)
        .containsExactly(tuple(AuditLog.Status.REFUSED, why));
    assertThat(progress).contains("refused: pre-split of table ns:usertable: " + why);
    assertThat(executor(Optional.of(KEYS)).rollback(progress::add)).as("a refusal is nothing to keep")
        .noneMatch(e -> e.route() == Route.PRESPLIT);
  }

  @Test
  void withoutKeysThePreSplitIsNotAppliedAndTheMessageNamesBothOptions() throws IOException {
    List<AuditLog.Entry> applied = executor(Optional.empty()).apply(recommendation(), false, progress::add);

    assertThat(splits.calls).isEmpty();
    assertThat(applied).noneMatch(e -> e.route() == Route.PRESPLIT);
    assertThat(progress).contains("not applied: pre-split to 8 regions needs the keys the table will hold: give"
        + " --key-format (YCSB's keys) or --key-sample FILE (sample keys, one a line)");
  }

  @Test
  void aSplitHBaseRefusesFailsTheStepNamingThePointAndNoLaterStepBegins() throws IOException {
    splits.failAtCall = 3;

    assertThatThrownBy(() -> executor(Optional.of(KEYS)).apply(recommendation(), false, progress::add))
        .isInstanceOf(IOException.class).hasMessageContaining("after 2 of 7 splits were made: NOT splittable");

    assertThat(audit.latest()).filteredOn(e -> e.route() == Route.PRESPLIT).extracting(AuditLog.Entry::status)
        .containsExactly(AuditLog.Status.FAILED);
    assertThat(serverCalls).isEmpty();
  }

  @Test
  void aDryRunSplitsNothingAndWritesNothing() throws IOException {
    List<AuditLog.Entry> wouldBe = executor(Optional.of(KEYS)).apply(recommendation(), true, progress::add);

    assertThat(splits.calls).isEmpty();
    assertThat(wouldBe).filteredOn(e -> e.route() == Route.PRESPLIT).extracting(AuditLog.Entry::status)
        .containsExactly(AuditLog.Status.DRY_RUN);
    assertThat(audit.file()).doesNotExist();
  }

  private PolicyExecutor executor(Optional<SplitKeys> keys) {
    TableDescriptors tables = new TableDescriptors() {
      @Override
      public TableDescriptor get(TableName table) {
        return descriptor;
      }

      @Override
      public void modify(TableDescriptor changed, boolean reopen) {
        descriptor = changed;
      }
    };
    ServerControl servers = new ServerControl() {
      @Override
      public void restart(Restart how, Map<String, String> values, Optional<String> heap,
          Consumer<String> out) {
        serverCalls.add("restart");
      }

      @Override
      public void update(Map<String, String> values, Consumer<String> out) {
        serverCalls.add("update");
      }
    };
    return new PolicyExecutor(tables, new PreSplit(splits, keys), audit, Optional.of(servers), true);
  }

  private static Recommendation recommendation() {
    return new Recommendation(WorkloadClass.BL, "test", TABLE.getNameAsString(), null, List.of(
        new Recommendation.Change(PolicySetting.FLUSH_SIZE.key(), "134217728", "268435456", Route.TABLE),
        new Recommendation.Change(Recommender.PRESPLIT, "1 regions", "at least 8 regions", Route.PRESPLIT),
        new Recommendation.Change(PolicySetting.COMPACTION_MIN.key(), null, "6", Route.UPDATE_CONFIG)), List.of(),
        List.of(), REGIONS);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static final class FakeSplits implements TableSplits {
    final List<String> calls = new ArrayList<>();
    Optional<String> notEmpty = Optional.empty();
    int failAtCall;

    @Override
    public Optional<String> whyNotEmpty(TableName table) {
      return notEmpty;
    }

    @Override
    public boolean splitsEnabled() {
      return true;
    }

    @Override
    public void split(TableName table, byte[] point) throws IOException {
      if (calls.size() + 1 == failAtCall) {
        throw new IOException("NOT splittable");
      }
      calls.add("split " + Bytes.toStringBinary(point));
    }

    @Override
    public void spread(TableName table, Consumer<String> progress) {
      calls.add("spread");
    }
  }
}

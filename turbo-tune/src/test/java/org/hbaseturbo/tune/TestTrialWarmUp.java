package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.tune.policy.Route;
import org.junit.jupiter.api.Test;

/** Which switches reopen regions, and so give their trial a period of warm-up before it is judged. */
class TestTrialWarmUp {
  private static final AuditLog.Target TABLE = AuditLog.Target.table(TableName.valueOf("t"));

  @Test
  void tableValuesReopenRegionsOnlyUnderAClassThatWrites() {
    List<AuditLog.Entry> flushSize = List.of(entry(TABLE, Route.TABLE, AuditLog.Status.APPLIED));
    assertThat(WorkloadWatcher.reopenedRegions(flushSize, WorkloadClass.MIX_W)).isTrue();
    assertThat(WorkloadWatcher.reopenedRegions(flushSize, WorkloadClass.RO_READ)).as("taken at the next open")
        .isFalse();
    assertThat(WorkloadWatcher.reopenedRegions(List.of(entry(TABLE, Route.FAMILY, AuditLog.Status.APPLIED)),
        WorkloadClass.WO)).isTrue();
  }

  @Test
  void aPreSplitReopensWhateverTheClass() {
    assertThat(WorkloadWatcher.reopenedRegions(List.of(entry(TABLE, Route.PRESPLIT, AuditLog.Status.APPLIED)),
        WorkloadClass.BL)).isTrue();
  }

  @Test
  void settingsTakenOnlineOrNotMadeReopenNothing() {
    assertThat(WorkloadWatcher.reopenedRegions(List.of(entry(AuditLog.Target.SERVERS, Route.UPDATE_CONFIG,
        AuditLog.Status.APPLIED), entry(AuditLog.Target.SERVERS, Route.HEAP_TUNER, AuditLog.Status.APPLIED),
        entry(TABLE, Route.TABLE, AuditLog.Status.PLANNED)), WorkloadClass.MIX_W)).isFalse();
  }

  private static AuditLog.Entry entry(AuditLog.Target target, Route route, AuditLog.Status status) {
    return new AuditLog.Entry("2026-11-29T00:00:00Z", "c", "apply", "MixW", target, "k", "old", "new", route, status,
        "user", null);
  }
}

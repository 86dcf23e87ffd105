package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.tune.policy.Route;
import org.junit.jupiter.api.Test;

class TestChangedFileValues {
  private static final TableName TABLE = TableName.valueOf("t");

  @Test
  void onlyAFamilysValueMadeOrToBeMadeChangesWhatTheFilesAreWrittenWith() {
    assertThat(PolicyExecutor.changedFileValues(List.of())).isFalse();
    assertThat(PolicyExecutor.changedFileValues(List.of(entry(Route.TABLE, AuditLog.Status.APPLIED),
        entry(Route.UPDATE_CONFIG, AuditLog.Status.APPLIED)))).as("a flush size and a server setting").isFalse();
    assertThat(PolicyExecutor.changedFileValues(List.of(entry(Route.FAMILY, AuditLog.Status.REFUSED),
        entry(Route.FAMILY, AuditLog.Status.FAILED), entry(Route.FAMILY, AuditLog.Status.PLANNED))))
        .as("a family value not made").isFalse();
    assertThat(PolicyExecutor.changedFileValues(List.of(entry(Route.TABLE, AuditLog.Status.APPLIED),
        entry(Route.FAMILY, AuditLog.Status.APPLIED)))).isTrue();
    assertThat(PolicyExecutor.changedFileValues(List.of(entry(Route.FAMILY, AuditLog.Status.DRY_RUN))))
        .as("a dry run's").isTrue();
  }

  private static AuditLog.Entry entry(Route route, AuditLog.Status status) {
    AuditLog.Target target = route == Route.FAMILY ? AuditLog.Target.family(TABLE, "f") : AuditLog.Target.table(TABLE);
    return new AuditLog.Entry("2026-12-06T19:00:00Z", "c1", "apply", "RO-read", target, "KEY", "1", "2", route, status,
        "test", null);
  }
}

package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.tune.AuditLog;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.hbaseturbo.tune.policy.Route;
import org.junit.jupiter.api.Test;

/**
 * The fractions a switch waits for are those its apply asked of the servers, not the policy's evaluated alone: a
 * policy whose fractions the servers run already leaves them as they are, and nothing is awaited.
 */
class TestHeapFractionsTarget {
  @Test
  void theTargetIsWhatTheApplyAskedOfTheServers() {
    List<AuditLog.Entry> applied = List.of(
        entry(AuditLog.Target.table(TableName.valueOf("t")), "BLOCKSIZE", "65536"),
        entry(AuditLog.Target.SERVERS, PolicySetting.MEMSTORE.key(), "0.1"),
        entry(AuditLog.Target.SERVERS, PolicySetting.BLOCK_CACHE.key(), "0.6"));
    assertThat(HeapFractions.target(applied, PolicySetting.MEMSTORE)).contains(0.1);
    assertThat(HeapFractions.target(applied, PolicySetting.BLOCK_CACHE)).contains(0.6);
  }

  @Test
  void aFractionTheApplyLeftHasNoTarget() {
    List<AuditLog.Entry> applied = List.of(entry(AuditLog.Target.SERVERS, "hbase.hstore.compaction.min", "5"));
    assertThat(HeapFractions.target(applied, PolicySetting.MEMSTORE)).isEmpty();
    assertThat(HeapFractions.target(List.of(), PolicySetting.BLOCK_CACHE)).isEmpty();
  }

  private static AuditLog.Entry entry(AuditLog.Target target, String key, String newValue) {
    return new AuditLog.Entry("2026-12-05T17:00:00Z", "change", "apply", "RO-scan", target, key, "0.4", newValue,
        Route.HEAP_TUNER, AuditLog.Status.APPLIED, "hbase", null);
  }
}

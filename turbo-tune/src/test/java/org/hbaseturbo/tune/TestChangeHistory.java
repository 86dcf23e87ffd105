package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.tune.policy.Route;
import org.junit.jupiter.api.Test;

/**
 * What the audit log tells in advance: a switch that would set again every value a reverted trial of its class set,
 * within the hold, meets the same verdict; one that sets other values, or comes after the hold, does not.
 */
class TestChangeHistory {
  private static final AuditLog.Target TABLE = AuditLog.Target.table(TableName.valueOf("t"));
  private static final Instant TRIED = Instant.parse("2026-12-01T20:00:00Z");

  @Test
  void aSwitchSettingTheValuesOfATrialRevertedWithinTheHoldIsKnownToRevert() {
    ChangeHistory history = new ChangeHistory(revertedReadPolicy("RO-read"));

    // The same values, one of them in force already (a class between them set it), and a value the trial had not.
    assertThat(history.revertedAlike("RO-read", Map.of("BLOCKSIZE", "32768", "hfile.block.cache.size", "0.6",
        "hbase.hstore.compaction.min", "3"), TRIED.minusSeconds(60))).get()
        .satisfies(trial -> assertThat(trial.status()).isEqualTo(AuditLog.Status.REVERTED));
  }

  @Test
  void otherValuesAnotherClassOrATrialBeforeTheHoldAreNotKnown() {
    ChangeHistory history = new ChangeHistory(revertedReadPolicy("RO-read"));

    assertThat(history.revertedAlike("RO-read", Map.of("BLOCKSIZE", "16384", "hfile.block.cache.size", "0.6"),
        TRIED.minusSeconds(60))).as("another block size").isEmpty();
    assertThat(history.revertedAlike("RO-read", Map.of("hfile.block.cache.size", "0.6"), TRIED.minusSeconds(60)))
        .as("a value the trial set, not asked for").isEmpty();
    assertThat(history.revertedAlike("RO-scan", Map.of("BLOCKSIZE", "32768", "hfile.block.cache.size", "0.6"),
        TRIED.minusSeconds(60))).as("another class").isEmpty();
    assertThat(history.revertedAlike("RO-read", Map.of("BLOCKSIZE", "32768", "hfile.block.cache.size", "0.6"),
        TRIED.plusSeconds(1))).as("reverted before the hold began").isEmpty();
  }

  @Test
  void aTrialKeptOrLeftInconclusiveTellsNothing() {
    for (AuditLog.Status verdict : List.of(AuditLog.Status.KEPT, AuditLog.Status.INCONCLUSIVE)) {
      List<AuditLog.Entry> log = new ArrayList<>(applied("c"));
      log.add(trial("c", "RO-read", verdict));
      assertThat(new ChangeHistory(log).revertedAlike("RO-read", Map.of("BLOCKSIZE", "32768",
          "hfile.block.cache.size", "0.6"), TRIED.minusSeconds(60))).as(verdict.label()).isEmpty();
    }
  }

  private static List<AuditLog.Entry> revertedReadPolicy(String workloadClass) {
    List<AuditLog.Entry> log = new ArrayList<>(applied("c"));
    log.add(trial("c", workloadClass, AuditLog.Status.REVERTED));
    return log;
  }

  /** An apply of a block size and a block cache, and a pre-split, which the comparison leaves out. */
  private static List<AuditLog.Entry> applied(String change) {
    return List.of(
        new AuditLog.Entry(TRIED.minusSeconds(10).toString(), change, ChangeHistory.APPLY, "RO-read", TABLE,
            "BLOCKSIZE", "65536", "32768", Route.FAMILY, AuditLog.Status.APPLIED, "user", null),
        new AuditLog.Entry(TRIED.minusSeconds(10).toString(), change, ChangeHistory.APPLY, "RO-read",
            AuditLog.Target.SERVERS, "hfile.block.cache.size", "0.4", "0.6", Route.HEAP_TUNER,
            AuditLog.Status.APPLIED, "user", null),
        new AuditLog.Entry(TRIED.minusSeconds(10).toString(), change, ChangeHistory.APPLY, "RO-read", TABLE,
            "presplit", "1 region", "8 regions", Route.PRESPLIT, AuditLog.Status.APPLIED, "user", null));
  }

  private static AuditLog.Entry trial(String change, String workloadClass, AuditLog.Status verdict) {
    return new AuditLog.Entry(TRIED.toString(), change, ChangeHistory.TRIAL, workloadClass, TABLE, "throughput",
        "1000 ops/s", "800 ops/s", null, verdict, "user", "throughput trial/baseline 0.800");
  }
}

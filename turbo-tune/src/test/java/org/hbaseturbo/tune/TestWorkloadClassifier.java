package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;

import org.hbaseturbo.client.stats.OperationLatencies;
import org.hbaseturbo.client.stats.TableOperationCounts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TestWorkloadClassifier {
  private static TableOperationCounts ops(long gets, long scans, long puts) {
    return new TableOperationCounts(gets, scans, scans * 10, puts, 0, 0, 0, 0, OperationLatencies.NONE);
  }

  /** Every boundary of the paper's proportions, as reads and writes out of 100 operations, on either side. */
  @ParameterizedTest(name = "{0} Gets, {1} Puts -> {2}")
  @CsvSource({
      "0, 100, WO", "1, 99, WM", "9, 91, WM", "10, 90, MixW", "39, 61, MixW", "40, 60, MixRW", "50, 50, MixRW",
      "60, 40, MixRW", "61, 39, MixR", "90, 10, MixR", "91, 9, RM", "99, 1, RM", "100, 0, RO-read"})
  void theSharesOfWritesDecideTheClass(long gets, long puts, String expected) {
    assertThat(WorkloadClassifier.classify(ops(gets, 0, puts), false).workloadClass().label()).isEqualTo(expected);
    // Scale does not move a boundary.
    assertThat(WorkloadClassifier.classify(ops(gets * 1_000_003, 0, puts * 1_000_003), false).workloadClass()
        .label()).isEqualTo(expected);
  }

  /**
   * YCSB's core workloads as the servers see them, per 100 client operations: a read-modify-write is a Get and a
   * Put, an insert or update a Put, and a scan one region scanner (the row count does not weigh).
   */
  @ParameterizedTest(name = "workload {0}")
  @CsvSource({
      "a, 50, 0, 50, MixRW", // 50% read, 50% update
      "b, 95, 0, 5, RM", // 95% read, 5% update
      "c, 100, 0, 0, RO-read", // 100% read
      "d, 95, 0, 5, RM", // 95% read (latest), 5% insert
      "e, 0, 95, 5, RM", // 95% scan, 5% insert
      "f, 100, 0, 50, MixR"}) // 50% read, 50% read-modify-write
  void ycsbCoreWorkloads(String workload, long gets, long scans, long puts, String expected) {
    assertThat(WorkloadClassifier.classify(ops(gets, scans, puts), false).workloadClass().label())
        .isEqualTo(expected);
  }

  @Test
  void bulkLoadIsWritesIntoEmptyTablesOrBulkLoadedFiles() {
    assertThat(WorkloadClassifier.classify(ops(0, 0, 1_000), true).workloadClass()).isEqualTo(WorkloadClass.BL);
    assertThat(WorkloadClassifier.classify(ops(0, 0, 1_000), false).workloadClass()).isEqualTo(WorkloadClass.WO);
    // Reads of a table that was empty are not a bulk load: the class follows the shares.
    assertThat(WorkloadClassifier.classify(ops(500, 0, 500), true).workloadClass()).isEqualTo(WorkloadClass.MIX_RW);
    TableOperationCounts bulk = new TableOperationCounts(10, 0, 0, 0, 0, 0, 0, 4, OperationLatencies.NONE);
    Classification classified = WorkloadClassifier.classify(bulk, false);
    assertThat(classified.workloadClass()).isEqualTo(WorkloadClass.BL);
    assertThat(classified.reason()).isEqualTo("4 bulk-loaded files");
  }

  @Test
  void readOnlyIsScanWhenScansOutnumberGetsAndIdleWithoutOperations() {
    assertThat(WorkloadClassifier.classify(ops(10, 11, 0), false).workloadClass()).isEqualTo(WorkloadClass.RO_SCAN);
    assertThat(WorkloadClassifier.classify(ops(10, 10, 0), false).workloadClass()).isEqualTo(WorkloadClass.RO_READ);
    Classification idle = WorkloadClassifier.classify(TableOperationCounts.NONE, true);
    assertThat(idle.workloadClass()).isEqualTo(WorkloadClass.IDLE);
    assertThat(idle.reason()).isEqualTo("no reads or writes");
  }

  @Test
  void deletesIncrementsAndAppendsAreWrites() {
    TableOperationCounts mutations = new TableOperationCounts(40, 0, 0, 15, 15, 15, 15, 0,
        OperationLatencies.NONE);
    Classification classified = WorkloadClassifier.classify(mutations, false);
    assertThat(classified.workloadClass()).isEqualTo(WorkloadClass.MIX_RW);
    assertThat(classified.reason()).isEqualTo("60.0% writes (60 of 100 operations)");
  }
}

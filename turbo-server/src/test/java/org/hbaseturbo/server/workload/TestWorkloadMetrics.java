package org.hbaseturbo.server.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.server.metrics.MetricsRegistration;
import org.hbaseturbo.server.metrics.TestingMetrics;
import org.hbaseturbo.server.metrics.TestingMetrics.Figures;
import org.junit.jupiter.api.Test;

/** The workload source sums the observer's counts over the tables and the RegionServers of its JVM. */
class TestWorkloadMetrics {
  private static final String SOURCE = WorkloadMetrics.NAME;

  @Test
  void sumsEveryTablesOperationsByType() {
    Object server = new Object();
    try (MetricsRegistration.Hold hold = MetricsRegistration.hold(SOURCE, WorkloadMetrics::new)) {
      assertThat(hold.held()).isTrue();
      Figures before = TestingMetrics.require(SOURCE);
      TableOperationCounters one = WorkloadCounters.of(server).table(TableName.valueOf("metrics_one"));
      TableOperationCounters two = WorkloadCounters.of(server).table(TableName.valueOf("metrics_two"));
      one.gets.add(1);
      two.gets.add(2);
      one.scans.add(3);
      two.scanRows.add(4);
      one.puts.add(5);
      two.deletes.add(6);
      one.increments.add(7);
      two.appends.add(8);
      one.bulkLoadedFiles.add(9);
      Figures after = TestingMetrics.require(SOURCE);
      assertThat(after.get("tables") - before.get("tables")).isEqualTo(2);
      assertThat(after.get("gets") - before.get("gets")).isEqualTo(3);
      assertThat(after.get("scans") - before.get("scans")).isEqualTo(3);
      assertThat(after.get("scanRows") - before.get("scanRows")).isEqualTo(4);
      assertThat(after.get("puts") - before.get("puts")).isEqualTo(5);
      assertThat(after.get("deletes") - before.get("deletes")).isEqualTo(6);
      assertThat(after.get("increments") - before.get("increments")).isEqualTo(7);
      assertThat(after.get("appends") - before.get("appends")).isEqualTo(8);
      assertThat(after.get("bulkLoadedFiles") - before.get("bulkLoadedFiles")).isEqualTo(9);
    }
    assertThat(TestingMetrics.read(SOURCE)).isEmpty();
  }

  @Test
  void eachRegionServerCountsItsOwnAndTheJvmSumsThem() {
    Object first = new Object();
    Object second = new Object();
    TableName shared = TableName.valueOf("metrics_shared");
    try (MetricsRegistration.Hold hold = MetricsRegistration.hold(SOURCE, WorkloadMetrics::new)) {
      assertThat(hold.held()).isTrue();
      Figures before = TestingMetrics.require(SOURCE);
      WorkloadCounters.of(first).table(shared).gets.add(2);
      WorkloadCounters.of(second).table(shared).gets.add(3);
      assertThat(gets(WorkloadCounters.of(first), shared)).isEqualTo(2);
      assertThat(gets(WorkloadCounters.of(second), shared)).isEqualTo(3);
      Figures after = TestingMetrics.require(SOURCE);
      assertThat(after.get("gets") - before.get("gets")).isEqualTo(5);
      assertThat(after.get("tables") - before.get("tables")).as("a table both serve, once").isEqualTo(1);
    }
  }

  private static long gets(WorkloadCounters server, TableName table) {
    long[] gets = {-1};
    server.forEach((name, counts) -> {
      if (name.equals(table)) {
        gets[0] = counts.gets();
      }
    });
    return gets[0];
  }
}

package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class TestPcmBenchmark {
  @Test
  void theReportNamesTheStorageWithHdfsReplicationAsTheClusterSetsIt() {
    assertThat(PcmBenchmark.storage(OptionalInt.empty())).isEqualTo("local file system");
    assertThat(PcmBenchmark.storage(OptionalInt.of(1))).isEqualTo("HDFS, 1 DataNode, replication 1");
    assertThat(PcmBenchmark.storage(OptionalInt.of(3))).isEqualTo("HDFS, 3 DataNodes, replication 3");
    assertThat(PcmBenchmark.storage(OptionalInt.of(5))).isEqualTo("HDFS, 5 DataNodes, replication 3");
  }
}

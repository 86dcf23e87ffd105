package org.hbaseturbo.bench.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.hbaseturbo.bench.ycsb.DbBinding;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;

class TestFastPathWorkload {
  @Test
  void multigetReadsAndBatchputUpdatesWholeRecordsAHundredAnOperation() {
    FastPathWorkload multiget = FastPathWorkload.of("multiget");
    FastPathWorkload batchput = FastPathWorkload.of("batchput");

    assertThat(multiget).isEqualTo(FastPathWorkload.MULTIGET);
    assertThat(multiget.properties()).containsEntry("readproportion", "1").containsEntry("updateproportion", "0")
        .containsEntry("readallfields", "true").containsEntry("batchrows", "100");
    assertThat(multiget.rowsPerOperation()).isEqualTo(100);
    assertThat(multiget.writes()).isFalse();
    assertThat(batchput).isEqualTo(FastPathWorkload.BATCHPUT);
    assertThat(batchput.properties()).containsEntry("readproportion", "0").containsEntry("updateproportion", "1")
        .containsEntry("writeallfields", "true").containsEntry("batchrows", "100");
    assertThat(batchput.rowsPerOperation()).isEqualTo(100);
    assertThat(batchput.writes()).isTrue();
  }

  @Test
  void thePapersWorkloadsStayOneRecordAnOperation() {
    assertThat(FastPathWorkload.READ.properties()).containsEntry("batchrows", "1");
    assertThat(FastPathWorkload.READ.writes()).isFalse();
    assertThat(FastPathWorkload.UPDATE.properties()).containsEntry("batchrows", "1");
    assertThat(FastPathWorkload.UPDATE.writes()).isTrue();
    assertThat(FastPathWorkload.MIXED.properties()).containsEntry("batchrows", "1");
    assertThat(FastPathWorkload.MIXED.writes()).isTrue();
  }

  /** The benchmark's YCSB properties pass the checks a user's -p would, as the benchmark passes them on. */
  @Test
  void everyWorkloadsPropertiesAreOnesYcsbAndTheBindingsTake() {
    for (FastPathWorkload workload : FastPathWorkload.values()) {
      Map<String, String> properties = new HashMap<>(workload.properties());
      properties.put("recordcount", "2000");
      assertThatCode(() -> new YcsbExperiment.Settings("a", properties, 1, DbBinding.FASTPATH, 4,
          YcsbWarmUp.operations(0), Optional.empty(), "loopback")).as(workload.label()).doesNotThrowAnyException();
    }
  }

  @Test
  void anUnknownWorkloadIsRefusedWithEveryKnownOne() {
    assertThatThrownBy(() -> FastPathWorkload.of("multiput")).isInstanceOf(InvalidInputException.class)
        .hasMessage("unknown workload 'multiput': expected read, update, mixed, multiget, batchput");
  }
}

package org.hbaseturbo.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;

class TestMajorCompaction {
  private static final TableName TABLE = TableName.valueOf("ns", "readings");

  @Test
  void aTableWithCompactionsCanBeRewritten() {
    assertThat(MajorCompaction.cannotRewrite(TableDescriptorBuilder.newBuilder(TABLE).build())).isEmpty();
  }

  @Test
  void aTableWhoseDescriptorDisablesCompactionsCannotAndTheReasonSaysHowToEnableThem() {
    assertThat(MajorCompaction.cannotRewrite(TableDescriptorBuilder.newBuilder(TABLE).setCompactionEnabled(false)
        .build())).contains("table 'ns:readings' has compactions disabled (COMPACTION_ENABLED => false), so its files"
            + " cannot be rewritten; enable them (HBase shell: alter 'ns:readings', COMPACTION_ENABLED => true)");
  }
}

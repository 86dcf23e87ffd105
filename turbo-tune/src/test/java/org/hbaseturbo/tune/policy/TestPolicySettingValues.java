package org.hbaseturbo.tune.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class TestPolicySettingValues {
  @Test
  void familyValuesGoOnEveryFamilyKeepingItsOtherAttributesAndTheRestOnTheTable() {
    TableDescriptor current = TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("a"))
            .setCompressionType(Compression.Algorithm.GZ).build())
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("b")).build();

    TableDescriptor changed = PolicySetting.withValues(current, Map.of(PolicySetting.BLOCKSIZE, "32768",
        PolicySetting.FLUSH_SIZE, "67108864"));

    assertThat(changed.getColumnFamilies()).hasSize(2).extracting(ColumnFamilyDescriptor::getBlocksize)
        .containsOnly(32768);
    assertThat(changed.getColumnFamily(Bytes.toBytes("a")).getCompressionType()).isEqualTo(Compression.Algorithm.GZ);
    assertThat(changed.getValue(PolicySetting.FLUSH_SIZE.descriptorKey())).isEqualTo("67108864");
    assertThat(current.getColumnFamily(Bytes.toBytes("b")).getBlocksize()).as("the current descriptor unchanged")
        .isEqualTo(65536);
  }

  @Test
  void anEncodingAndACodecGoOnEveryFamilyAsHBaseReadsThem() {
    TableDescriptor current = TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("a")).setColumnFamily(ColumnFamilyDescriptorBuilder.of("b"))
        .build();

    TableDescriptor changed = PolicySetting.withValues(current, Map.of(PolicySetting.DATA_BLOCK_ENCODING,
        "FAST_DIFF", PolicySetting.COMPRESSION, "GZ"));

    assertThat(changed.getColumnFamilies()).hasSize(2).allSatisfy(family -> {
      assertThat(family.getDataBlockEncoding()).isEqualTo(DataBlockEncoding.FAST_DIFF);
      assertThat(family.getCompressionType()).isEqualTo(Compression.Algorithm.GZ);
    });
    assertThat(PolicySetting.COMPRESSION.names()).contains("GZ", "ZSTD", PolicySetting.COMPRESSION.hbaseDefault());
    assertThat(PolicySetting.DATA_BLOCK_ENCODING.names()).contains("FAST_DIFF",
        PolicySetting.DATA_BLOCK_ENCODING.hbaseDefault());
    assertThat(PolicySetting.BLOCKSIZE.names()).as("a number has no names").isEmpty();
  }
}

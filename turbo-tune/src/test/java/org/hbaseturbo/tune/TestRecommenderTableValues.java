package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.junit.jupiter.api.Test;

/** What a table's families store their files as, read as a policy names it, so that a recommendation compares. */
class TestRecommenderTableValues {
  @Test
  void anEncodingAndACodecAreReadFromEveryFamilyAsHBaseNamesThem() {
    TableDescriptor alike = TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("a"))
            .setDataBlockEncoding(DataBlockEncoding.FAST_DIFF).setCompressionType(Compression.Algorithm.GZ).build())
        .build();
    assertThat(Recommender.tableValue(alike, PolicySetting.DATA_BLOCK_ENCODING)).hasValue("FAST_DIFF");
    assertThat(Recommender.tableValue(alike, PolicySetting.COMPRESSION)).hasValue("GZ");

    TableDescriptor plain = TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("a")).build();
    assertThat(Recommender.tableValue(plain, PolicySetting.COMPRESSION)).as("HBase's default, named")
        .hasValue(PolicySetting.COMPRESSION.hbaseDefault());

    TableDescriptor mixed = TableDescriptorBuilder.newBuilder(alike)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of("b")).build();
    assertThat(Recommender.tableValue(mixed, PolicySetting.COMPRESSION)).hasValue("mixed: GZ, NONE");
  }
}

package org.hbaseturbo.server;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;

/** Every way a table's descriptor can have RegionServers run code it names is refused, naming the table and how. */
class TestNoTableCoprocessorsObserver {
  private static final String REFUSAL = ": this cluster runs no coprocessor that a table names, nor takes a table's"
      + " hbase.coprocessor.* values (hbase.coprocessor.user.enabled=false; any client could otherwise run code in its"
      + " servers); Turbo's coprocessors are on every table already";

  @Test
  void aTableCoprocessorIsRefused() {
    assertThatThrownBy(() -> NoTableCoprocessorsObserver.requireNone(table().setCoprocessor("evil.Observer")
        .build())).isInstanceOf(DoNotRetryIOException.class)
        .hasMessage("table 't' names the coprocessor evil.Observer" + REFUSAL);
  }

  @Test
  void aTableValueThatTurnsCoprocessorsOnOrNamesOneIsRefused() {
    // HBase layers a table's values over the servers' settings for its regions: either would load a client's jar.
    assertThatThrownBy(() -> NoTableCoprocessorsObserver.requireNone(table()
        .setValue("hbase.coprocessor.user.enabled", "true").build()))
        .hasMessage("table 't' sets hbase.coprocessor.user.enabled" + REFUSAL);
    assertThatThrownBy(() -> NoTableCoprocessorsObserver.requireNone(table()
        .setValue("hbase.coprocessor.user.region.classes", "evil.Observer|1|file:///tmp/evil.jar").build()))
        .hasMessage("table 't' sets hbase.coprocessor.user.region.classes" + REFUSAL);
  }

  @Test
  void aTableOfOtherValuesIsTaken() {
    assertThatCode(() -> NoTableCoprocessorsObserver.requireNone(table().setValue("hbase.hregion.max.filesize",
        "1073741824").setRegionSplitPolicyClassName("org.apache.hadoop.hbase.regionserver.DisabledRegionSplitPolicy")
        .build())).doesNotThrowAnyException();
  }

  private static TableDescriptorBuilder table() {
    return TableDescriptorBuilder.newBuilder(TableName.valueOf("t")).setColumnFamily(ColumnFamilyDescriptorBuilder
        .of("f"));
  }
}

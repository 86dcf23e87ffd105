package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.coprocessor.CoprocessorHost;
import org.hbaseturbo.server.NoTableCoprocessorsObserver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local cluster's servers run no code that a client could name: no table's own coprocessor (the master refuses a
 * table that names one), no class from a jar that HBase would load dynamically, in their JVMs or in this one.
 */
class TestClusterSettings {
  private static final String DYNAMIC_JARS = "hbase.use.dynamic.jars";

  @TempDir
  Path dir;

  @Test
  void theServersRunNoCoprocessorATableNamesNorClassesFromJarsOfDynamicLoading() {
    Configuration server = ClusterSettings.server(dir, ClusterSettings.LOOPBACK, false, new Configuration(false));
    assertThat(server.getBoolean(CoprocessorHost.USER_COPROCESSORS_ENABLED_CONF_KEY, true)).isFalse();
    assertThat(server.getStrings(CoprocessorHost.MASTER_COPROCESSOR_CONF_KEY))
        .containsExactly(NoTableCoprocessorsObserver.class.getName());
    assertThat(server.getBoolean(DYNAMIC_JARS, true)).isFalse();
    // What HBase's own class loader for filters reads, in this JVM, whose servers are the embedded cluster's.
    assertThat(HBaseConfiguration.create().getBoolean(DYNAMIC_JARS, true)).isFalse();
  }

  @Test
  void aClusterForTestsThatInjectFaultsThroughATablesCoprocessorLetsTablesNameThem() {
    Configuration server = ClusterSettings.server(dir, ClusterSettings.LOOPBACK, true, new Configuration(false));
    assertThat(server.getBoolean(CoprocessorHost.USER_COPROCESSORS_ENABLED_CONF_KEY, true)).isTrue();
    assertThat(server.get(CoprocessorHost.MASTER_COPROCESSOR_CONF_KEY)).isNull();
    assertThat(server.getBoolean(DYNAMIC_JARS, true)).isFalse();
  }
}

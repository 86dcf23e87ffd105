package org.hbaseturbo.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The stats endpoint, which reports CPU, memory and settings in force, under AccessController: as every
 * RegionServer endpoint, global ADMIN only. Its own secured cluster.
 */
class ServerStatsAccessControlIT {
  private static final String HANDLERS = "hbase.regionserver.handler.count";
  /** Ends in "password", which Hadoop's default hadoop.security.sensitive-config-keys redact. */
  private static final String SECRET = "turbo.test.password";

  private static TestingSecuredCluster secured;

  @BeforeAll
  static void startCluster() throws IOException {
    secured = TestingSecuredCluster.start(Map.of(HANDLERS, "17", SECRET, "hunter2"));
  }

  @AfterAll
  static void stopCluster() throws IOException {
    if (secured != null) {
      secured.close();
    }
  }

  private static boolean canRead(Connection connection, TableName table) throws IOException {
    try (Table rows = connection.getTable(table)) {
      return !rows.get(new Get(Bytes.toBytes("row"))).isEmpty();
    } catch (AccessDeniedException notYet) {
      return false;
    }
  }

  @Test
  void globalAdminReadsCountersAndSettingsInForceWithSecretsRedacted() throws Exception {
    ServerStatsReader reader = new ServerStatsReader(secured.superuser());
    assertThat(reader.read().counters()).isPresent().get().satisfies(counters -> {
      assertThat(counters.processes()).isEqualTo(1);
      assertThat(counters.byProcess().get(0).regionServers()).hasSize(2);
      assertThat(counters.byProcess().get(0).heapMaxBytes()).isPositive();
    });
    Map<?, Map<String, String>> settings = reader.settings(List.of(HANDLERS, SECRET, "turbo.test.unset"));
    assertThat(settings).hasSize(2).allSatisfy((server, values) -> assertThat(values)
        .containsOnlyKeys(HANDLERS, SECRET).containsEntry(HANDLERS, "17").doesNotContainValue("hunter2"));
  }

  @Test
  void aUserWithoutGlobalAdminIsRefusedEvenWithGlobalReadUntilGrantedAdmin() throws Exception {
    Connection olga = secured.as("olga");
    ServerStatsReader reader = new ServerStatsReader(olga);
    ServerStatsReader.Reading reading = reader.read();
    assertThat(reading.counters()).isEmpty();
    assertThat(reading.unavailableReason()).contains("refused ServerStatsEndpoint to this user", "global ADMIN");
    assertThatThrownBy(() -> reader.settings(List.of(HANDLERS))).isInstanceOf(AccessDeniedException.class);

    // Global READ reads every table, and still not the endpoint: as HBase's own RegionServer endpoints.
    TableName table = TableName.valueOf("stats_acl");
    try (Admin admin = secured.superuser().getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(table).setColumnFamily(ColumnFamilyDescriptorBuilder.of("f"))
          .build());
    }
    try (Table rows = secured.superuser().getTable(table)) {
      rows.put(new Put(Bytes.toBytes("row")).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), Bytes.toBytes("v")));
    }
    secured.grant(new UserPermission("olga", Permission.newBuilder().withActions(Action.READ).build()),
        () -> canRead(olga, table));
    assertThat(reader.read().counters()).isEmpty();
    assertThatThrownBy(() -> reader.settings(List.of(HANDLERS))).isInstanceOf(AccessDeniedException.class);

    secured.grant(new UserPermission("olga", Permission.newBuilder().withActions(Action.ADMIN).build()),
        () -> reader.read().counters().isPresent());
    assertThat(reader.settings(List.of(HANDLERS))).hasSize(2);
  }
}

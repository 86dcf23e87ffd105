package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.hbaseturbo.tune.policy.Route;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a real master: a read-only class's family values are taken without reopening the table's regions (an unflushed
 * row stays in the memstore: no store file), a writing class's reopen them (the row is flushed as its region
 * closes).
 */
@ExtendWith(SharedHBaseCluster.class)
class PolicyExecutorReopenIT {
  private static final byte[] F = Bytes.toBytes("f");

  @Test
  void aReadOnlyClassLeavesTheRegionsOpenAndAWritingClassReopensThem(Connection connection, @TempDir Path dir)
      throws Exception {
    TableName name = TestingTables.create(connection, "policy_reopen",
        table -> table.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(F).setBlocksize(65536).build()));
    try (Admin admin = connection.getAdmin()) {
      try (Table table = connection.getTable(name)) {
        table.put(new Put(Bytes.toBytes("row")).addColumn(F, Bytes.toBytes("q"), Bytes.toBytes("unflushed")));
      }
      PolicyExecutor executor = new PolicyExecutor(connection, new AuditLog(dir.resolve("audit.jsonl")),
          Optional.empty(), false);
      assertThat(storeFiles(admin, name)).as("the row, in the memstore only").isZero();

      executor.apply(blocksize(WorkloadClass.RO_READ, name, "65536", "32768"), false, line -> { });

      assertThat(admin.getDescriptor(name).getColumnFamily(F).getBlocksize()).isEqualTo(32768);
      assertThat(storeFiles(admin, name)).as("not flushed: the region did not reopen").isZero();

      executor.apply(blocksize(WorkloadClass.MIX_R, name, "32768", "65536"), false, line -> { });

      assertThat(admin.getDescriptor(name).getColumnFamily(F).getBlocksize()).isEqualTo(65536);
      assertThat(storeFiles(admin, name)).as("flushed as the region closed to reopen").isEqualTo(1);
      admin.disableTable(name);
      admin.deleteTable(name);
    }
  }

  private static Recommendation blocksize(WorkloadClass workloadClass, TableName table, String from, String to) {
    return new Recommendation(workloadClass, "test", table.getNameAsString(), null,
        List.of(new Recommendation.Change(PolicySetting.BLOCKSIZE.key(), from, to, Route.FAMILY)), List.of(),
        List.of(), 0);
  }

  /**
   * The table's store files as its RegionServers count them now (memstore sizes are reported in whole MB, too coarse
   * for one row).
   */
  private static int storeFiles(Admin admin, TableName table) throws Exception {
    int files = 0;
    for (ServerName server : admin.getRegionServers()) {
      files += admin.getRegionMetrics(server, table).stream().mapToInt(region -> region.getStoreFileCount()).sum();
    }
    return files;
  }
}

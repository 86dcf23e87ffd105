package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A setting changed on a live RegionServer: its {@code hbase-site.xml} rewritten and HBase's {@code update_config}
 * (Admin.updateConfiguration) on the same process. A re-read limit is in force without a restart; a setting read
 * only at start stays as it was, and the log says why. Runs a process cluster of its own: {@code update_config}
 * reloads a RegionServer's own file, which the shared embedded cluster's servers do not have, and the fast path's
 * workers are read from {@code /prometheus}, which only a RegionServer JVM of its own serves.
 */
class UpdateConfigIT {
  private static final String MAX_SCANS = "turbo.prepared-scan.region.max-scans";
  private static final String WORKERS = "turbo.fastpath.server.workers";
  /** Far above the second the RegionServer's configuration watch takes to notice the change. */
  private static final Duration IN_FORCE = Duration.ofSeconds(30);

  @Test
  void aLimitChangesOnTheLiveServerAndWhatIsReadAtStartStaysAndIsLogged(
      @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path data) throws Exception {
    TableName name = TableName.valueOf("update_config");
    try (ProcessHBaseCluster cluster = ProcessHBaseCluster.builder().regionServers(1).regionServerHeap("384m")
        .set(MAX_SCANS, "1").set(WORKERS, "2").dataDir(data).start();
        Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration())) {
      try (Admin admin = connection.getAdmin()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(name)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(Bytes.toBytes("f"))).build());
      }
      String info = cluster.regionServerInfoAddresses().get(0);
      long pid = cluster.regionServerPids().get(0);
      List<PreparedScan> held = new ArrayList<>();
      try {
        held.add(PreparedScan.prepare(connection, name, new Scan()));
        assertRefused(connection, name, "; the limit is 1 (" + MAX_SCANS + ")");

        cluster.update(Map.of(MAX_SCANS, "2", WORKERS, "3"), progress -> { });
        Await.until(() -> {
          try {
            held.add(PreparedScan.prepare(connection, name, new Scan()));
            return true;
          } catch (PreparedScanException stillOne) {
            return false;
          }
        }, IN_FORCE, Duration.ofMillis(200), "a second prepared scan in the region", () -> new IOException(
            MAX_SCANS + "=2 not in force " + IN_FORCE.toSeconds() + " s after update_config"));
        assertRefused(connection, name, "; the limit is 2 (" + MAX_SCANS + ")");
        assertThat(cluster.regionServerPids()).as("the same RegionServer process").containsExactly(pid);

        assertThat(TestingPrometheus.awaitLine(info, "turbo_fast_path_workers", IN_FORCE).values())
            .as("workers on /prometheus, read only at start")
            .containsEntry("turbo_fast_path_workers", 2.0);
        Path log = data.resolve("logs").resolve("regionserver-0.log");
        String why = WORKERS + " (2 to 3) changed, but the fast path reads it only when the RegionServer starts";
        Await.until(() -> Files.readString(log).contains(why), IN_FORCE, Duration.ofMillis(200), "the WARN",
            () -> new IOException("no WARN '" + why + "' in " + log));
      } finally {
        for (PreparedScan scan : held) {
          scan.close();
        }
      }
    }
  }

  private static void assertRefused(Connection connection, TableName name, String why) {
    assertThatThrownBy(() -> PreparedScan.prepare(connection, name, new Scan()).close())
        .isInstanceOfSatisfying(PreparedScanException.class,
            refused -> assertThat(refused.error()).isEqualTo(PreparedScanError.LIMIT_EXCEEDED))
        .hasMessageContaining("this region keeps").hasMessageContaining(why);
  }
}

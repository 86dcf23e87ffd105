package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RegionServer killed and started again on its port, as a host's server comes back: a fast-path client whose
 * cached locations still name the killed server is answered by the new one when it asks for a session, and looks
 * its regions up again, so that its operations go over the fast path again at once. Found by {@code turbo verify}
 * under chaos: HBase's RPC reaches the new server under the old name and never corrects the cache, and the fast path
 * stayed on RPC, retrying the stale name every minute, until some region moved.
 */
class FastPathAfterRestartIT {
  private static final TableName TABLE = TableName.valueOf("fast_path_after_restart");
  private static final byte[] F = Bytes.toBytes("f");
  private static final int PUTS = 20;

  @Test
  void aServerStartedAgainOnItsPortServesTheFastPathAgainAtOnce(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path dir)
      throws Exception {
    try (ProcessHBaseCluster cluster = ProcessHBaseCluster.builder().regionServers(1).regionServerHeap("384m")
        .dataDir(dir).start();
        FastPathConnection connection = FastPathConnection.wrap(
            ConnectionFactory.createConnection(cluster.clientConfiguration()))) {
      try (Admin admin = connection.getAdmin()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(TABLE).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
            .build());
      }
      try (Table table = connection.getTable(TABLE)) {
        table.put(put(0));
        assertThat(connection.counters().served()).as("the first Put, over the fast path").isEqualTo(1);

        cluster.killRegionServer(0);
        cluster.startRegionServer(0);
        // Over RPC, whose retries wait until the region is open on the new server, or over the fast path.
        assertThat(table.get(new Get(Bytes.toBytes(0))).getValue(F, F)).isEqualTo(Bytes.toBytes(0));

        // The first few may still meet the stale location, or the killed server's endpoints, and go over RPC.
        for (int i = 1; i <= PUTS / 2; i++) {
          table.put(put(i));
        }
        long served = connection.counters().served();
        for (int i = PUTS / 2 + 1; i <= PUTS; i++) {
          table.put(put(i));
        }
        assertThat(connection.counters().served() - served)
            .as("the last Puts, seconds after the restart: over the fast path, not over RPC for a minute more")
            .isEqualTo(PUTS / 2);
        for (int i = 0; i <= PUTS; i++) {
          assertThat(table.get(new Get(Bytes.toBytes(i))).getValue(F, F)).isEqualTo(Bytes.toBytes(i));
        }
      }
    }
  }

  private static Put put(int i) {
    return new Put(Bytes.toBytes(i)).addColumn(F, F, Bytes.toBytes(i));
  }
}

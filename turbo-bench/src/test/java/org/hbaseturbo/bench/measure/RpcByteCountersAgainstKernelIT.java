package org.hbaseturbo.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.stats.ServerCounters;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.cluster.TestingHost;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Bytes per operation in every report come from the RegionServers' RPC counters; this checks them against
 * what the kernel counted on the client's sockets to the RegionServers over the same traffic. Reads the
 * kernel's counters with iproute2's {@code ss} (root is not needed for one's own sockets): skipped, saying so,
 * where it is missing.
 */
@ExtendWith(SharedHBaseCluster.class)
class RpcByteCountersAgainstKernelIT {
  private static final byte[] FAMILY = Bytes.toBytes("f");

  /** Before the test's parameters, so that the shared cluster is not started for a test that is skipped. */
  @BeforeEach
  void needsSs() {
    TestingHost.assumeCommands("iproute2", "ss");
  }

  @Test
  void rpcByteCountersMatchTheKernelsSocketCounters(EmbeddedHBaseCluster cluster, Connection shared)
      throws Exception {
    TableName name = SharedHBaseCluster.uniqueTableName("bytes");
    List<Integer> ports;
    try (Admin admin = shared.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
      ports = admin.getRegionServers().stream().map(ServerName::getPort).toList();
    }
    ServerStatsReader stats = new ServerStatsReader(shared);
    // A connection of its own, warmed up so that its sockets exist before the first reading; nothing else
    // talks to the RegionServers while the test runs (tests of a JVM run one at a time).
    try (Connection connection = ConnectionFactory.createConnection(cluster.clientConfiguration());
        Table table = connection.getTable(name)) {
      table.put(new Put(Bytes.toBytes("warm")).addColumn(FAMILY, FAMILY, Bytes.toBytes(1)));
      table.get(new Get(Bytes.toBytes("warm")));
      ServerCounters rpcBefore = stats.read().counters().orElseThrow();
      Map<String, KernelSocketCounters.Counters> kernelBefore = KernelSocketCounters.toRemotePorts(ports);

      byte[] value = new byte[2_000];
      for (int i = 0; i < 300; i++) {
        table.put(new Put(Bytes.toBytes("row" + i)).addColumn(FAMILY, FAMILY, value));
        table.get(new Get(Bytes.toBytes("row" + i)));
      }

      Map<String, KernelSocketCounters.Counters> kernelAfter = KernelSocketCounters.toRemotePorts(ports);
      ServerCounters rpc = stats.read().counters().orElseThrow().minus(rpcBefore);
      long kernelSent = 0;
      long kernelReceived = 0;
      for (Map.Entry<String, KernelSocketCounters.Counters> socket : kernelAfter.entrySet()) {
        KernelSocketCounters.Counters before =
            kernelBefore.getOrDefault(socket.getKey(), new KernelSocketCounters.Counters(0, 0));
        kernelSent += socket.getValue().sent() - before.sent();
        kernelReceived += socket.getValue().received() - before.received();
      }
      // Client-sent bytes are what the servers received, and the other way round. The stats calls of the
      // shared connection cross the same servers, and the kernel counts bytes of calls still in flight, so
      // allow a few percent.
      assertThat(kernelSent).isGreaterThan(300L * value.length);
      assertThat((double) rpc.rpcReceivedBytes()).isCloseTo(kernelSent, within(kernelSent * 0.05));
      assertThat((double) rpc.rpcSentBytes()).isCloseTo(kernelReceived, within(kernelReceived * 0.05));
    }
  }
}

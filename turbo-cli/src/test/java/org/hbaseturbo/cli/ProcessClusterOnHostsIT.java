package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
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
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.hbaseturbo.bench.ycsb.DbBinding;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.HdfsCluster;
import org.hbaseturbo.cluster.NetworkLink;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.jvm.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process cluster on HDFS whose RegionServers run on hosts of their own: each JVM in a network namespace other than
 * this JVM's, with a DataNode beside it, bound to and advertising its host's address; clients of the master's host
 * read and write through them over RPC and over the fast path, which crosses the links over TCP, and so does a YCSB
 * client JVM on the client host; and once the cluster stops, no namespace and no bridge of it is left. A host's link
 * made to lose every packet reaches nothing, and repaired it does again. Needs root, iproute2 and iptables, as CI has.
 */
class ProcessClusterOnHostsIT {
  private static final TableName TABLE = TableName.valueOf("on_hosts");
  private static final byte[] F = Bytes.toBytes("f");
  private static final int ROWS = 40;

  @Test
  void regionServersOnHostsOfTheirOwnServeRpcAndTheFastPathOverTheirLinksAndLeaveNothing(
      @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path dir) throws Exception {
    long launcher = ProcessHandle.current().pid();
    try (ProcessHBaseCluster cluster = ProcessHBaseCluster.builder().regionServers(2).regionServerHeap("384m")
        .hosts(NetworkLink.Speed.of("1gbit")).hdfs(2).dataDir(dir).start();
        FastPathConnection connection = FastPathConnection.wrap(
            ConnectionFactory.createConnection(cluster.clientConfiguration()))) {
      String ownNetwork = Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString();
      Set<String> networks = cluster.regionServerPids().stream().map(ProcessClusterOnHostsIT::network)
          .collect(Collectors.toSet());
      assertThat(networks).as("each RegionServer's network namespace").hasSize(2).doesNotContain(ownNetwork);
      // DataNode i on RegionServer i's host; ZooKeeper, the master and the NameNode on the master's, a host of its own.
      HdfsCluster hdfs = cluster.hdfs().orElseThrow();
      for (int i = 0; i < 2; i++) {
        assertThat(network(hdfs.dataNodePid(i))).as("DataNode " + i + "'s host")
            .isEqualTo(network(cluster.regionServerPids().get(i)));
      }
      ProcessHBaseCluster.MasterHost master = cluster.masterHost().orElseThrow();
      assertThat(master.namespace()).isEqualTo("turbo-h" + launcher + "-master");
      String masterNetwork = network(master.masterPid());
      assertThat(masterNetwork).as("the master's host").isNotEqualTo(ownNetwork).isNotIn(networks);
      assertThat(network(master.zooKeeperPid())).as("ZooKeeper's host").isEqualTo(masterNetwork);
      assertThat(network(hdfs.pids().get(0))).as("the NameNode's host").isEqualTo(masterNetwork);
      assertThat(master.address()).startsWith("10.214.");
      assertThat(cluster.zooKeeperQuorum()).as("where clients find ZooKeeper").startsWith(master.address() + ":");
      try (DistributedFileSystem fs = hdfs.fileSystem()) {
        assertThat(Arrays.stream(fs.getDataNodeStats()).map(DatanodeInfo::getIpAddr))
            .as("the DataNodes' addresses").hasSize(2).allMatch(address -> address.startsWith("10.214."));
      }
      try (Admin admin = connection.getAdmin()) {
        List<String> hosts = admin.getRegionServers().stream().map(ServerName::getHostname).sorted().toList();
        assertThat(hosts).as("the servers' addresses").hasSize(2).allMatch(host -> host.startsWith("10.214."))
            .doesNotHaveDuplicates();
        admin.createTable(TableDescriptorBuilder.newBuilder(TABLE).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
            .build(), new byte[][] {Bytes.toBytes(ROWS / 2)});
      }
      try (Table table = connection.getTable(TABLE)) {
        for (int i = 0; i < ROWS; i++) {
          table.put(new Put(Bytes.toBytes(i)).addColumn(F, F, Bytes.toBytes("v" + i)));
        }
        for (int i = 0; i < ROWS; i++) {
          assertThat(table.get(new Get(Bytes.toBytes(i))).getValue(F, F)).isEqualTo(Bytes.toBytes("v" + i));
        }
      }
      assertThat(connection.counters().served()).as("operations the fast path served").isEqualTo(2 * ROWS);
      try (Admin admin = connection.getAdmin()) {
        // The rows reach HDFS, through the links to the DataNodes' hosts.
        admin.flush(TABLE);
      }
      assertThat(connection.counters().fellBack()).as("operations that went over RPC instead").isZero();
      assertThat(ipOutput("netns", "list")).contains("turbo-h" + launcher + "-0", "turbo-h" + launcher + "-1",
          "turbo-h" + launcher + "-client");
      readsFromTheClientHost(cluster, connection, dir);
      checksTheFastPathFromTheClientHost(cluster, dir, launcher);

      // A link that loses every packet reaches nothing on its host; repaired, it does again.
      URI info = URI.create(cluster.regionServerInfoAddresses().get(0));
      cluster.degradeLink(0, 1.0, Duration.ZERO);
      assertThat(connects(info)).as("a connection over a link that loses everything").isFalse();
      cluster.repairLink(0);
      assertThat(connects(info)).as("a connection once the link is repaired").isTrue();
    }
    assertThat(ipOutput("netns", "list")).doesNotContain("turbo-h" + launcher + "-");
    // The links went by name at the stop, whatever still held a host's namespace (ZooKeeper stops after the network).
    assertThat(ipOutput("-o", "link", "show")).doesNotContain("tbr" + launcher + ":").doesNotContain("tbv" + launcher);
  }

  /**
   * YCSB on the client host: its JVM runs in the client host's namespace (the only one with the device whose bytes it
   * counts), and its reads cross that host's link to the servers' over the fast path, none over RPC.
   */
  private static void readsFromTheClientHost(ProcessHBaseCluster cluster, Connection connection, Path dir)
      throws Exception {
    Path conf = cluster.writeClientConfiguration(dir.resolve("client-conf")).getParent();
    YcsbExperiment.Settings settings = new YcsbExperiment.Settings("c", Map.of("recordcount", "50", "operationcount",
        "200", "table", "ycsb_on_client_host"), 2, DbBinding.FASTPATH, 1, YcsbWarmUp.operations(0),
        cluster.clientHost(), "1gbit");
    YcsbExperiment ycsb = new YcsbExperiment(new ClusterTarget(connection, conf, "a cluster of hosts"), settings,
        dir.resolve("ycsb"), new PrintWriter(new StringWriter()));
    assertThat(ycsb.load(false).failures()).isZero();
    PhaseResult reads = ycsb.run(1, 1, false);
    assertThat(reads.failures()).isZero();
    assertThat(reads.fastPath().served()).as("reads the fast path served").isEqualTo(reads.operations());
    assertThat(reads.fastPath().overRpc()).isZero();
    // Each read's record of 1 KB, with its request and their headers, crossed the client host's link.
    assertThat(reads.linkBytes()).as("bytes on the client host's link").isGreaterThan(1_000 * reads.operations());
  }

  /** {@code fastpath check} on the client host, with its written configuration: TCP on its end of its link. */
  private static void checksTheFastPathFromTheClientHost(ProcessHBaseCluster cluster, Path dir, long launcher)
      throws Exception {
    Path conf = cluster.writeClientHostConfiguration(dir.resolve("client-host-conf")).getParent();
    List<String> command = cluster.clientHost().orElseThrow().wrap(ChildJvm.command(TurboMain.class,
        List.of("--conf", conf.toString(), "fastpath", "check", "--round-trips", "20")));
    Process check = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(check.waitFor(2, TimeUnit.MINUTES)).as(output).isTrue();
    assertThat(check.exitValue()).as(output).isZero();
    assertThat(output).contains("the fast path is up on every RegionServer", "tcp/tbn" + launcher + "c");
  }

  private static boolean connects(URI address) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(address.getHost(), address.getPort()), 2_000);
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }

  private static String network(long pid) {
    try {
      return Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "ns", "net")).toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static String ipOutput(String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("ip"));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor()).as(output).isZero();
    return output;
  }
}

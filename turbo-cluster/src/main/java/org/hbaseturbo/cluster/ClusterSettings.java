package org.hbaseturbo.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.coprocessor.CoprocessorHost;
import org.apache.hadoop.hbase.coprocessor.MultiRowMutationEndpoint;
import org.hbaseturbo.compress.TurboCodecs;
import org.hbaseturbo.server.CompressionCheckEndpoint;
import org.hbaseturbo.server.NoTableCoprocessorsObserver;
import org.hbaseturbo.server.ServerStatsEndpoint;
import org.hbaseturbo.server.fastpath.FastPathServer;
import org.hbaseturbo.server.fastpath.FastPathSessionEndpoint;
import org.hbaseturbo.server.scan.PreparedScanEndpoint;
import org.hbaseturbo.server.scan.PreparedScanServerEndpoint;
import org.hbaseturbo.server.workload.WorkloadObserver;
import org.hbaseturbo.wire.fastpath.ChannelSettings;

/** The settings both kinds of cluster give their servers, and what their clients need to find them. */
final class ClusterSettings {
  static final String LOOPBACK = "127.0.0.1";
  private static final String LOOPBACK_DEVICE = "lo";
  /** Client keys of HBase's RPC-based connection registry (2.5+), which needs no ZooKeeper access. */
  static final String REGISTRY_IMPL = "hbase.client.registry.impl";
  static final String BOOTSTRAP_SERVERS = "hbase.client.bootstrap.servers";
  /** Settings of every Hadoop and HBase configuration of this JVM, HBase's own included. */
  private static final String JVM_DEFAULTS = "turbo-local-cluster-defaults.xml";

  static {
    // It turns off HBase's dynamic class loading (hbase.use.dynamic.jars): a filter or comparator of a class the JVM
    // lacks would be loaded from jars in hbase.rootdir/lib (which any user of this host can write on a local
    // cluster's HDFS: it has no authentication) or in hbase.local.dir/jars. The loader that finds them reads
    // HBaseConfiguration.create(), which for the servers in this JVM puts that directory under /tmp/hbase-USER,
    // where any user can make it first: a Scan could then run their code here. RegionServer JVMs get it from their
    // hbase-site.xml, written from a configuration of this JVM.
    Configuration.addDefaultResource(JVM_DEFAULTS);
  }

  private ClusterSettings() {
  }

  /**
   * A server configuration for a cluster whose data lives in {@code dir}, whose servers bind to {@code host}: the
   * server jar's coprocessors, Turbo's codecs, and then {@code overrides}.
   *
   * @param tableCoprocessors whether tables may name coprocessors of their own, as HBase lets them by default
   */
  static Configuration server(Path dir, String host, boolean tableCoprocessors, Configuration overrides) {
    Configuration conf = HBaseConfiguration.create();
    // Path.toUri() ends a directory that exists in '/': without it, the URI is the same on every start, and so is
    // the client configuration written from it.
    conf.set(HConstants.HBASE_DIR, dir.resolve("hbase").toUri().toString().replaceFirst("/$", ""));
    conf.set("hbase.tmp.dir", dir.resolve("tmp").toString());
    conf.set(HConstants.ZOOKEEPER_QUORUM, LOOPBACK);
    conf.set("hbase.master.hostname", host);
    conf.set("hbase.regionserver.hostname", host);
    // Random ports, so that several clusters (a test's and a user's) can run side by side; no web UIs.
    conf.setInt(HConstants.MASTER_PORT, 0);
    conf.setInt(HConstants.REGIONSERVER_PORT, 0);
    conf.setInt(HConstants.MASTER_INFO_PORT, -1);
    conf.setInt(HConstants.REGIONSERVER_INFO_PORT, -1);
    conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, 0);
    // The local file system has no hflush/hsync capability flags; HBase refuses it unless told otherwise.
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    // Files a compaction replaced go within 10 s instead of 2 minutes, so that storage reports settle fast.
    conf.setInt("hbase.hfile.compaction.discharger.interval", 10_000);
    // A RegionServer reports its load, and sees whether the cluster is going down and only catalog regions are left
    // open, once every report interval (3 s by default): a cluster's stop took 9 s, 6 of them those waits, and a
    // started server becomes a destination for regions only after its first report (HBASE-25032). Every second.
    conf.setInt("hbase.regionserver.msginterval", 1_000);
    // The async WAL writer needs HDFS; the classic one writes to any Hadoop file system.
    conf.set("hbase.wal.provider", "filesystem");
    conf.setStrings("hbase.coprocessor.regionserver.classes", ServerStatsEndpoint.class.getName(),
        CompressionCheckEndpoint.class.getName(), PreparedScanServerEndpoint.class.getName(),
        FastPathServer.class.getName());
    List<String> regionClasses = new ArrayList<>(List.of(PreparedScanEndpoint.class.getName(),
        WorkloadObserver.class.getName(), FastPathSessionEndpoint.class.getName()));
    if (!tableCoprocessors) {
      // A local cluster's RPC has no authentication: every user of this host is a client, and a coprocessor that a
      // table names would run in the servers as the user they run as, root for a launcher run as root. So none
      // runs; Turbo's are system coprocessors, on every table. HBase layers a table's values over these settings for
      // its regions, and one could turn table coprocessors on again, or name a system coprocessor's jar: the master
      // refuses a table with either.
      conf.setBoolean(CoprocessorHost.USER_COPROCESSORS_ENABLED_CONF_KEY, false);
      conf.setStrings(CoprocessorHost.MASTER_COPROCESSOR_CONF_KEY, NoTableCoprocessorsObserver.class.getName());
      // hbase:meta names MultiRowMutationEndpoint as a table coprocessor, and the master writes every split and merge
      // through it: with table coprocessors off, it runs as a system one (on every region, where it mutates rows
      // through the region's own hooks, as a batch does).
      regionClasses.add(MultiRowMutationEndpoint.class.getName());
    }
    conf.setStrings("hbase.coprocessor.region.classes", regionClasses.toArray(new String[0]));
    TurboCodecs.configure(conf);
    // The fast path may use TCP on the device the servers bind to, and only there: a local cluster's clients reach
    // it on that device (loopback, or an emulated link's), and nothing outside the host can.
    conf.set(ChannelSettings.NET_DEVICES_KEY, deviceOf(host));
    for (var entry : overrides) {
      conf.set(entry.getKey(), entry.getValue());
    }
    return conf;
  }

  /** A client configuration: HBase's defaults plus where the cluster of {@code server} is. */
  static Configuration client(Configuration server) {
    Configuration client = HBaseConfiguration.create();
    client.set(HConstants.ZOOKEEPER_QUORUM, LOOPBACK);
    client.set(HConstants.ZOOKEEPER_CLIENT_PORT, server.get(HConstants.ZOOKEEPER_CLIENT_PORT));
    client.set(HConstants.ZOOKEEPER_ZNODE_PARENT, server.get(HConstants.ZOOKEEPER_ZNODE_PARENT,
        HConstants.DEFAULT_ZOOKEEPER_ZNODE_PARENT));
    // Not needed to connect; lets tools that report storage read the store files' exact sizes.
    client.set(HConstants.HBASE_DIR, server.get(HConstants.HBASE_DIR));
    if (LOOPBACK_DEVICE.equals(server.get(ChannelSettings.NET_DEVICES_KEY))) {
      // A client of a cluster on loopback is on the same host, and its fast path may use TCP there too.
      client.set(ChannelSettings.NET_DEVICES_KEY, LOOPBACK_DEVICE);
      if (runsAsClusterUser()) {
        // Its clients are other users (root's cluster start made this JVM the cluster's user for them), and UCX's
        // shared memory does not reach across users: each end maps the other's segments, which the kernel refuses
        // to a process of another user (measured on 2026-12-01: every fast-path request of a root client to
        // RegionServers of hbase-turbo went unanswered, each waiting out the timeout). TCP on loopback does.
        client.set(ChannelSettings.TRANSPORTS_KEY, "tcp");
      }
    }
    return client;
  }

  /** Whether this JVM runs as the user {@value HostUser#CLUSTER_USER_PROPERTY} names, whom root's clusters run as. */
  private static boolean runsAsClusterUser() {
    return HostUser.ofThisProcess().name().equals(System.getProperty(HostUser.CLUSTER_USER_PROPERTY));
  }

  /** The network device that holds {@code host}'s address, as UCX names devices. */
  private static String deviceOf(String host) {
    try {
      NetworkInterface device = NetworkInterface.getByInetAddress(InetAddress.getByName(host));
      if (device == null) {
        throw new IllegalArgumentException("no network device of this host has the address " + host);
      }
      return device.getName();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot find the network device of " + host, e);
    }
  }

  /**
   * Writes {@code dir/hbase-site.xml} with only what a stock HBase 2.x client needs to find the cluster.
   *
   * @return the file written
   */
  static Path writeClient(Configuration client, Path dir) throws IOException {
    Configuration site = new Configuration(false);
    for (String key : new String[] {HConstants.ZOOKEEPER_QUORUM, HConstants.ZOOKEEPER_CLIENT_PORT,
        HConstants.ZOOKEEPER_ZNODE_PARENT, REGISTRY_IMPL, BOOTSTRAP_SERVERS, HConstants.HBASE_DIR,
        ChannelSettings.NET_DEVICES_KEY, ChannelSettings.TRANSPORTS_KEY}) {
      String value = client.get(key);
      if (value != null) {
        site.set(key, value);
      }
    }
    Files.createDirectories(dir);
    Path file = dir.resolve("hbase-site.xml");
    NoFollowFiles.writeXml(file, site);
    return file;
  }
}

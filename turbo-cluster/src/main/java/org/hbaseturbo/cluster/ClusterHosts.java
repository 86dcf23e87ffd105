package org.hbaseturbo.cluster;

import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.hbaseturbo.wire.fastpath.ChannelSettings;

/**
 * A process cluster's servers on hosts of their own ({@link HostNetwork}): RegionServer {@code i} (and DataNode
 * {@code i}, as on a real cluster's worker) on host {@code i}, the master, ZooKeeper and the NameNode on the bridge's
 * address, the master's host, where the launcher's own clients run too, and client JVMs on the client host. ZooKeeper,
 * which serves on loopback only, is reached through a relay on the bridge's address ({@link TcpRelay}).
 */
final class ClusterHosts implements Closeable {
  private final HostNetwork network;
  private TcpRelay zooKeeper;

  ClusterHosts(HostNetwork network) {
    this.network = network;
  }

  /** Lets the other hosts reach the ZooKeeper that {@code conf} names, and points the servers' settings at it. */
  void relayZooKeeper(Configuration conf) throws IOException {
    int port = conf.getInt(HConstants.ZOOKEEPER_CLIENT_PORT, -1);
    zooKeeper = TcpRelay.start(network.bridgeAddress(), port, "ZooKeeper");
    conf.set(HConstants.ZOOKEEPER_QUORUM, network.bridgeAddress());
  }

  /** The master's host: the address the master, ZooKeeper's relay and the NameNode bind to. */
  String masterAddress() {
    return network.bridgeAddress();
  }

  /** Host {@code index}'s address, where its RegionServer and DataNode bind. */
  String address(int index) {
    return host(index).address();
  }

  /**
   * RegionServer {@code index}'s settings: the cluster's, with its host's address to bind to and advertise, and its
   * host's end of the link as the one device its fast path may use TCP on.
   */
  Configuration regionServerSettings(Configuration cluster, int index) {
    Configuration own = new Configuration(cluster);
    own.set("hbase.regionserver.hostname", address(index));
    own.set(ChannelSettings.NET_DEVICES_KEY, host(index).device());
    return own;
  }

  /**
   * A client reaches ZooKeeper through its relay on the bridge, from whichever host it runs on, and the servers' fast
   * path over TCP on the bridge from the master's host (a client of the client host is given its own device):
   * never shared memory, which would bypass the links, as it cannot reach another host.
   */
  void clientSettings(Configuration client) {
    client.set(HConstants.ZOOKEEPER_QUORUM, network.bridgeAddress());
    client.set(ChannelSettings.NET_DEVICES_KEY, network.bridgeDevice());
    client.set(ChannelSettings.TRANSPORTS_KEY, "tcp");
  }

  /** {@link HostNetwork#clientHost}. */
  ClientHost clientHost() {
    return network.clientHost();
  }

  /** {@link HostNetwork#degradeLink} of host {@code index}. */
  void degradeLink(int index, double loss, Duration delay) throws IOException {
    network.degradeLink(index, loss, delay);
  }

  /** {@link HostNetwork#repairLink} of host {@code index}. */
  void repairLink(int index) throws IOException {
    network.repairLink(index);
  }

  /** {@link HostNetwork#cutClientFrom} host {@code index}. */
  void cutClientFrom(int index) throws IOException {
    network.cutClientFrom(index);
  }

  /** {@link HostNetwork#reconnectClient} to host {@code index}. */
  void reconnectClient(int index) throws IOException {
    network.reconnectClient(index);
  }

  /** {@link HostNetwork#delaysSaid}. */
  List<String> delaysSaid() {
    return network.delaysSaid();
  }

  /** The words a server's command runs under on host {@code index}. */
  List<String> wrapper(int index) {
    return host(index).wrapper();
  }

  private HostNetwork.Host host(int index) {
    return network.hosts().get(index);
  }

  /** Ends the relay, then deletes the hosts and the bridge: after every server on them has stopped. */
  @Override
  public void close() throws IOException {
    try {
      if (zooKeeper != null) {
        zooKeeper.close();
      }
    } finally {
      network.close();
    }
  }
}

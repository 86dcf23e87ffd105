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
 * {@code i}, as on a real cluster's worker) on host {@code i}; ZooKeeper, the master and the NameNode, each a JVM of
 * its own, on the master's host; client JVMs on the client host; and the launcher's own clients on the bridge's
 * address, in this machine's own namespace.
 */
final class ClusterHosts implements Closeable {
  private final HostNetwork network;

  ClusterHosts(HostNetwork network) {
    this.network = network;
  }

  /** {@link HostNetwork#masterHost}: where ZooKeeper, the master and the NameNode run, at its address. */
  HostNetwork.Host masterHost() {
    return network.masterHost();
  }

  /** The master's settings: the cluster's, with its host's address to bind to and advertise. */
  Configuration masterSettings(Configuration cluster) {
    Configuration own = new Configuration(cluster);
    own.set("hbase.master.hostname", masterHost().address());
    own.set(ChannelSettings.NET_DEVICES_KEY, masterHost().device());
    return own;
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
   * A client reaches ZooKeeper on the master's host, from whichever host it runs on, and the servers' fast path over
   * TCP on the bridge from the launcher's namespace (a client of the client host is given its own device): never
   * shared memory, which would bypass the links, as it cannot reach another host.
   */
  void clientSettings(Configuration client) {
    client.set(HConstants.ZOOKEEPER_QUORUM, masterHost().address());
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

  /** Deletes the hosts and the bridge: after every server on them has stopped. */
  @Override
  public void close() throws IOException {
    network.close();
  }
}

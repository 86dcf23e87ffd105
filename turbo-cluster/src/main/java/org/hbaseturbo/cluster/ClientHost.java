package org.hbaseturbo.cluster;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.wire.fastpath.ChannelSettings;

/**
 * Where a benchmark's client JVMs run when they are not on the cluster's own host: a network namespace of their own,
 * reaching the servers through one device, as a client machine does through its network card. Behind an emulated link
 * to an embedded cluster ({@link NetworkLink}), or on the client host of a cluster of hosts ({@link HostNetwork}).
 */
public interface ClientHost {
  /** The network namespace: {@code ip netns exec NAMESPACE COMMAND} runs a command on this host. */
  String namespace();

  /**
   * The client's end of its link, as UCX and {@code /sys/class/net} inside the namespace name it: the one device its
   * fast path may use TCP on, and whose byte counters are what crossed the link.
   */
  String device();

  /**
   * The settings of a client JVM of this host: {@code client}'s, with this host's device the one its fast path may use
   * TCP on (the cluster's client settings name the device of the cluster's own host).
   */
  default Configuration clientSettings(Configuration client) {
    Configuration own = new Configuration(client);
    own.set(ChannelSettings.NET_DEVICES_KEY, device());
    return own;
  }

  /** {@code command} run on this host, inside its namespace. */
  default List<String> wrap(List<String> command) {
    List<String> wrapped = new ArrayList<>(List.of("ip", "netns", "exec", namespace()));
    wrapped.addAll(command);
    return wrapped;
  }
}

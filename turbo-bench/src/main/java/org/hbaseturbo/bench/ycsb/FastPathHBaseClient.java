package org.hbaseturbo.bench.ycsb;

import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.ClusterConnection;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.wire.fastpath.ChannelSettings;

/**
 * YCSB binding {@code --db fastpath}: the plain client's code, unchanged, over a {@link FastPathConnection}
 * ({@code hbase.client.connection.impl}), as an application gets the fast path by configuration alone. Reads and
 * updates go over the fast path (buffered ones as the flushes of the connection's buffered mutator); scans and
 * deletes over RPC. With {@code batchrows}, reads and updates are {@code Table.get(List)} and {@code Table.put(List)}
 * calls on the connection's table, which carries them as it carries an application's batches.
 *
 * <p>Properties {@code fastpathtransports}: the UCX transports of the client's end ({@code turbo.fastpath.transports},
 * such as {@code sm} or {@code tcp}); default: every transport the settings allow. {@code fastpathdevices}: the
 * network devices TCP may use at the client's end ({@code turbo.fastpath.net-devices}, such as {@code lo}); default:
 * the client configuration's. When the connection closes, how its fast-path attempts ended goes to stderr and to
 * the phase's result ({@link FastPathOutcome}).
 */
public class FastPathHBaseClient extends NativeHBaseClient {
  public static final String TRANSPORTS = "fastpathtransports";
  public static final String DEVICES = "fastpathdevices";

  @Override
  void configure(Configuration conf, Properties props) {
    useFastPath(conf, props);
  }

  /** Makes the connection a {@link FastPathConnection}, with the transports the properties name. */
  public static void useFastPath(Configuration conf, Properties props) {
    conf.set(ClusterConnection.HBASE_CLIENT_CONNECTION_IMPL, FastPathConnection.class.getName());
    String transports = props.getProperty(TRANSPORTS, "");
    if (!transports.isEmpty()) {
      conf.set(ChannelSettings.TRANSPORTS_KEY, transports);
    }
    String devices = props.getProperty(DEVICES, "");
    if (!devices.isEmpty()) {
      conf.set(ChannelSettings.NET_DEVICES_KEY, devices);
    }
  }
}

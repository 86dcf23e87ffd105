package org.hbaseturbo.bench.ycsb;

import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.ClusterConnection;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.wire.fastpath.UcxRuntime;

/**
 * YCSB binding {@code --db fastpath}: the plain client's code, unchanged, over a {@link FastPathConnection}
 * ({@code hbase.client.connection.impl}), as an application gets the fast path by configuration alone. Reads and
 * unbuffered updates go over the fast path; scans, deletes and buffered writes over RPC.
 *
 * <p>Property {@code fastpathtransports}: the UCX transports of the client's end ({@code turbo.fastpath.transports},
 * such as {@code sm,self} or {@code tcp}); default: UCX's choice. When the connection closes, how its fast-path
 * attempts ended goes to stderr and to the phase's result ({@link FastPathOutcome}).
 */
public class FastPathHBaseClient extends NativeHBaseClient {
  public static final String TRANSPORTS = "fastpathtransports";

  @Override
  void configure(Configuration conf, Properties props) {
    useFastPath(conf, props);
  }

  /** Makes the connection a {@link FastPathConnection}, with the transports the properties name. */
  static void useFastPath(Configuration conf, Properties props) {
    conf.set(ClusterConnection.HBASE_CLIENT_CONNECTION_IMPL, FastPathConnection.class.getName());
    String transports = props.getProperty(TRANSPORTS, "");
    if (!transports.isEmpty()) {
      conf.set(UcxRuntime.TRANSPORTS_KEY, transports);
    }
  }
}

package org.hbaseturbo.testing.fastpath;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.ClusterConnection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.FutureUtils;
import org.hbaseturbo.client.fastpath.FastPathAsyncConnection;
import org.hbaseturbo.client.fastpath.FastPathConnection;

/** Fast-path connections as an application gets them: by configuration, through HBase's ConnectionFactory. */
public final class FastPathConnections {
  private FastPathConnections() {
  }

  public static Configuration configured(Configuration client) {
    Configuration conf = new Configuration(client);
    conf.set(ClusterConnection.HBASE_CLIENT_CONNECTION_IMPL, FastPathConnection.class.getName());
    return conf;
  }

  public static FastPathConnection open(Configuration client) throws IOException {
    return (FastPathConnection) ConnectionFactory.createConnection(configured(client));
  }

  public static FastPathConnection open(Configuration client, User user) throws IOException {
    return (FastPathConnection) ConnectionFactory.createConnection(configured(client), user);
  }

  /** An asynchronous one, through {@code hbase.client.async.connection.impl}, as {@code user}. */
  public static FastPathAsyncConnection openAsync(Configuration client, User user) throws IOException {
    Configuration conf = new Configuration(client);
    conf.set(ConnectionFactory.HBASE_CLIENT_ASYNC_CONNECTION_IMPL, FastPathAsyncConnection.class.getName());
    return (FastPathAsyncConnection) FutureUtils.get(ConnectionFactory.createAsyncConnection(conf, user));
  }
}

package org.hbaseturbo.client.fastpath;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncConnectionImpl;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.ConnectionRegistry;
import org.apache.hadoop.hbase.security.User;

/** HBase 2.6: asynchronous connections carry attributes, and tables request attributes, which only RPC carries. */
final class CompatAsync {
  private CompatAsync() {
  }

  static AsyncConnection open(Configuration conf, ConnectionRegistry registry, String clusterId, User user,
      Map<String, byte[]> attributes) {
    return new AsyncConnectionImpl(conf, registry, clusterId, user, attributes);
  }

  static Map<String, byte[]> requestAttributes(AsyncTable<?> table) {
    return table.getRequestAttributes();
  }
}

package org.hbaseturbo.client.fastpath;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;

/** HBase 2.6: connections carry attributes, which travel in the RPC connection header. */
final class CompatConnections {
  private CompatConnections() {
  }

  static Connection open(Configuration conf, ExecutorService pool, User user, Map<String, byte[]> attributes)
      throws IOException {
    return ConnectionFactory.createConnection(conf, pool, user, attributes);
  }
}

package org.hbaseturbo.client.fastpath;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;

/** HBase 2.5: connections have no attributes (2.6 added them), so there are never any to pass on. */
final class CompatConnections {
  private CompatConnections() {
  }

  static Connection open(Configuration conf, ExecutorService pool, User user, Map<String, byte[]> attributes)
      throws IOException {
    if (!attributes.isEmpty()) {
      throw new IllegalArgumentException("connection attributes " + attributes.keySet()
          + " need HBase 2.6; this Turbo client is built for HBase 2.5");
    }
    return ConnectionFactory.createConnection(conf, pool, user);
  }
}

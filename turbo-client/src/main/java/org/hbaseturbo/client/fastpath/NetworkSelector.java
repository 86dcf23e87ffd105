package org.hbaseturbo.client.fastpath;

import java.util.Map;
import org.apache.hadoop.hbase.client.Consistency;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Row;
import org.hbaseturbo.wire.fastpath.FastPathOperation;

/**
 * Decides per operation whether it takes the fast path (the paper's network selector): Gets and Puts the
 * configuration enables, that read the primary replica strongly, and carry no request attributes (those travel in
 * HBase's RPC header, which the fast path has not). Everything else goes over RPC, as does a request larger than the
 * fast path takes ({@link FastPathChannel#call}).
 */
final class NetworkSelector {
  private final FastPathClientConfig config;
  private final boolean requestAttributes;

  /** @param requestAttributes the table's or connection's request attributes, which only RPC carries */
  NetworkSelector(FastPathClientConfig config, Map<String, byte[]> requestAttributes) {
    this.config = config;
    this.requestAttributes = !requestAttributes.isEmpty();
  }

  /** A batch's action: a Get or a Put it takes; anything else goes over RPC. */
  boolean takes(Row action) {
    return action instanceof Get get ? takes(get) : action instanceof Put put && takes(put);
  }

  boolean takes(Get get) {
    return config.operations().contains(FastPathOperation.GET) && !requestAttributes
        && get.getConsistency() == Consistency.STRONG && get.getReplicaId() <= RegionInfo.DEFAULT_REPLICA_ID;
  }

  boolean takes(Put put) {
    // An empty Put goes to HBase's client, which refuses it with its own message. One larger than a fast-path
    // request may be the channel sends over RPC, from its encoded size.
    return config.operations().contains(FastPathOperation.PUT) && !requestAttributes && !put.isEmpty();
  }
}

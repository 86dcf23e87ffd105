package org.hbaseturbo.client.fastpath;

import org.apache.hadoop.hbase.client.BufferedMutatorParams;

/** HBase 2.6: a buffered mutator's parameters may carry request attributes, which travel in RPC headers. */
final class CompatMutatorParams {
  private CompatMutatorParams() {
  }

  static boolean hasRequestAttributes(BufferedMutatorParams params) {
    return !params.getRequestAttributes().isEmpty();
  }
}

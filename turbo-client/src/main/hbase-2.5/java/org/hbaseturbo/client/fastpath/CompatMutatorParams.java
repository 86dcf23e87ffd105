package org.hbaseturbo.client.fastpath;

import org.apache.hadoop.hbase.client.BufferedMutatorParams;

/** HBase 2.5: a buffered mutator's parameters carry no request attributes (2.6 added them). */
final class CompatMutatorParams {
  private CompatMutatorParams() {
  }

  static boolean hasRequestAttributes(BufferedMutatorParams params) {
    return false;
  }
}

package org.hbaseturbo.client.fastpath;

import org.apache.hadoop.hbase.client.AsyncTableBuilder;
import org.apache.hadoop.hbase.client.ScanResultConsumerBase;

/** HBase 2.5: asynchronous table builders take no request attributes (2.6 added them). */
abstract class CompatDelegateAsyncTableBuilder<C extends ScanResultConsumerBase> implements AsyncTableBuilder<C> {
  protected final AsyncTableBuilder<C> stock;

  CompatDelegateAsyncTableBuilder(AsyncTableBuilder<C> stock) {
    this.stock = stock;
  }
}

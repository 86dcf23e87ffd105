package org.hbaseturbo.client.fastpath;

import org.apache.hadoop.hbase.client.AsyncTableBuilder;
import org.apache.hadoop.hbase.client.ScanResultConsumerBase;

/** HBase 2.6: an asynchronous table builder's request attributes go to the stock builder. */
abstract class CompatDelegateAsyncTableBuilder<C extends ScanResultConsumerBase> implements AsyncTableBuilder<C> {
  protected final AsyncTableBuilder<C> stock;

  CompatDelegateAsyncTableBuilder(AsyncTableBuilder<C> stock) {
    this.stock = stock;
  }

  @Override
  public AsyncTableBuilder<C> setRequestAttribute(String key, byte[] value) {
    stock.setRequestAttribute(key, value);
    return this;
  }
}

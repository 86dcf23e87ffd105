package org.hbaseturbo.client.fastpath;

import org.apache.hadoop.hbase.client.TableBuilder;

/** HBase 2.6: a table builder's request attributes go to the stock builder. */
abstract class CompatDelegateTableBuilder implements TableBuilder {
  protected final TableBuilder stock;

  CompatDelegateTableBuilder(TableBuilder stock) {
    this.stock = stock;
  }

  @Override
  public TableBuilder setRequestAttribute(String key, byte[] value) {
    stock.setRequestAttribute(key, value);
    return this;
  }
}

package org.hbaseturbo.client.fastpath;

import org.apache.hadoop.hbase.client.TableBuilder;

/** HBase 2.5: table builders take no request attributes (2.6 added them). */
abstract class CompatDelegateTableBuilder implements TableBuilder {
  protected final TableBuilder stock;

  CompatDelegateTableBuilder(TableBuilder stock) {
    this.stock = stock;
  }
}

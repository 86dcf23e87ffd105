package org.hbaseturbo.client.fastpath;

import java.util.Map;
import org.apache.hadoop.hbase.client.Table;

/** HBase 2.6: a table's request attributes are its stock table's. */
abstract class CompatDelegateTable implements Table {
  protected final Table rpc;

  CompatDelegateTable(Table rpc) {
    this.rpc = rpc;
  }

  @Override
  public Map<String, byte[]> getRequestAttributes() {
    return rpc.getRequestAttributes();
  }
}

package org.hbaseturbo.client.fastpath;

import java.util.Map;
import org.apache.hadoop.hbase.client.Table;

/** HBase 2.5: tables have no request attributes (2.6 added them), so a table never has any. */
abstract class CompatDelegateTable implements Table {
  protected final Table rpc;

  CompatDelegateTable(Table rpc) {
    this.rpc = rpc;
  }

  /** Always empty: the name and meaning of 2.6's {@code Table.getRequestAttributes}. */
  public Map<String, byte[]> getRequestAttributes() {
    return Map.of();
  }
}

package org.hbaseturbo.wire.scan;

import org.apache.hadoop.hbase.util.Bytes;

/** A column, family and qualifier. Identity, not content, is what {@code equals} compares (arrays). */
public record Column(byte[] family, byte[] qualifier) {
  public static Column of(String family, String qualifier) {
    return new Column(Bytes.toBytes(family), Bytes.toBytes(qualifier));
  }

  @Override
  public String toString() {
    return Bytes.toStringBinary(family) + ":" + Bytes.toStringBinary(qualifier);
  }
}

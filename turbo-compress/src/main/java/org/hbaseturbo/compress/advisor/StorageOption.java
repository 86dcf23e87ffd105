package org.hbaseturbo.compress.advisor;

import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;

/** A column family's storage settings that the advisor compares: data block encoding and compression. */
public record StorageOption(DataBlockEncoding encoding, Algorithm compression) {
  @Override
  public String toString() {
    return encoding + "+" + compression.getName().toUpperCase(java.util.Locale.ROOT);
  }
}

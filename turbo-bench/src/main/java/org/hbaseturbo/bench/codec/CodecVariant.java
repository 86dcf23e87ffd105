package org.hbaseturbo.bench.codec;

import java.util.Map;
import org.apache.hadoop.io.compress.GzipCodec;
import org.hbaseturbo.bench.ClientVariant;
import org.hbaseturbo.bench.Labels;
import org.hbaseturbo.bench.ycsb.DbBinding;
import org.hbaseturbo.bench.ycsb.NativeHBaseClient;
import org.hbaseturbo.wire.codec.CompactCellCodec;

/** The cellblock codec and compression a variant's clients use: HBase's default codec or Turbo's compact one. */
public enum CodecVariant implements ClientVariant {
  DEFAULT("default", Map.of()),
  COMPACT("compact", Map.of(NativeHBaseClient.RPC_CODEC, CompactCellCodec.class.getName())),
  DEFAULT_GZIP("default+gzip", Map.of(NativeHBaseClient.RPC_COMPRESSOR, GzipCodec.class.getName())),
  COMPACT_GZIP("compact+gzip", Map.of(NativeHBaseClient.RPC_CODEC, CompactCellCodec.class.getName(),
      NativeHBaseClient.RPC_COMPRESSOR, GzipCodec.class.getName()));

  private final String label;
  private final Map<String, String> properties;

  CodecVariant(String label, Map<String, String> properties) {
    this.label = label;
    this.properties = properties;
  }

  @Override
  public String label() {
    return label;
  }

  /** HBase's own client, unchanged: the codec is the point. */
  @Override
  public DbBinding db() {
    return DbBinding.NATIVE;
  }

  /** The YCSB binding's properties that select the codec and the compression. */
  @Override
  public Map<String, String> properties() {
    return properties;
  }

  public static CodecVariant of(String label) {
    return Labels.find(values(), CodecVariant::label, label, "codec variant");
  }
}

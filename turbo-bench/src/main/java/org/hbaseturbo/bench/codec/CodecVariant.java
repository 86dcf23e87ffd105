package org.hbaseturbo.bench.codec;

import java.util.Map;
import org.apache.hadoop.io.compress.GzipCodec;
import org.hbaseturbo.bench.Labels;
import org.hbaseturbo.bench.ycsb.NativeHBaseClient;
import org.hbaseturbo.wire.codec.CompactCellCodec;

/** The cellblock codec and compression a variant's clients use: HBase's default codec or Turbo's compact one. */
public enum CodecVariant {
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

  public String label() {
    return label;
  }

  /** The YCSB binding's properties that select the codec and the compression. */
  public Map<String, String> properties() {
    return properties;
  }

  public static CodecVariant of(String label) {
    return Labels.find(values(), CodecVariant::label, label, "codec variant");
  }
}

package org.hbaseturbo.compress.codec;

import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;

/** ZStandard (zstd) for HBase, in pure Java (aircompressor). */
public class ZstdCodec extends AircompressorCodec {
  @Override
  protected io.airlift.compress.Compressor newCompressor() {
    return new ZstdCompressor();
  }

  @Override
  protected io.airlift.compress.Decompressor newDecompressor() {
    return new ZstdDecompressor();
  }

  @Override
  public String getDefaultExtension() {
    return ".zst";
  }
}

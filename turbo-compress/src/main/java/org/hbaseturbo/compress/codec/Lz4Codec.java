package org.hbaseturbo.compress.codec;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;

/** LZ4 for HBase, in pure Java (aircompressor). */
public class Lz4Codec extends AircompressorCodec {
  @Override
  protected io.airlift.compress.Compressor newCompressor() {
    return new Lz4Compressor();
  }

  @Override
  protected io.airlift.compress.Decompressor newDecompressor() {
    return new Lz4Decompressor();
  }

  @Override
  public String getDefaultExtension() {
    return ".lz4";
  }
}

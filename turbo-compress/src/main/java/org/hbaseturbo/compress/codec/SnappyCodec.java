package org.hbaseturbo.compress.codec;

import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;

/** Snappy for HBase, in pure Java (aircompressor). */
public class SnappyCodec extends AircompressorCodec {
  @Override
  protected io.airlift.compress.Compressor newCompressor() {
    return new SnappyCompressor();
  }

  @Override
  protected io.airlift.compress.Decompressor newDecompressor() {
    return new SnappyDecompressor();
  }

  @Override
  public String getDefaultExtension() {
    return ".snappy";
  }
}

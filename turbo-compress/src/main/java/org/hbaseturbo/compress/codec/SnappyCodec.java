package org.hbaseturbo.compress.codec;

import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;

/** Snappy for HBase, in pure Java (aircompressor). */
public class SnappyCodec extends AircompressorCodec {
  @Override
  public BlockCompressor createCompressor() {
    return new Compressor();
  }

  @Override
  public Class<Compressor> getCompressorType() {
    return Compressor.class;
  }

  @Override
  public BlockDecompressor createDecompressor() {
    return new Decompressor();
  }

  @Override
  public Class<Decompressor> getDecompressorType() {
    return Decompressor.class;
  }

  @Override
  protected io.airlift.compress.Compressor newCompressor() {
    return new SnappyCompressor();
  }

  @Override
  public String getDefaultExtension() {
    return ".snappy";
  }

  /** Snappy blocks, pooled apart from other codecs' compressors. */
  static final class Compressor extends BlockCompressor {
    Compressor() {
      super(new SnappyCompressor());
    }
  }

  /** Snappy blocks, pooled apart from other codecs' decompressors. */
  static final class Decompressor extends BlockDecompressor {
    Decompressor() {
      super(new SnappyDecompressor(), BLOCK_SIZE);
    }
  }
}

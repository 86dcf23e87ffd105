package org.hbaseturbo.compress.codec;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;

/** LZ4 for HBase, in pure Java (aircompressor). */
public class Lz4Codec extends AircompressorCodec {
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
    return new Lz4Compressor();
  }

  @Override
  public String getDefaultExtension() {
    return ".lz4";
  }

  /** Lz4 blocks, pooled apart from other codecs' compressors. */
  static final class Compressor extends BlockCompressor {
    Compressor() {
      super(new Lz4Compressor());
    }
  }

  /** Lz4 blocks, pooled apart from other codecs' decompressors. */
  static final class Decompressor extends BlockDecompressor {
    Decompressor() {
      super(new Lz4Decompressor(), BLOCK_SIZE);
    }
  }
}

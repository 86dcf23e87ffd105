package org.hbaseturbo.compress.codec;

import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;

/** ZStandard (zstd) for HBase, in pure Java (aircompressor). */
public class ZstdCodec extends AircompressorCodec {
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
    return new ZstdCompressor();
  }

  @Override
  public String getDefaultExtension() {
    return ".zst";
  }

  /** Zstd blocks, pooled apart from other codecs' compressors. */
  static final class Compressor extends BlockCompressor {
    Compressor() {
      super(new ZstdCompressor());
    }
  }

  /** Zstd blocks, pooled apart from other codecs' decompressors. */
  static final class Decompressor extends BlockDecompressor {
    Decompressor() {
      super(new ZstdDecompressor(), BLOCK_SIZE);
    }
  }
}

package org.hbaseturbo.compress.codec;

import io.airlift.compress.lzo.LzoCompressor;
import io.airlift.compress.lzo.LzoDecompressor;

/**
 * LZO for HBase, in pure Java (aircompressor). HBase names LZO but ships no codec for it (its default is
 * hadoop-lzo, GPL and native), and aircompressor's own Hadoop {@code LzoCodec} fails inside HBase ("Block
 * compressor is not supported").
 */
public class LzoCodec extends AircompressorCodec {
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
    return new LzoCompressor();
  }

  @Override
  public String getDefaultExtension() {
    return ".lzo_deflate";
  }

  /** Lzo blocks, pooled apart from other codecs' compressors. */
  static final class Compressor extends BlockCompressor {
    Compressor() {
      super(new LzoCompressor());
    }
  }

  /** Lzo blocks, pooled apart from other codecs' decompressors. */
  static final class Decompressor extends BlockDecompressor {
    Decompressor() {
      super(new LzoDecompressor(), BLOCK_SIZE);
    }
  }
}

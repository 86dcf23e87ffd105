package org.hbaseturbo.compress.codec;

import io.airlift.compress.lzo.LzoCompressor;
import io.airlift.compress.lzo.LzoDecompressor;

/**
 * LZO for HBase, in pure Java (aircompressor). HBase names LZO but ships no codec for it (its default is
 * hadoop-lzo, GPL and native), and aircompressor's own Hadoop {@code LzoCodec} fails inside HBase ("Block
 * compressor is not supported").
 */
public class LzoCodec extends AircompressorCodec {
  public LzoCodec() {
    super(Compressor::new, Compressor.class, Decompressor::new, Decompressor.class, ".lzo_deflate");
  }

  static final class Compressor extends BlockCompressor {
    Compressor() {
      super(new LzoCompressor());
    }
  }

  static final class Decompressor extends BlockDecompressor {
    Decompressor() {
      super(new LzoDecompressor(), BLOCK_SIZE);
    }
  }
}

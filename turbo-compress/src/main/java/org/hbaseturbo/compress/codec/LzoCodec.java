package org.hbaseturbo.compress.codec;

import io.airlift.compress.lzo.LzoCompressor;
import io.airlift.compress.lzo.LzoDecompressor;

/**
 * LZO for HBase, in pure Java (aircompressor). HBase names LZO but ships no codec for it (its default is
 * hadoop-lzo, GPL and native), and aircompressor's own Hadoop {@code LzoCodec} fails inside HBase ("Block
 * compressor is not supported").
 */
public class LzoCodec extends AircompressorCodec {
  /**
   * hadoop-lzo's chunk and decompression buffer: its {@code io.compression.codec.lzo.buffersize}, which
   * Hadoop's core-default.xml sets to 64 KiB. Up to 38f3773 our LZO chunks held up to 256 KiB, which overran it
   * (lzo-hadoop's port of hadoop-lzo and aircompressor's LZO reader fail on them); ours still reads them
   * ({@link #MAX_CHUNK_SIZE}).
   */
  static final int HADOOP_LZO_BUFFER_SIZE = 64 * 1024;

  public LzoCodec() {
    super(Compressor::new, Compressor.class, Decompressor::new, Decompressor.class, ".lzo_deflate",
        HADOOP_LZO_BUFFER_SIZE);
  }

  static final class Compressor extends BlockCompressor {
    Compressor() {
      super(new LzoCompressor());
    }
  }

  static final class Decompressor extends BlockDecompressor {
    Decompressor() {
      super(new LzoDecompressor(), MAX_CHUNK_SIZE);
    }
  }
}

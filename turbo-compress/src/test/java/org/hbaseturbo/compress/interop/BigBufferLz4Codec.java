package org.hbaseturbo.compress.interop;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Lz4Codec;
import org.apache.hadoop.io.compress.lz4.Lz4Compressor;

/**
 * Hadoop's Lz4Codec configured with {@code io.compression.codec.lz4.buffersize} at 1 MiB, four times its
 * default: it writes chunks of up to 1 MiB. Its compressors are a class of their own, since CodecPool pools
 * them by class and would otherwise hand out the default codec's, with their 256 KiB buffers.
 */
public final class BigBufferLz4Codec extends Lz4Codec {
  static final int BUFFER_SIZE = 1024 * 1024;

  @Override
  public void setConf(Configuration conf) {
    Configuration big = new Configuration(conf);
    big.setInt("io.compression.codec.lz4.buffersize", BUFFER_SIZE);
    super.setConf(big);
  }

  @Override
  public Class<? extends Compressor> getCompressorType() {
    return BigBufferCompressor.class;
  }

  @Override
  public Compressor createCompressor() {
    return new BigBufferCompressor();
  }

  static final class BigBufferCompressor extends Lz4Compressor {
    BigBufferCompressor() {
      super(BUFFER_SIZE, false);
    }
  }
}

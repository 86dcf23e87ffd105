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
  protected io.airlift.compress.Compressor newCompressor() {
    return new LzoCompressor();
  }

  @Override
  protected io.airlift.compress.Decompressor newDecompressor() {
    return new LzoDecompressor();
  }

  @Override
  public String getDefaultExtension() {
    return ".lzo_deflate";
  }
}

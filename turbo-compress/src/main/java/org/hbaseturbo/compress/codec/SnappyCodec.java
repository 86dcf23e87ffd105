package org.hbaseturbo.compress.codec;

import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;

/** Snappy for HBase, in pure Java (aircompressor). */
public class SnappyCodec extends AircompressorCodec {
  public SnappyCodec() {
    super(Compressor::new, Compressor.class, Decompressor::new, Decompressor.class, ".snappy", HADOOP_BUFFER_SIZE);
  }

  static final class Compressor extends BlockCompressor {
    Compressor() {
      super(new SnappyCompressor());
    }
  }

  static final class Decompressor extends BlockDecompressor {
    Decompressor() {
      super(new SnappyDecompressor(), MAX_CHUNK_SIZE);
    }
  }
}

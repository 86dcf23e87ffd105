package org.hbaseturbo.compress.codec;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;

/** LZ4 for HBase, in pure Java (aircompressor). */
public class Lz4Codec extends AircompressorCodec {
  public Lz4Codec() {
    super(Compressor::new, Compressor.class, Decompressor::new, Decompressor.class, ".lz4", HADOOP_BUFFER_SIZE);
  }

  static final class Compressor extends BlockCompressor {
    Compressor() {
      super(new Lz4Compressor());
    }
  }

  static final class Decompressor extends BlockDecompressor {
    Decompressor() {
      super(new Lz4Decompressor(), MAX_CHUNK_SIZE);
    }
  }
}

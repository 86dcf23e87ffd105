package org.hbaseturbo.compress.codec;

import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;

/** ZStandard (zstd) for HBase, in pure Java (aircompressor). */
public class ZstdCodec extends AircompressorCodec {
  public ZstdCodec() {
    super(Compressor::new, Compressor.class, Decompressor::new, Decompressor.class, ".zst", HADOOP_BUFFER_SIZE);
  }

  static final class Compressor extends BlockCompressor {
    Compressor() {
      super(new ZstdCompressor());
    }
  }

  static final class Decompressor extends BlockDecompressor {
    Decompressor() {
      super(new ZstdDecompressor(), MAX_CHUNK_SIZE);
    }
  }
}

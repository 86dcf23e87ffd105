package org.hbaseturbo.compress.codec;

import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.Arrays;
import org.apache.hadoop.io.compress.CompressionInputStream;

/**
 * ZStandard (zstd) for HBase, in pure Java (aircompressor). It writes Hadoop's block framing, as HBase's own
 * {@code org.apache.hadoop.hbase.io.compress.zstd.ZstdCodec} does, and reads that and also what Hadoop's
 * {@code org.apache.hadoop.io.compress.ZStandardCodec} (HBase's default for ZSTD, native) writes: a plain zstd
 * stream per HFile block ({@code CompressorStream}, not {@code BlockCompressorStream}).
 */
public class ZstdCodec extends AircompressorCodec {
  /** A zstd frame's magic number, 0xFD2FB528, as it lies on disk (little-endian). */
  private static final byte[] FRAME_MAGIC = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD};

  public ZstdCodec() {
    super(Compressor::new, Compressor.class, Decompressor::new, Decompressor.class, ".zst", HADOOP_BUFFER_SIZE);
  }

  /**
   * A block that starts with a zstd frame is a plain zstd stream. Block framing starts with the big-endian
   * uncompressed length of its first segment, which those four bytes would make 682,962,941: an HFile block of
   * 651 MiB, one cell far beyond HBase's limits on cell and request sizes.
   */
  @Override
  public CompressionInputStream createInputStream(InputStream in,
      org.apache.hadoop.io.compress.Decompressor decompressor) throws IOException {
    PushbackInputStream peekable = new PushbackInputStream(in, FRAME_MAGIC.length);
    byte[] head = peekable.readNBytes(FRAME_MAGIC.length);
    peekable.unread(head);
    return Arrays.equals(head, FRAME_MAGIC) ? new ZstdStreamInputStream(peekable)
        : super.createInputStream(peekable, decompressor);
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

package org.hbaseturbo.compress.codec;

import io.airlift.compress.zstd.ZstdInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.io.compress.CompressionInputStream;

/**
 * A plain zstd stream, as Hadoop's {@code ZStandardCodec} writes each HFile block: zstd frames with no framing
 * around them, decoded by aircompressor as they arrive.
 */
final class ZstdStreamInputStream extends CompressionInputStream {
  private ZstdInputStream zstd;

  ZstdStreamInputStream(InputStream in) throws IOException {
    super(in);
    zstd = new ZstdInputStream(in);
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    try {
      return zstd.read(b, off, len);
    } catch (RuntimeException e) {
      // aircompressor reports corrupt input as MalformedInputException (unchecked); HBase expects IOException.
      throw new IOException("corrupt zstd stream: " + e.getMessage(), e);
    }
  }

  @Override
  public void resetState() {
    zstd = new ZstdInputStream(in);
  }
}

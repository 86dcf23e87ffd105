package org.hbaseturbo.compress.interop;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.io.compress.CompressionInputStream;
import org.apache.hadoop.io.compress.CompressionOutputStream;

/**
 * What Hadoop's {@code org.apache.hadoop.io.compress.ZStandardCodec} (HBase's default ZSTD codec class) writes
 * and reads, without it: that codec runs only on libhadoop built with zstd, which no Maven artifact provides
 * and this machine lacks. Its {@code CompressorStream} over {@code ZStandardCompressor} calls libzstd's
 * streaming API ({@code ZSTD_compressStream}, then {@code ZSTD_endStream} when HBase finishes a block), so an
 * HFile block is one plain zstd frame at level 3 ({@code io.compression.codec.zstd.level}), no framing
 * around it; reading is {@code ZSTD_decompressStream}. zstd-jni calls the same libzstd functions.
 */
public final class LibzstdStreamCodec extends StreamsOnlyCodec {
  /** Hadoop's {@code io.compression.codec.zstd.level} default. */
  private static final int LEVEL = 3;

  @Override
  CompressionOutputStream newOutputStream(OutputStream out) {
    return new FrameOutputStream(out);
  }

  @Override
  CompressionInputStream newInputStream(InputStream in) throws IOException {
    return new FrameInputStream(in);
  }

  /** One zstd frame from each {@code resetState()} to {@code finish()}, as HBase brackets a block. */
  private static final class FrameOutputStream extends CompressionOutputStream {
    /** Keeps {@code out} open when a frame's stream closes, which is how zstd-jni ends a frame. */
    private final OutputStream shield;
    private ZstdOutputStreamNoFinalizer frame;
    private boolean open = true;

    FrameOutputStream(OutputStream out) {
      super(out);
      shield = new FilterOutputStream(out) {
        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
          flush();
        }
      };
    }

    private ZstdOutputStreamNoFinalizer frame() throws IOException {
      if (!open) {
        throw new IOException("write beyond end of stream");
      }
      if (frame == null) {
        frame = new ZstdOutputStreamNoFinalizer(shield, LEVEL);
      }
      return frame;
    }

    @Override
    public void write(int b) throws IOException {
      frame().write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      frame().write(b, off, len);
    }

    @Override
    public void finish() throws IOException {
      if (open) {
        frame().close();
        frame = null;
        open = false;
      }
    }

    @Override
    public void resetState() {
      // HBase finishes every block before the next one's resetState(); a frame left open by an abandoned
      // block is dropped, not ended, since ending it would write into the next block.
      frame = null;
      open = true;
    }
  }

  private static final class FrameInputStream extends CompressionInputStream {
    private ZstdInputStreamNoFinalizer frames;

    FrameInputStream(InputStream in) throws IOException {
      super(in);
      frames = new ZstdInputStreamNoFinalizer(in);
    }

    @Override
    public int read() throws IOException {
      return frames.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      return frames.read(b, off, len);
    }

    @Override
    public void resetState() throws IOException {
      frames = new ZstdInputStreamNoFinalizer(in);
    }

    @Override
    public void close() throws IOException {
      frames.close();
    }
  }
}

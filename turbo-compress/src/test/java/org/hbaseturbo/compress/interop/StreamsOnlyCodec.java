package org.hbaseturbo.compress.interop;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionInputStream;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.io.compress.DoNotPool;

/**
 * A codec whose streams compress by themselves, made loadable by HBase: {@code Algorithm.getCompressor()} and
 * {@code getDecompressor()} call {@code finished()} on what the codec's pool hands out (and HBase's CodecPool
 * logs the decompressor's class), so this hands HBase inert ones and leaves all the bytes to the streams.
 * aircompressor's Hadoop codecs need it: as served, their placeholders throw "Block compressor is not
 * supported" there ({@code io.airlift.compress.hadoop.CodecAdapter}).
 */
public abstract class StreamsOnlyCodec implements CompressionCodec, Configurable {
  private Configuration conf = new Configuration(false);

  abstract CompressionOutputStream newOutputStream(OutputStream out) throws IOException;

  abstract CompressionInputStream newInputStream(InputStream in) throws IOException;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public CompressionOutputStream createOutputStream(OutputStream out) throws IOException {
    return newOutputStream(out);
  }

  @Override
  public CompressionOutputStream createOutputStream(OutputStream out, Compressor compressor) throws IOException {
    return newOutputStream(out);
  }

  @Override
  public Class<? extends Compressor> getCompressorType() {
    return InertCompressor.class;
  }

  @Override
  public Compressor createCompressor() {
    return new InertCompressor();
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in) throws IOException {
    return newInputStream(in);
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in, Decompressor decompressor) throws IOException {
    return newInputStream(in);
  }

  @Override
  public Class<? extends Decompressor> getDecompressorType() {
    return InertDecompressor.class;
  }

  @Override
  public Decompressor createDecompressor() {
    return new InertDecompressor();
  }

  @Override
  public String getDefaultExtension() {
    return "";
  }

  /** An aircompressor Hadoop codec's streams, configured as HBase configures codecs. */
  abstract static class Aircompressor extends StreamsOnlyCodec {
    private final CompressionCodec codec;

    Aircompressor(CompressionCodec codec) {
      this.codec = codec;
    }

    @Override
    public void setConf(Configuration conf) {
      super.setConf(conf);
      ((Configurable) codec).setConf(conf);
    }

    @Override
    CompressionOutputStream newOutputStream(OutputStream out) throws IOException {
      return codec.createOutputStream(out);
    }

    @Override
    CompressionInputStream newInputStream(InputStream in) throws IOException {
      return codec.createInputStream(in);
    }
  }

  public static final class AircompressorLz4 extends Aircompressor {
    public AircompressorLz4() {
      super(new io.airlift.compress.lz4.Lz4Codec());
    }
  }

  public static final class AircompressorSnappy extends Aircompressor {
    public AircompressorSnappy() {
      super(new io.airlift.compress.snappy.SnappyCodec());
    }
  }

  public static final class AircompressorLzo extends Aircompressor {
    public AircompressorLzo() {
      super(new io.airlift.compress.lzo.LzoCodec());
    }
  }

  /** A plain zstd stream per block (no block framing), like Hadoop's own {@code ZStandardCodec}. */
  public static final class AircompressorZstd extends Aircompressor {
    public AircompressorZstd() {
      super(new io.airlift.compress.zstd.ZstdCodec());
    }
  }

  /** Never given data: the streams compress by themselves. */
  @DoNotPool
  static final class InertCompressor implements Compressor {
    @Override
    public void setInput(byte[] b, int off, int len) {
      throw new UnsupportedOperationException("the codec's streams compress by themselves");
    }

    @Override
    public boolean needsInput() {
      return true;
    }

    @Override
    public void setDictionary(byte[] b, int off, int len) {
      throw new UnsupportedOperationException("no dictionaries");
    }

    @Override
    public long getBytesRead() {
      return 0;
    }

    @Override
    public long getBytesWritten() {
      return 0;
    }

    @Override
    public void finish() {
    }

    @Override
    public boolean finished() {
      return false;
    }

    @Override
    public int compress(byte[] b, int off, int len) {
      return 0;
    }

    @Override
    public void reset() {
    }

    @Override
    public void end() {
    }

    @Override
    public void reinit(Configuration conf) {
    }
  }

  /** Never given data: the streams decompress by themselves. */
  @DoNotPool
  static final class InertDecompressor implements Decompressor {
    @Override
    public void setInput(byte[] b, int off, int len) {
      throw new UnsupportedOperationException("the codec's streams decompress by themselves");
    }

    @Override
    public boolean needsInput() {
      return true;
    }

    @Override
    public void setDictionary(byte[] b, int off, int len) {
      throw new UnsupportedOperationException("no dictionaries");
    }

    @Override
    public boolean needsDictionary() {
      return false;
    }

    @Override
    public boolean finished() {
      return false;
    }

    @Override
    public int decompress(byte[] b, int off, int len) {
      return 0;
    }

    @Override
    public int getRemaining() {
      return 0;
    }

    @Override
    public void reset() {
    }

    @Override
    public void end() {
    }
  }
}

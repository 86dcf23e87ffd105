package org.hbaseturbo.compress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.BlockCompressorStream;
import org.apache.hadoop.io.compress.BlockDecompressorStream;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionInputStream;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;

/**
 * An HBase compression codec over one of aircompressor's pure-Java block algorithms. Streams use Hadoop's
 * block framing ({@link BlockCompressorStream}: uncompressed length, then length-prefixed compressed chunks),
 * the framing of Hadoop's own LZ4 and Snappy codecs, of HBase's Snappy and ZSTD codecs and of hadoop-lzo, with
 * chunks no larger than their readers' buffers: HFiles stay readable when a cluster switches between those and
 * ours, either way (the interop tests).
 *
 * <p>HBase instantiates the class named by {@code hbase.io.compress.<algorithm>.codec} by reflection: each
 * subclass has a public no-argument constructor that names its algorithm's compressor and decompressor.
 */
public abstract class AircompressorCodec implements CompressionCodec, Configurable {
  /**
   * The buffer of Hadoop's LZ4 and Snappy codecs and of HBase's ZSTD and Snappy codecs by default (Hadoop's
   * {@code io.compression.codec.lz4.buffersize} and {@code .snappy.buffersize}, HBase's
   * {@code hbase.io.compress.zstd.buffersize}): their readers decompress chunks into a buffer this large, so
   * no chunk may hold more. An HFile block (64 KiB by default) is compressed as one chunk.
   */
  static final int HADOOP_BUFFER_SIZE = 256 * 1024;

  /**
   * The largest chunk our decompressors take, compressed or not: the largest the other implementations write
   * with their default buffers, and the largest our LZO wrote up to 38f3773 (see {@link LzoCodec}).
   */
  static final int MAX_CHUNK_SIZE = HADOOP_BUFFER_SIZE;

  private final Supplier<BlockCompressor> compressors;
  private final Class<? extends BlockCompressor> compressorType;
  private final Supplier<BlockDecompressor> decompressors;
  private final Class<? extends BlockDecompressor> decompressorType;
  private final String extension;
  private final int bufferSize;
  private Configuration conf = new Configuration(false);

  /**
   * @param compressorType this codec's own compressor class (Hadoop's CodecPool pools by class, so each codec
   *     needs classes of its own), made by {@code compressors}; likewise the decompressors
   * @param bufferSize the bytes a chunk holds at most, compressed or not: what the other implementations of the
   *     algorithm read into one buffer
   */
  protected <C extends BlockCompressor, D extends BlockDecompressor> AircompressorCodec(Supplier<C> compressors,
      Class<C> compressorType, Supplier<D> decompressors, Class<D> decompressorType, String extension,
      int bufferSize) {
    this.compressors = compressors::get;
    this.compressorType = compressorType;
    this.decompressors = decompressors::get;
    this.decompressorType = decompressorType;
    this.extension = extension;
    this.bufferSize = bufferSize;
  }

  /** The bytes a chunk holds at most, compressed or not. */
  final int bufferSize() {
    return bufferSize;
  }

  /**
   * Room the stream keeps in a chunk for the compressed form to grow: with it, even incompressible input
   * compresses into one chunk no longer than {@link #bufferSize()}, so that the decompressor always receives a
   * whole compressed chunk. The algorithms' bounds grow at least one byte per input byte, so the bound of
   * {@code bufferSize - overhead} input bytes is at most {@code bufferSize}.
   */
  final int blockOverhead() {
    return Math.max(0, maxCompressedLength(bufferSize) - bufferSize);
  }

  /** The algorithm's bound on the compressed size of {@code inputLength} bytes. */
  final int maxCompressedLength(int inputLength) {
    return createCompressor().maxCompressedLength(inputLength);
  }

  @Override
  public BlockCompressor createCompressor() {
    return compressors.get();
  }

  @Override
  public Class<? extends BlockCompressor> getCompressorType() {
    return compressorType;
  }

  @Override
  public BlockDecompressor createDecompressor() {
    return decompressors.get();
  }

  @Override
  public Class<? extends BlockDecompressor> getDecompressorType() {
    return decompressorType;
  }

  @Override
  public String getDefaultExtension() {
    return extension;
  }

  @Override
  public CompressionOutputStream createOutputStream(OutputStream out) throws IOException {
    return createOutputStream(out, createCompressor());
  }

  @Override
  public CompressionOutputStream createOutputStream(OutputStream out, Compressor compressor) throws IOException {
    return new BlockCompressorStream(out, compressor, bufferSize, blockOverhead());
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in) throws IOException {
    return createInputStream(in, createDecompressor());
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in, Decompressor decompressor) throws IOException {
    return new BlockDecompressorStream(in, decompressor, MAX_CHUNK_SIZE);
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
  }

  @Override
  public Configuration getConf() {
    return conf;
  }
}

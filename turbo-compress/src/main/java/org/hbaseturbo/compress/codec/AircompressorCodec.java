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
 * the framing of Hadoop's own LZ4 and Snappy codecs and of hadoop-lzo, so no native library is needed on
 * either side.
 *
 * <p>HBase instantiates the class named by {@code hbase.io.compress.<algorithm>.codec} by reflection: each
 * subclass has a public no-argument constructor that names its algorithm's compressor and decompressor.
 */
public abstract class AircompressorCodec implements CompressionCodec, Configurable {
  /**
   * Uncompressed bytes per block at most, the default of HBase's own aircompressor codecs: an HFile block
   * (64 KiB by default) is compressed as one block.
   */
  static final int BLOCK_SIZE = 256 * 1024;

  private final Supplier<BlockCompressor> compressors;
  private final Class<? extends BlockCompressor> compressorType;
  private final Supplier<BlockDecompressor> decompressors;
  private final Class<? extends BlockDecompressor> decompressorType;
  private final String extension;
  private Configuration conf = new Configuration(false);

  /**
   * @param compressorType this codec's own compressor class (Hadoop's CodecPool pools by class, so each codec
   *     needs classes of its own), made by {@code compressors}; likewise the decompressors
   */
  protected <C extends BlockCompressor, D extends BlockDecompressor> AircompressorCodec(Supplier<C> compressors,
      Class<C> compressorType, Supplier<D> decompressors, Class<D> decompressorType, String extension) {
    this.compressors = compressors::get;
    this.compressorType = compressorType;
    this.decompressors = decompressors::get;
    this.decompressorType = decompressorType;
    this.extension = extension;
  }

  /**
   * Room the stream keeps in a block for the compressed form to grow: with it, even incompressible input
   * compresses into one chunk no longer than {@link #BLOCK_SIZE}, so that the decompressor always receives a
   * whole compressed block. The algorithms' bounds grow at least one byte per input byte, so the bound of
   * {@code BLOCK_SIZE - overhead} input bytes is at most {@code BLOCK_SIZE}.
   */
  final int blockOverhead() {
    return Math.max(0, maxCompressedLength(BLOCK_SIZE) - BLOCK_SIZE);
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
    return new BlockCompressorStream(out, compressor, BLOCK_SIZE, blockOverhead());
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in) throws IOException {
    return createInputStream(in, createDecompressor());
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in, Decompressor decompressor) throws IOException {
    return new BlockDecompressorStream(in, decompressor, BLOCK_SIZE);
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

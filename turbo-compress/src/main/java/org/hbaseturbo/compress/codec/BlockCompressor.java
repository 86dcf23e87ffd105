package org.hbaseturbo.compress.codec;

import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.Compressor;

/**
 * Hadoop {@link Compressor} over an aircompressor block compressor. Hadoop's {@code BlockCompressorStream}
 * gives it a block's input (in one or more {@code setInput} calls), then {@code finish()}, then drains it with
 * {@code compress()}: the block is compressed at once and handed out from a buffer. The stream frames each
 * {@code compress()} result with its length, and the codec sizes blocks so that one call drains a block
 * ({@link AircompressorCodec#blockOverhead}), which lets the decompressor see whole compressed blocks only.
 */
abstract class BlockCompressor implements Compressor {
  private final io.airlift.compress.Compressor compressor;
  private byte[] input = new byte[0];
  private int inputLength;
  private byte[] output = new byte[0];
  private int outputOffset;
  private int outputLength;
  private boolean finishRequested;
  private boolean compressed;
  private long bytesRead;
  private long bytesWritten;

  /**
   * Each codec has its own subclass: Hadoop's CodecPool pools compressors by class, so a class shared by two
   * codecs would hand one codec's compressor to the other.
   */
  BlockCompressor(io.airlift.compress.Compressor compressor) {
    this.compressor = compressor;
  }

  int maxCompressedLength(int inputLength) {
    return compressor.maxCompressedLength(inputLength);
  }

  @Override
  public void setInput(byte[] b, int off, int len) {
    if (compressed) {
      throw new IllegalStateException("setInput after finish() without reset()");
    }
    if (inputLength + len > input.length) {
      input = Arrays.copyOf(input, Math.max(inputLength + len, input.length * 2));
    }
    System.arraycopy(b, off, input, inputLength, len);
    inputLength += len;
    bytesRead += len;
  }

  /** Input is buffered until {@code finish()}; the stream bounds a block's size itself. */
  @Override
  public boolean needsInput() {
    return !finishRequested;
  }

  @Override
  public void setDictionary(byte[] b, int off, int len) {
    throw new UnsupportedOperationException("dictionaries are not supported");
  }

  @Override
  public long getBytesRead() {
    return bytesRead;
  }

  @Override
  public long getBytesWritten() {
    return bytesWritten;
  }

  @Override
  public void finish() {
    finishRequested = true;
  }

  @Override
  public boolean finished() {
    return finishRequested && compressed && outputOffset == outputLength;
  }

  @Override
  public int compress(byte[] b, int off, int len) {
    if (!finishRequested) {
      return 0;
    }
    if (!compressed) {
      // No input gives no chunk, as with Hadoop's and HBase's own compressors: the block then ends with its
      // length header of 0 alone. A chunk after that header is read as the next block's header by HBase's
      // BlockDecompressorHelper, which parses all of an HFile block's framing (the ByteBuff path of HBase's
      // ZstdCodec). The stream finishes with no input after every block longer than one buffer, and for empty
      // HFile blocks.
      outputLength = inputLength == 0 ? 0 : compressInput();
      outputOffset = 0;
      compressed = true;
    }
    int n = Math.min(len, outputLength - outputOffset);
    System.arraycopy(output, outputOffset, b, off, n);
    outputOffset += n;
    bytesWritten += n;
    return n;
  }

  private int compressInput() {
    int bound = compressor.maxCompressedLength(inputLength);
    if (output.length < bound) {
      output = new byte[bound];
    }
    return compressor.compress(input, 0, inputLength, output, 0, output.length);
  }

  @Override
  public void reset() {
    inputLength = 0;
    outputOffset = 0;
    outputLength = 0;
    finishRequested = false;
    compressed = false;
    bytesRead = 0;
    bytesWritten = 0;
  }

  @Override
  public void end() {
    input = new byte[0];
    output = new byte[0];
  }

  @Override
  public void reinit(Configuration conf) {
    reset();
  }
}

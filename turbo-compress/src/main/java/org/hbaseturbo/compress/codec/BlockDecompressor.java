package org.hbaseturbo.compress.codec;

import java.io.IOException;
import org.apache.hadoop.io.compress.Decompressor;

/**
 * Hadoop {@link Decompressor} over an aircompressor block decompressor: each {@code setInput} is one whole
 * compressed block (see {@link BlockCompressor}), decompressed at once and handed out from a buffer.
 */
abstract class BlockDecompressor implements Decompressor {
  private final io.airlift.compress.Decompressor decompressor;
  private final int maxBlockSize;
  private byte[] input = new byte[0];
  private int inputLength;
  private final byte[] output;
  private int outputOffset;
  private int outputLength;
  /**
   * Whether the last block given is all handed out. False again after {@link #reset()}: HBase warns of a
   * decompressor taken from the pool "already finished", as Hadoop's own are not.
   */
  private boolean finished;
  /**
   * Why the last input given is no chunk at all, or null. Hadoop's block stream hands over the chunk length it read,
   * unchecked, and {@code setInput} cannot throw an IOException: {@link #decompress} does.
   */
  private String refused;

  /** Each codec has its own subclass, for the reason given in {@link BlockCompressor}. */
  BlockDecompressor(io.airlift.compress.Decompressor decompressor, int maxBlockSize) {
    this.decompressor = decompressor;
    this.maxBlockSize = maxBlockSize;
    this.output = new byte[maxBlockSize];
  }

  @Override
  public void setInput(byte[] b, int off, int len) {
    if (off < 0 || len < 0 || off > b.length - len) {
      refused = "a compressed chunk of " + len + " bytes at offset " + off + " of a buffer of " + b.length
          + ": the stream is corrupt";
      inputLength = 0;
      finished = false;
      return;
    }
    refused = null;
    if (input.length < len) {
      input = new byte[len];
    }
    System.arraycopy(b, off, input, 0, len);
    inputLength = len;
    finished = false;
  }

  @Override
  public boolean needsInput() {
    return refused == null && inputLength == 0 && outputOffset == outputLength;
  }

  @Override
  public void setDictionary(byte[] b, int off, int len) {
    throw new UnsupportedOperationException("dictionaries are not supported");
  }

  @Override
  public boolean needsDictionary() {
    return false;
  }

  @Override
  public boolean finished() {
    return finished;
  }

  @Override
  public int decompress(byte[] b, int off, int len) throws IOException {
    if (refused != null) {
      throw new IOException(refused);
    }
    if (outputOffset == outputLength && inputLength > 0) {
      try {
        outputLength = decompressor.decompress(input, 0, inputLength, output, 0, maxBlockSize);
      } catch (RuntimeException e) {
        // aircompressor reports corrupt input, and output beyond maxBlockSize, as MalformedInputException
        // (unchecked); HBase expects IOException.
        throw new IOException("compressed chunk of " + inputLength + " bytes is corrupt or decompresses to more than "
            + maxBlockSize + " bytes: " + e.getMessage(), e);
      }
      outputOffset = 0;
      inputLength = 0;
    }
    int n = Math.min(len, outputLength - outputOffset);
    System.arraycopy(output, outputOffset, b, off, n);
    outputOffset += n;
    finished = inputLength == 0 && outputOffset == outputLength;
    return n;
  }

  @Override
  public int getRemaining() {
    return inputLength;
  }

  @Override
  public void reset() {
    refused = null;
    inputLength = 0;
    outputOffset = 0;
    outputLength = 0;
    finished = false;
  }

  @Override
  public void end() {
    reset();
  }
}

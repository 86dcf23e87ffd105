package org.hbaseturbo.compress;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.io.compress.ByteBuffDecompressor;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.nio.SingleByteBuff;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;
import org.hbaseturbo.common.Messages;
import org.hbaseturbo.compress.codec.AircompressorCodec;

/**
 * Whether an algorithm works in this JVM, checked the way HBase's {@code CompressionTest} does: a block
 * compressed and decompressed through HBase's own compression API, which is what HFile blocks go through.
 * Where Turbo has a codec of its own for the algorithm, the configured codec must also be interchangeable with
 * it, so that a switch of codec class either way leaves every HFile readable.
 */
public final class CodecCheck {
  private static final byte[] SAMPLE =
      "row-000042/readings:temp/1700000000/Put/vlen=4/seqid=0 21.5\n".repeat(200).getBytes(StandardCharsets.UTF_8);
  /**
   * The blocks the switch check exchanges: an empty one (every HFile has an empty meta index block), the
   * sample, and 300 KiB of text then random bytes, more than one 256 KiB codec buffer with chunks that do not
   * compress, where readers' buffer limits show.
   */
  private static final List<byte[]> SWITCH_BLOCKS = List.of(new byte[0], SAMPLE, textThenRandom(300 * 1024));

  private CodecCheck() {
  }

  /** @param error why it does not work; empty when it does */
  public record Result(boolean works, String error) {
  }

  private static final Result WORKS = new Result(true, "");

  public static Result check(Algorithm algorithm) {
    try {
      byte[] restored = decompress(algorithm, compress(algorithm, SAMPLE), SAMPLE.length);
      return Arrays.equals(restored, SAMPLE) ? checkSwitch(algorithm)
          : new Result(false, "decompressed data differ from the original");
    } catch (Throwable e) {
      // A missing native library shows as UnsatisfiedLinkError, a missing codec class as a RuntimeException.
      Throwable root = Messages.rootCause(e);
      return new Result(false, root.getClass().getSimpleName() + ": " + root.getMessage());
    }
  }

  /**
   * The configured codec must read the blocks Turbo's codec writes, as HBase's HFile reader reads them, and
   * Turbo's codec must read the configured codec's: otherwise switching codec classes, away from Turbo's or
   * back, leaves HFiles unreadable. Hadoop's ZStandardCodec, for one, writes and reads plain zstd frames where
   * Turbo's and HBase's ZstdCodec write Hadoop's block framing.
   */
  private static Result checkSwitch(Algorithm algorithm) throws IOException {
    Optional<AircompressorCodec> own = TurboCodecs.ownCodec(algorithm);
    if (own.isEmpty()) {
      return WORKS;
    }
    String turbo = "Turbo's " + own.get().getClass().getSimpleName();
    for (byte[] block : SWITCH_BLOCKS) {
      byte[] ours = compressWith(own.get(), block);
      Optional<String> failure = readBack(block, () -> decompressAsHFileBlock(algorithm, ours, block.length));
      if (failure.isPresent()) {
        return new Result(false, "the configured codec cannot read the " + algorithm.getName()
            + " blocks that " + turbo + " writes (" + failure.get() + ", block of " + block.length
            + " bytes): HFiles written by " + turbo + " would not be readable with it; keep " + turbo
            + ", or switch to a codec that reads Hadoop's block framing");
      }
      byte[] theirs = compress(algorithm, block);
      failure = readBack(block, () -> decompressWith(own.get(), theirs, block.length));
      if (failure.isPresent()) {
        return new Result(false, turbo + " cannot read the " + algorithm.getName()
            + " blocks that the configured codec writes (" + failure.get() + ", block of " + block.length
            + " bytes): HFiles it writes would not be readable after a switch back to " + turbo);
      }
    }
    return WORKS;
  }

  private interface BlockReader {
    byte[] read() throws IOException;
  }

  /** Why {@code reader} did not return {@code block}; empty when it did. */
  private static Optional<String> readBack(byte[] block, BlockReader reader) {
    try {
      return Arrays.equals(reader.read(), block) ? Optional.empty()
          : Optional.of("decompressed data differ from the original");
    } catch (Throwable e) {
      // The codec's own exception: it is thrown here directly, and Turbo's says more than its cause.
      return Optional.of(e.getClass().getSimpleName() + ": " + Messages.firstLine(e));
    }
  }

  /** {@code data} compressed as one HFile block would be. */
  public static byte[] compress(Algorithm algorithm, byte[] data) throws IOException {
    Compressor compressor = algorithm.getCompressor();
    try {
      ByteArrayOutputStream compressed = new ByteArrayOutputStream();
      try (OutputStream out = algorithm.createCompressionStream(compressed, compressor, 0)) {
        out.write(data);
      }
      return compressed.toByteArray();
    } finally {
      algorithm.returnCompressor(compressor);
    }
  }

  /** The inverse of {@link #compress}, given the uncompressed size as an HFile block header gives it. */
  public static byte[] decompress(Algorithm algorithm, byte[] compressed, int uncompressedSize)
      throws IOException {
    Decompressor decompressor = algorithm.getDecompressor();
    try (InputStream in = algorithm.createDecompressionStream(new ByteArrayInputStream(compressed), decompressor,
        0)) {
      byte[] restored = new byte[uncompressedSize];
      IOUtils.readFully(in, restored, 0, uncompressedSize);
      return restored;
    } finally {
      algorithm.returnDecompressor(decompressor);
    }
  }

  /**
   * As HBase's HFile reader decompresses a block ({@code HFileBlockDefaultDecodingContext}): with the codec's
   * ByteBuff decompressor where it has one that takes the buffers (HBase's ZstdCodec), else as a stream.
   */
  private static byte[] decompressAsHFileBlock(Algorithm algorithm, byte[] compressed, int uncompressedSize)
      throws IOException {
    if (algorithm.supportsByteBuffDecompression()) {
      ByteBuffDecompressor decompressor = algorithm.getByteBuffDecompressor();
      try {
        decompressor.reinit(algorithm.getHFileDecompressionContextForConfiguration(HBaseConfiguration.create()));
        SingleByteBuff output = new SingleByteBuff(ByteBuffer.allocate(uncompressedSize));
        SingleByteBuff input = new SingleByteBuff(ByteBuffer.wrap(compressed));
        if (decompressor.canDecompress(output, input)) {
          decompressor.decompress(output, input, compressed.length);
          return output.array();
        }
      } finally {
        algorithm.returnByteBuffDecompressor(decompressor);
      }
    }
    return decompress(algorithm, compressed, uncompressedSize);
  }

  /** {@code data} compressed by {@code codec} as HBase's HFile writer compresses a block. */
  private static byte[] compressWith(CompressionCodec codec, byte[] data) throws IOException {
    ByteArrayOutputStream compressed = new ByteArrayOutputStream();
    try (CompressionOutputStream out = codec.createOutputStream(compressed, codec.createCompressor())) {
      out.write(data, 0, data.length);
      out.flush();
      out.finish();
    }
    return compressed.toByteArray();
  }

  private static byte[] decompressWith(CompressionCodec codec, byte[] compressed, int uncompressedSize)
      throws IOException {
    try (InputStream in = codec.createInputStream(new ByteArrayInputStream(compressed), codec.createDecompressor())) {
      byte[] restored = new byte[uncompressedSize];
      IOUtils.readFully(in, restored, 0, uncompressedSize);
      return restored;
    }
  }

  private static byte[] textThenRandom(int size) {
    byte[] block = new byte[size];
    int text = size * 2 / 3;
    for (int offset = 0; offset < text; offset += SAMPLE.length) {
      System.arraycopy(SAMPLE, 0, block, offset, Math.min(SAMPLE.length, text - offset));
    }
    byte[] random = new byte[size - text];
    new Random(42).nextBytes(random);
    System.arraycopy(random, 0, block, text, random.length);
    return block;
  }
}

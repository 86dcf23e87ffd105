package org.hbaseturbo.compress;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;
import org.hbaseturbo.common.Messages;

/**
 * Whether an algorithm works in this JVM, checked the way HBase's {@code CompressionTest} does: a block
 * compressed and decompressed through HBase's own compression API, which is what HFile blocks go through.
 */
public final class CodecCheck {
  private static final byte[] SAMPLE =
      "row-000042/readings:temp/1700000000/Put/vlen=4/seqid=0 21.5\n".repeat(200).getBytes(StandardCharsets.UTF_8);

  private CodecCheck() {
  }

  /** @param error why it does not work; empty when it does */
  public record Result(boolean works, String error) {
  }

  public static Result check(Algorithm algorithm) {
    try {
      byte[] restored = decompress(algorithm, compress(algorithm, SAMPLE), SAMPLE.length);
      return Arrays.equals(restored, SAMPLE) ? new Result(true, "")
          : new Result(false, "decompressed data differ from the original");
    } catch (Throwable e) {
      // A missing native library shows as UnsatisfiedLinkError, a missing codec class as a RuntimeException.
      Throwable root = Messages.rootCause(e);
      return new Result(false, root.getClass().getSimpleName() + ": " + root.getMessage());
    }
  }

  /** {@code data} compressed as one HFile block would be. */
  public static byte[] compress(Algorithm algorithm, byte[] data) throws java.io.IOException {
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
      throws java.io.IOException {
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
}

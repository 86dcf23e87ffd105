package org.hbaseturbo.compress.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.airlift.compress.zstd.ZstdOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.compress.CompressionInputStream;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TestAircompressorCodecs {
  private static final List<AircompressorCodec> CODECS =
      List.of(new LzoCodec(), new Lz4Codec(), new SnappyCodec(), new ZstdCodec());
  private static final Map<Class<?>, io.airlift.compress.Decompressor> RAW_DECOMPRESSORS = Map.of(
      LzoCodec.class, new io.airlift.compress.lzo.LzoDecompressor(),
      Lz4Codec.class, new io.airlift.compress.lz4.Lz4Decompressor(),
      SnappyCodec.class, new io.airlift.compress.snappy.SnappyDecompressor(),
      ZstdCodec.class, new io.airlift.compress.zstd.ZstdDecompressor());

  /** Sizes HBase gives a codec: nothing, a byte, an HFile block (64 KiB), a whole codec buffer, more. */
  static Stream<Arguments> codecsAndInputs() {
    Random random = new Random(42);
    byte[] incompressible = new byte[AircompressorCodec.HADOOP_BUFFER_SIZE + 123];
    random.nextBytes(incompressible);
    byte[] textLike = ("row-0001/cf:temperature=21.5 ts=1700000000 ".repeat(30_000)).getBytes(StandardCharsets.UTF_8);
    List<byte[]> inputs = List.of(new byte[0], new byte[] {7}, new byte[64 * 1024],
        Arrays.copyOf(incompressible, 64 * 1024), Arrays.copyOf(incompressible, AircompressorCodec.HADOOP_BUFFER_SIZE),
        incompressible, textLike);
    return CODECS.stream().flatMap(codec -> inputs.stream().map(input -> Arguments.of(codec, input)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("codecsAndInputs")
  void roundTripsThroughHadoopBlockStreams(AircompressorCodec codec, byte[] input) throws IOException {
    assertThat(decompress(codec, compress(codec, input))).isEqualTo(input);
  }

  /** As HBase pools them: a decompressor reset on its return is not finished, and reads the next stream right. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void aPooledDecompressorIsNotFinishedAfterResetAndReadsAgain(AircompressorCodec codec) throws IOException {
    byte[] input = "row-0001/cf:q=value ".repeat(5_000).getBytes(StandardCharsets.UTF_8);
    org.apache.hadoop.io.compress.Decompressor decompressor = codec.createDecompressor();
    for (int use = 0; use < 2; use++) {
      try (CompressionInputStream in = codec.createInputStream(new ByteArrayInputStream(compress(codec, input)),
          decompressor)) {
        assertThat(in.readAllBytes()).isEqualTo(input);
      }
      assertThat(decompressor.finished()).as("finished with the stream's last block").isTrue();
      decompressor.reset();
      assertThat(decompressor.finished()).as("finished after reset").isFalse();
      assertThat(decompressor.needsInput()).isTrue();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void compressesRedundantDataAndBoundsIncompressibleData(AircompressorCodec codec) throws IOException {
    byte[] zeros = new byte[64 * 1024];
    assertThat(compress(codec, zeros).length).isLessThan(zeros.length / 10);
    byte[] random = new byte[64 * 1024];
    new Random(1).nextBytes(random);
    // Framing: 4 bytes of uncompressed length and 4 of chunk length, plus the algorithm's own bound, per chunk.
    // LZO's 64 KiB buffer takes the two halves compress() writes as two blocks of one chunk each.
    int chunks = random.length <= codec.bufferSize() - codec.blockOverhead() ? 1 : 2;
    assertThat(compress(codec, random).length)
        .isLessThanOrEqualTo(chunks * (codec.maxCompressedLength(random.length / chunks) + 8));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void anIncompressibleFullBlockStillCompressesIntoOneChunk(AircompressorCodec codec) {
    int input = codec.bufferSize() - codec.blockOverhead();
    assertThat(codec.maxCompressedLength(input)).isLessThanOrEqualTo(codec.bufferSize());
  }

  /**
   * No input, no chunk: the block is its length header of 0 alone, as Hadoop's and HBase's own compressors
   * write it. HBase's ZstdCodec parses a block's framing to its end and would take a chunk after it for the
   * next block's length header.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void emptyInputIsALengthHeaderAlone(AircompressorCodec codec) throws IOException {
    assertThat(compress(codec, new byte[0])).containsExactly(0, 0, 0, 0);
  }

  /**
   * Parses the framing as HBase's {@code BlockDecompressorHelper} does (the ByteBuff path of HBase's ZstdCodec):
   * blocks of a length header and chunks adding up to it, every byte accounted for. Each chunk must also fit in
   * the codec's buffer, compressed and decompressed, as other implementations' readers require.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void everyByteParsesAsBlocksOfChunksThatFitTheBuffer(AircompressorCodec codec) throws IOException {
    byte[] input = new byte[3 * AircompressorCodec.HADOOP_BUFFER_SIZE + 5];
    new Random(3).nextBytes(input);
    Arrays.fill(input, input.length / 2, input.length, (byte) 'x');
    ByteBuffer framed = ByteBuffer.wrap(compress(codec, input));
    io.airlift.compress.Decompressor raw = RAW_DECOMPRESSORS.get(codec.getClass());
    byte[] chunk = new byte[codec.bufferSize()];
    ByteArrayOutputStream restored = new ByteArrayOutputStream();
    while (framed.hasRemaining()) {
      int blockLength = framed.getInt();
      int blockRestored = 0;
      while (blockRestored < blockLength) {
        int chunkLength = framed.getInt();
        assertThat(chunkLength).isBetween(1, codec.bufferSize());
        int n = raw.decompress(framed.array(), framed.position(), chunkLength, chunk, 0, chunk.length);
        framed.position(framed.position() + chunkLength);
        restored.write(chunk, 0, n);
        blockRestored += n;
      }
      assertThat(blockRestored).isEqualTo(blockLength);
    }
    assertThat(restored.toByteArray()).isEqualTo(input);
  }

  /**
   * Hadoop's block stream ends quietly at a truncated chunk; HBase's block reader, which knows the block's
   * uncompressed size and reads it fully, then fails with an IOException. So does a reader that does the same.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void truncatedInputFailsAReaderThatKnowsTheBlockSize(AircompressorCodec codec) throws IOException {
    byte[] text = "sensor reading ".repeat(5_000).getBytes(StandardCharsets.UTF_8);
    byte[] compressed = compress(codec, text);
    byte[] truncated = Arrays.copyOf(compressed, compressed.length / 2);
    assertThatThrownBy(() -> {
      try (CompressionInputStream in = codec.createInputStream(new ByteArrayInputStream(truncated))) {
        IOUtils.readFully(in, new byte[text.length], 0, text.length);
      }
    }).isInstanceOf(IOException.class);
  }

  /**
   * Hadoop's block stream hands the decompressor the chunk length it read, unchecked: a corrupt stream's may be
   * negative, which must come out as an IOException like any other corruption (a jqwik run of the property below
   * found it as an ArrayIndexOutOfBoundsException).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void aNegativeChunkLengthIsAnIoError(AircompressorCodec codec) throws IOException {
    byte[] valid = compress(codec, "abc".getBytes(StandardCharsets.UTF_8));
    ByteBuffer stream = ByteBuffer.allocate(valid.length + 4).put(valid).putInt(0xFF000000);
    assertThat(stream.getInt(0)).as("the block's length").isEqualTo(3);
    assertThat(8 + stream.getInt(4)).as("the block's one chunk, the whole stream").isEqualTo(valid.length);
    // The block claims more than its chunk holds, so the int after it is read as the next chunk's length.
    stream.putInt(0, 65_536);
    assertThatThrownBy(() -> decompress(codec, stream.array())).isInstanceOf(IOException.class)
        .hasMessageContaining("-16777216");
  }

  @Property(tries = 200)
  void anyBytesRoundTrip(@ForAll("codec") AircompressorCodec codec, @ForAll @Size(max = 300_000) byte[] input)
      throws IOException {
    assertThat(decompress(codec, compress(codec, input))).isEqualTo(input);
  }

  @Property(tries = 300)
  void corruptInputNeverEscapesAsAnythingButAnIoError(@ForAll("codec") AircompressorCodec codec,
      @ForAll @Size(min = 1, max = 2_000) byte[] garbage) {
    // Arbitrary bytes after a valid header: either they happen to decode, or the codec says IOException.
    byte[] stream = new byte[garbage.length + 8];
    stream[2] = 1; // uncompressed length 65536
    stream[7] = (byte) Math.min(garbage.length, 127);
    System.arraycopy(garbage, 0, stream, 8, garbage.length);
    try {
      decompress(codec, stream);
    } catch (IOException expected) {
      // rejected, as it should be
    }
  }

  /**
   * Hadoop's ZStandardCodec writes each block as plain zstd frames; ZstdCodec reads those as well as its block
   * framing (libzstd's frames, as Hadoop writes them: the interop tests).
   */
  @Property(tries = 100)
  void zstdCodecReadsPlainZstdFrames(@ForAll @Size(max = 600_000) byte[] input) throws IOException {
    ByteArrayOutputStream frames = new ByteArrayOutputStream();
    try (ZstdOutputStream out = new ZstdOutputStream(frames)) {
      out.write(input);
    }
    assertThat(decompress(new ZstdCodec(), frames.toByteArray())).isEqualTo(input);
  }

  @Property(tries = 300)
  void corruptZstdFramesNeverEscapeAsAnythingButAnIoError(@ForAll @Size(max = 2_000) byte[] garbage) {
    byte[] stream = new byte[garbage.length + 4];
    ByteBuffer.wrap(stream).order(ByteOrder.LITTLE_ENDIAN).putInt(0xFD2FB528);
    System.arraycopy(garbage, 0, stream, 4, garbage.length);
    try {
      decompress(new ZstdCodec(), stream);
    } catch (IOException expected) {
      // rejected, as it should be
    }
  }

  @Provide
  Arbitrary<AircompressorCodec> codec() {
    return Arbitraries.of(CODECS);
  }

  static Stream<AircompressorCodec> codecs() {
    return CODECS.stream();
  }

  static byte[] compress(AircompressorCodec codec, byte[] input) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (CompressionOutputStream out = codec.createOutputStream(bytes)) {
      // Two writes, as HBase's buffered streams do, to exercise input accumulation within a block.
      out.write(input, 0, input.length / 2);
      out.write(input, input.length / 2, input.length - input.length / 2);
    }
    return bytes.toByteArray();
  }

  static byte[] decompress(AircompressorCodec codec, byte[] compressed) throws IOException {
    try (CompressionInputStream in = codec.createInputStream(new ByteArrayInputStream(compressed))) {
      return in.readAllBytes();
    }
  }
}

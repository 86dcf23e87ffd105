package org.hbaseturbo.compress.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.io.compress.ByteBuffDecompressionCodec;
import org.apache.hadoop.hbase.io.compress.ByteBuffDecompressor;
import org.apache.hadoop.hbase.io.compress.CanReinit;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.nio.SingleByteBuff;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.util.ReflectionUtils;
import org.hbaseturbo.compress.codec.TestingChunkLimits;
import org.hbaseturbo.compress.interop.TestingCodecs.Format;
import org.hbaseturbo.compress.interop.TestingCodecs.Implementation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The codec streams as HBase's HFile block writer and reader drive them ({@code HFileBlockDefaultEncodingContext}
 * and {@code ...DecodingContext}), on blocks of every size where a writer starts another chunk or a reader's
 * buffer ends, give or take a byte, incompressible and compressible: ours written, each other implementation
 * reading, and the other way round.
 */
class TestCodecStreams {
  private static final int KIB = 1024;
  /**
   * Where the other writers start another chunk: their buffer (Hadoop's core-default.xml: 256 KiB for LZ4 and
   * Snappy, 64 KiB for LZO; HBase's ZSTD 256 KiB) less their codec's overhead. LZ4: {@code n/255 + 16} in
   * Hadoop and aircompressor; SNAPPY: {@code n/6 + 32} in Hadoop, aircompressor and HBase's xerial codec
   * (snappy's bound); LZO: {@code n/16 + 64 + 3} in lzo-hadoop and aircompressor; ZSTD: zstd's bound,
   * {@code n/256} for HBase's ZstdCodec (libzstd frames have no chunks).
   */
  private static final Map<Algorithm, Integer> OTHERS_MAX_INPUT = Map.of(
      Algorithm.LZ4, 256 * KIB - (256 * KIB / 255 + 16),
      Algorithm.SNAPPY, 256 * KIB - (256 * KIB / 6 + 32),
      Algorithm.LZO, 64 * KIB - (64 * KIB / 16 + 64 + 3),
      Algorithm.ZSTD, 256 * KIB - 256 * KIB / 256);

  static Stream<Implementation> blockFraming() {
    return TestingCodecs.others(Format.BLOCKS);
  }

  static Stream<Implementation> others() {
    return TestingCodecs.others();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("blockFraming")
  void othersReadOurBlocks(Implementation other) throws Exception {
    CompressionCodec ours = codec(TestingCodecs.turbo(other.algorithm()));
    CompressionCodec theirs = codec(other.codecClass());
    List<byte[]> blocks = blocks(other.algorithm());
    List<byte[]> compressed = compress(ours, blocks);
    for (int i = 0; i < blocks.size(); i++) {
      assertThat(decompress(theirs, other.readConf(), compressed.get(i), blocks.get(i).length))
          .as("block %d of %d bytes", i, blocks.get(i).length).isEqualTo(blocks.get(i));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("others")
  void oursReadsTheirBlocks(Implementation other) throws Exception {
    CompressionCodec ours = codec(TestingCodecs.turbo(other.algorithm()));
    CompressionCodec theirs = codec(other.codecClass());
    List<byte[]> blocks = blocks(other.algorithm());
    List<byte[]> compressed = compress(theirs, blocks);
    for (int i = 0; i < blocks.size(); i++) {
      assertThat(decompress(ours, new Configuration(), compressed.get(i), blocks.get(i).length))
          .as("block %d of %d bytes", i, blocks.get(i).length).isEqualTo(blocks.get(i));
    }
  }

  /**
   * For each size: a byte more and less than each chunk limit and buffer, one byte, and three buffers and
   * more; each size once random (incompressible) and once text-like.
   */
  private static List<byte[]> blocks(Algorithm algorithm) throws ReflectiveOperationException {
    TreeSet<Integer> limits = new TreeSet<>(List.of(64 * KIB, 256 * KIB, OTHERS_MAX_INPUT.get(algorithm),
        TestingChunkLimits.maxInput(TestingCodecs.turbo(algorithm))));
    TreeSet<Integer> sizes = new TreeSet<>(List.of(1, 3 * 256 * KIB + 5));
    for (int limit : limits) {
      sizes.addAll(List.of(limit - 1, limit, limit + 1));
    }
    Random random = new Random(algorithm.ordinal());
    byte[] text = "row-0000042/readings:temperature=21.5 gas=0.031 house=7 ".repeat(15_000)
        .getBytes(StandardCharsets.US_ASCII);
    List<byte[]> blocks = new ArrayList<>();
    for (int size : sizes) {
      byte[] incompressible = new byte[size];
      random.nextBytes(incompressible);
      blocks.add(incompressible);
      blocks.add(Arrays.copyOf(text, size));
    }
    return blocks;
  }

  private static CompressionCodec codec(String codecClass) throws ClassNotFoundException {
    // As HBase's Compression.Algorithm builds a codec: on a copy of a configuration with Hadoop's defaults.
    return (CompressionCodec) ReflectionUtils.newInstance(Class.forName(codecClass), new Configuration());
  }

  /** One stream and compressor for all blocks, each block reset, written at once, flushed and finished. */
  private static List<byte[]> compress(CompressionCodec codec, List<byte[]> blocks) throws IOException {
    Compressor compressor = codec.createCompressor();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    List<byte[]> compressed = new ArrayList<>();
    try (CompressionOutputStream out = codec.createOutputStream(bytes, compressor)) {
      for (byte[] block : blocks) {
        bytes.reset();
        out.resetState();
        out.write(block, 0, block.length);
        out.flush();
        out.finish();
        compressed.add(bytes.toByteArray());
      }
    }
    return compressed;
  }

  /**
   * As HBase reads a block: through the codec's ByteBuff decompressor where it has one that takes the buffers
   * (HBase's ZstdCodec, unless configured not to), else a stream read up to the block's uncompressed size.
   */
  private static byte[] decompress(CompressionCodec codec, Configuration conf, byte[] compressed, int size)
      throws IOException {
    if (codec instanceof ByteBuffDecompressionCodec byteBuffCodec) {
      ByteBuffDecompressor decompressor = byteBuffCodec.createByteBuffDecompressor();
      decompressor.reinit(byteBuffCodec.getDecompressionContextFromConfiguration(conf));
      SingleByteBuff output = new SingleByteBuff(ByteBuffer.allocate(size));
      SingleByteBuff input = new SingleByteBuff(ByteBuffer.wrap(compressed));
      if (decompressor.canDecompress(output, input)) {
        decompressor.decompress(output, input, compressed.length);
        return output.array();
      }
    }
    Decompressor decompressor = codec.createDecompressor();
    if (decompressor instanceof CanReinit reinit) {
      reinit.reinit(conf);
    }
    byte[] restored = new byte[size];
    try (InputStream in = new BufferedInputStream(codec.createInputStream(new ByteArrayInputStream(compressed),
        decompressor), 1024)) {
      IOUtils.readFully(in, restored, 0, size);
    }
    return restored;
  }
}

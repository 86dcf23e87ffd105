package org.hbaseturbo.compress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;
import org.hbaseturbo.compress.codec.AircompressorCodec;
import org.junit.jupiter.api.Test;

class TestTurboCodecs {
  @Test
  void supportsThePapersCodecsPlusZstdInOrder() {
    assertThat(TurboCodecs.codecs().keySet()).containsExactly(Algorithm.NONE, Algorithm.GZ, Algorithm.SNAPPY,
        Algorithm.LZ4, Algorithm.LZO, Algorithm.ZSTD);
  }

  @Test
  void configureSetsTheKeysHBaseReads() {
    Configuration conf = TurboCodecs.configure(new Configuration(false));
    assertThat(conf.get(Compression.LZO_CODEC_CLASS_KEY)).isEqualTo("org.hbaseturbo.compress.codec.LzoCodec");
    assertThat(conf.get(Compression.ZSTD_CODEC_CLASS_KEY)).isEqualTo("org.hbaseturbo.compress.codec.ZstdCodec");
    assertThat(conf.get(Compression.GZ_CODEC_CLASS_KEY)).isEqualTo(Compression.GZ_CODEC_CLASS_DEFAULT);
    assertThat(TurboCodecs.codecKey(Algorithm.LZ4)).isEqualTo(Compression.LZ4_CODEC_CLASS_KEY);
  }

  /**
   * Hadoop's CodecPool pools compressors by class: with one class for all codecs, a ZSTD request got the
   * Snappy compressor pooled before it. Each codec's bytes must decode with a fresh instance of that codec.
   */
  @Test
  void pooledCompressorsNeverCrossCodecs() throws Exception {
    TurboCodecs.install();
    byte[] block = "temperature 21.5 gas 0.031 ".repeat(2_000).getBytes(StandardCharsets.UTF_8);
    for (Algorithm first : List.of(Algorithm.SNAPPY, Algorithm.LZ4, Algorithm.LZO, Algorithm.ZSTD)) {
      CodecCheck.compress(first, block);
      for (Algorithm second : List.of(Algorithm.SNAPPY, Algorithm.LZ4, Algorithm.LZO, Algorithm.ZSTD)) {
        byte[] compressed = CodecCheck.compress(second, block);
        AircompressorCodec fresh = (AircompressorCodec) Class.forName(TurboCodecs.codecs().get(second))
            .getDeclaredConstructor().newInstance();
        try (InputStream in = fresh.createInputStream(new ByteArrayInputStream(compressed))) {
          assertThat(in.readAllBytes()).as("%s after %s", second, first).isEqualTo(block);
        }
      }
    }
    assertThat(Algorithm.ZSTD.getCompressor().getClass()).isNotEqualTo(Algorithm.SNAPPY.getCompressor().getClass());
  }

  /** After install(), HBase's own compression API (as HFile blocks use it) runs on the Turbo codecs. */
  @Test
  void installedCodecsServeHBasesCompressionApi() throws Exception {
    TurboCodecs.install();
    byte[] block = "timestamp=1700000000 temperature=21.5 gas=0.03 ".repeat(1_400).getBytes(StandardCharsets.UTF_8);
    for (Algorithm algorithm : TurboCodecs.codecs().keySet()) {
      if (algorithm == Algorithm.NONE || algorithm == Algorithm.GZ) {
        continue;
      }
      Compressor compressor = algorithm.getCompressor();
      assertThat(compressor.getClass().getName())
          .isEqualTo(TurboCodecs.codecs().get(algorithm) + "$Compressor");
      ByteArrayOutputStream compressed = new ByteArrayOutputStream();
      try (OutputStream out = algorithm.createCompressionStream(compressed, compressor, 0)) {
        out.write(block);
      } finally {
        algorithm.returnCompressor(compressor);
      }
      assertThat(compressed.size()).as(algorithm.getName()).isLessThan(block.length / 4);
      Decompressor decompressor = algorithm.getDecompressor();
      byte[] restored = new byte[block.length];
      try (InputStream in = algorithm.createDecompressionStream(new ByteArrayInputStream(compressed.toByteArray()),
          decompressor, 0)) {
        IOUtils.readFully(in, restored, 0, restored.length);
      } finally {
        algorithm.returnDecompressor(decompressor);
      }
      assertThat(restored).as(algorithm.getName()).isEqualTo(block);
    }
  }
}

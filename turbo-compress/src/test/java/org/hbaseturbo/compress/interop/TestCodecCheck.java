package org.hbaseturbo.compress.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.hbaseturbo.compress.CodecCheck;
import org.hbaseturbo.compress.TurboCodecs;
import org.hbaseturbo.compress.interop.TestingCodecs.Format;
import org.hbaseturbo.compress.interop.TestingCodecs.Implementation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link CodecCheck} is what {@code turbo compress codecs} runs on every RegionServer and what guards
 * {@code compress advise --apply}: it must pass the codecs a cluster can switch to and from Turbo's, and
 * refuse, naming the reason, those that would leave HFiles unreadable.
 */
class TestCodecCheck {
  static Stream<Implementation> blockFraming() {
    return TestingCodecs.others(Format.BLOCKS);
  }

  static Stream<Implementation> zstdFrames() {
    return TestingCodecs.others(Format.ZSTD_FRAMES);
  }

  @AfterEach
  void restoreTurboCodecs() {
    TurboCodecs.install();
  }

  @ParameterizedTest
  @EnumSource(value = Algorithm.class, names = {"LZ4", "SNAPPY", "LZO", "ZSTD"})
  void passesTurbosOwnCodecs(Algorithm algorithm) {
    TurboCodecs.install();
    assertThat(CodecCheck.check(algorithm)).isEqualTo(new CodecCheck.Result(true, ""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("blockFraming")
  void passesCodecsInterchangeableWithTurbos(Implementation other) {
    TestingCodecs.use(other.algorithm(), other.codecClass());
    assertThat(CodecCheck.check(other.algorithm())).isEqualTo(new CodecCheck.Result(true, ""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("zstdFrames")
  void refusesCodecsThatCannotReadTurbosBlocks(Implementation other) {
    TestingCodecs.use(other.algorithm(), other.codecClass());
    CodecCheck.Result result = CodecCheck.check(other.algorithm());
    assertThat(result.works()).isFalse();
    assertThat(result.error()).startsWith("the configured codec cannot read the zstd blocks that Turbo's ZstdCodec"
        + " writes (").containsAnyOf("Unknown frame descriptor", "Invalid magic prefix")
        .endsWith("HFiles written by Turbo's ZstdCodec would not be readable with it; keep Turbo's ZstdCodec, or"
            + " switch to a codec that reads Hadoop's block framing");
  }

  /**
   * Hadoop's Lz4Codec with a buffer above 256 KiB writes chunks larger than Turbo's decompressor takes: the
   * check names that direction too. (At the other implementations' default buffers, no chunk is that large.)
   */
  @Test
  void refusesCodecsWhoseBlocksTurboCannotRead() {
    TestingCodecs.use(Algorithm.LZ4, BigBufferLz4Codec.class.getName());
    CodecCheck.Result result = CodecCheck.check(Algorithm.LZ4);
    assertThat(result.works()).isFalse();
    assertThat(result.error()).startsWith("Turbo's Lz4Codec cannot read the lz4 blocks that the configured codec"
        + " writes (").contains("more than 262144 bytes")
        .endsWith("HFiles it writes would not be readable after a switch back to Turbo's Lz4Codec");
  }
}

package org.hbaseturbo.compress.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.hbaseturbo.compress.TurboCodecs;
import org.hbaseturbo.compress.interop.TestingCodecs.Format;
import org.hbaseturbo.compress.interop.TestingCodecs.Implementation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A cluster that switches an algorithm's codec class, to Turbo's or away from it, must read every HFile it has:
 * HFiles written by HBase's own writer with one implementation, read by HBase's own reader with another.
 */
class TestCodecSwitch {
  /** 3,000 rows: over 30 data blocks of 64 KiB and more, a few of them over 256 KiB (see TestingCells). */
  private static final List<Cell> CELLS = TestingCells.generate(42, 3_000);

  @TempDir
  java.nio.file.Path dir;

  static Stream<Implementation> blockFraming() {
    return TestingCodecs.others(Format.BLOCKS);
  }

  static Stream<Implementation> others() {
    return TestingCodecs.others();
  }

  static Stream<Implementation> zstdFrames() {
    return TestingCodecs.others(Format.ZSTD_FRAMES);
  }

  @AfterAll
  static void restoreTurboCodecs() {
    TurboCodecs.install();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("blockFraming")
  void othersReadWhatOursWrote(Implementation other) throws IOException {
    Path file = writtenBy(TestingCodecs.turbo(other.algorithm()), other);
    TestingCodecs.use(other.algorithm(), other.codecClass());
    assertThat(TestingHFiles.dataBlocks(other.readConf(), file)).isGreaterThanOrEqualTo(30);
    TestingCells.assertSameCells(TestingHFiles.read(other.readConf(), file), CELLS);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("others")
  void oursReadsWhatOthersWrote(Implementation other) throws IOException {
    Path file = writtenBy(other.codecClass(), other);
    TestingCodecs.use(other.algorithm(), TestingCodecs.turbo(other.algorithm()));
    TestingCells.assertSameCells(TestingHFiles.read(HBaseConfiguration.create(), file), CELLS);
  }

  /**
   * Ours writes HBase ZstdCodec's block framing, which Hadoop's ZStandardCodec cannot read: a switch to it must
   * fail on the first block, not return other cells. CodecCheck reports such a switch beforehand (TestCodecCheck).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("zstdFrames")
  void zstdFrameReadersFailOnOurBlocks(Implementation other) throws IOException {
    Path file = writtenBy(TestingCodecs.turbo(other.algorithm()), other);
    TestingCodecs.use(other.algorithm(), other.codecClass());
    assertThatThrownBy(() -> TestingHFiles.read(other.readConf(), file)).isInstanceOf(IOException.class)
        .rootCause().message().containsAnyOf("Unknown frame descriptor", "Invalid magic prefix");
  }

  private Path writtenBy(String codecClass, Implementation other) throws IOException {
    Path file = new Path(dir.resolve("written.hfile").toUri());
    TestingCodecs.use(other.algorithm(), codecClass);
    TestingHFiles.write(HBaseConfiguration.create(), file, other.algorithm(), CELLS);
    return file;
  }
}

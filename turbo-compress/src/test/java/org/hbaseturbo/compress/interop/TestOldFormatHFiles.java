package org.hbaseturbo.compress.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.hbaseturbo.common.Messages;
import org.hbaseturbo.compress.TurboCodecs;
import org.hbaseturbo.compress.interop.TestingCodecs.Format;
import org.hbaseturbo.compress.interop.TestingCodecs.Implementation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HFiles that Turbo's codecs wrote up to 38f3773, before they matched the other implementations' limits:
 * {@code src/test/resources/hfiles-38f3773/<algorithm>.hfile}, written by {@link TestingHFiles#write} with
 * {@code HBaseConfiguration.create()} and {@link TestingCells#generateFewLarge}{@code (7)} on the codec classes
 * of 38f3773 ({@code git show 38f3773:turbo-compress/src/main/java/org/hbaseturbo/compress/codec/...}).
 * Two differences of theirs stay in those files: LZO chunks of up to 256 KiB, and after every empty block and
 * every block over one buffer a chunk where the other implementations write none. Ours reads them all; which
 * other implementation does is pinned here, as the README states it.
 */
class TestOldFormatHFiles {
  private static final List<Cell> CELLS = TestingCells.generateFewLarge(7);
  /**
   * The implementations that cannot read these files, with what their failure's root cause says: the README says
   * to rewrite the files before a switch.
   */
  private static final Map<String, String> CANNOT_READ = Map.of(
      "lzo-hadoop LzoCodec", "Index 65536 out of bounds for length 65536",
      "aircompressor LzoCodec", "Malformed input",
      // 0x28B52FFD, the magic number at the start of the extra zstd frame, taken for a chunk's length.
      "HBase ZstdCodec", "682962941");

  static Stream<Implementation> readers() {
    return TestingCodecs.others(Format.BLOCKS).filter(other -> !CANNOT_READ.containsKey(other.name()));
  }

  static Stream<Implementation> nonReaders() {
    return TestingCodecs.others(Format.BLOCKS).filter(other -> CANNOT_READ.containsKey(other.name()));
  }

  @AfterAll
  static void restoreTurboCodecs() {
    TurboCodecs.install();
  }

  @ParameterizedTest
  @EnumSource(value = Algorithm.class, names = {"LZ4", "SNAPPY", "LZO", "ZSTD"})
  void oursReadsThem(Algorithm algorithm) throws IOException, URISyntaxException {
    TestingCodecs.use(algorithm, TestingCodecs.turbo(algorithm));
    TestingCells.assertSameCells(TestingHFiles.read(HBaseConfiguration.create(), file(algorithm)), CELLS);
  }

  /** Stream readers stop at the block's length: the extra chunks after it go unread. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("readers")
  void theseReadThem(Implementation other) throws IOException, URISyntaxException {
    TestingCodecs.use(other.algorithm(), other.codecClass());
    TestingCells.assertSameCells(TestingHFiles.read(other.readConf(), file(other.algorithm())), CELLS);
  }

  /**
   * LZO readers decompress a chunk into hadoop-lzo's 64 KiB buffer ({@code io.compression.codec.lzo.buffersize}
   * in Hadoop's core-default.xml), which most old chunks overran: every data block of 64 KiB or more. HBase's
   * ZstdCodec parses a block's framing to its end ({@code BlockDecompressorHelper}) and takes the extra chunk
   * after an empty block, the empty meta index every HFile has, for the next block's length header.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("nonReaders")
  void theseFailOnThem(Implementation other) throws URISyntaxException {
    TestingCodecs.use(other.algorithm(), other.codecClass());
    Path file = file(other.algorithm());
    Throwable thrown = catchThrowable(() -> TestingHFiles.read(other.readConf(), file));
    assertThat(thrown).isNotNull();
    assertThat(Messages.rootCause(thrown).getMessage()).contains(CANNOT_READ.get(other.name()));
  }

  private static Path file(Algorithm algorithm) throws URISyntaxException {
    return new Path(TestOldFormatHFiles.class.getResource("/hfiles-38f3773/" + algorithm.getName() + ".hfile")
        .toURI());
  }
}

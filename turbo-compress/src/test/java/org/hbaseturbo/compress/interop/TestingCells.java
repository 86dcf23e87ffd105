package org.hbaseturbo.compress.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The cells the codec switch tests write: many rows of small sensor-like values, every 100th row a ~100 KB
 * value (text-like or random, so both compressible and incompressible blocks occur), and a few 300 KB values:
 * an HFile block that large is more than one codec buffer (256 KiB), so Hadoop's block stream splits it into
 * several compressed chunks under one length header.
 */
final class TestingCells {
  static final byte[] FAMILY = Bytes.toBytes("f");
  private static final String[] WORDS = {"temperature", "gas", "21.5", "0.031", "house", "reading", "mac",
      "00:1b:44:11:3a:b7", "2016-01-01T00:00:00", "appliance", "channel", "watts"};

  private TestingCells() {
  }

  /** The same cells for the same seed, in HFile order. */
  static List<Cell> generate(long seed, int rows) {
    Random random = new Random(seed);
    List<Cell> cells = new ArrayList<>();
    for (int row = 0; row < rows; row++) {
      byte[] key = Bytes.toBytes(String.format("row-%07d", row));
      long ts = 1_700_000_000_000L + row;
      cells.add(new KeyValue(key, FAMILY, Bytes.toBytes("a"), ts, text(random, 40 + random.nextInt(40))));
      cells.add(new KeyValue(key, FAMILY, Bytes.toBytes("b"), ts, Bytes.toBytes(random.nextLong())));
      if (row % 100 == 50) {
        cells.add(new KeyValue(key, FAMILY, Bytes.toBytes("c"), ts, large(random, 100 * 1024, row % 200 == 50)));
      }
      if (row % 1_000 == 250) {
        cells.add(new KeyValue(key, FAMILY, Bytes.toBytes("d"), ts, large(random, 300 * 1024, true)));
      }
    }
    return cells;
  }

  /**
   * The cells of the HFiles kept from Turbo 38f3773 ({@code src/test/resources/hfiles-38f3773}): 200 rows of small
   * values, row 100 with a 70 KiB random value (a block of one incompressible chunk larger than 64 KiB) and row
   * 150 with a 300 KiB repetitive one (a block larger than one 256 KiB codec buffer, that compresses to little,
   * to keep the files small).
   */
  static List<Cell> generateFewLarge(long seed) {
    Random random = new Random(seed);
    List<Cell> cells = new ArrayList<>();
    for (int row = 0; row < 200; row++) {
      byte[] key = Bytes.toBytes(String.format("row-%07d", row));
      long ts = 1_700_000_000_000L + row;
      cells.add(new KeyValue(key, FAMILY, Bytes.toBytes("a"), ts, text(random, 40 + random.nextInt(40))));
      if (row == 100) {
        cells.add(new KeyValue(key, FAMILY, Bytes.toBytes("c"), ts, large(random, 70 * 1024, false)));
      } else if (row == 150) {
        byte[] repetitive =
            Arrays.copyOf("temperature 21.5 gas 0.031 ".repeat(12_000).getBytes(StandardCharsets.US_ASCII), 300 * 1024);
        cells.add(new KeyValue(key, FAMILY, Bytes.toBytes("c"), ts, repetitive));
      }
    }
    return cells;
  }

  /** Asserts that {@code actual} holds exactly {@code expected}: keys, timestamps, types and values. */
  static void assertSameCells(List<Cell> actual, List<Cell> expected) {
    assertThat(actual).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      Cell want = expected.get(i);
      Cell got = actual.get(i);
      assertThat(CellUtil.equals(got, want) && CellUtil.matchingValue(got, want))
          .as("cell %d: read %s, written %s", i, got, want).isTrue();
    }
  }

  private static byte[] large(Random random, int size, boolean textLike) {
    if (textLike) {
      return text(random, size);
    }
    byte[] value = new byte[size];
    random.nextBytes(value);
    return value;
  }

  private static byte[] text(Random random, int size) {
    StringBuilder text = new StringBuilder(size + 32);
    while (text.length() < size) {
      text.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
    }
    return text.substring(0, size).getBytes(StandardCharsets.US_ASCII);
  }
}

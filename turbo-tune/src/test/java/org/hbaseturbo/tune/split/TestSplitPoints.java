package org.hbaseturbo.tune.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestSplitPoints {
  @Test
  void quantilesCutAnUnsortedSampleIntoEquallyFullRegions() {
    List<byte[]> sample = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      sample.add(Bytes.toBytes(String.format("k%04d", i)));
    }
    Collections.shuffle(sample, new java.util.Random(7));

    assertThat(SplitPoints.quantiles(sample, 4)).extracting(Bytes::toString)
        .containsExactly("k0250", "k0500", "k0750");
    assertThat(SplitPoints.quantiles(sample, 1)).isEmpty();
  }

  @Test
  void equalQuantilesMakeOnePointAndAnEmptySampleNone() {
    List<byte[]> sample = List.of(Bytes.toBytes("a"), Bytes.toBytes("b"), Bytes.toBytes("b"), Bytes.toBytes("b"));

    assertThat(SplitPoints.quantiles(sample, 4)).extracting(Bytes::toString).containsExactly("b");
    assertThat(SplitPoints.quantiles(List.of(), 4)).isEmpty();
    assertThatThrownBy(() -> SplitPoints.quantiles(sample, 0)).hasMessage("regions must be at least 1, was 0");
  }

  @Test
  void ycsbHashedKeysAreUserAndTheFnvHashOfTheRecordNumber() {
    // 64-bit FNV-1a of the record number's 8 bytes, low byte first, computed apart from this code.
    assertThat(YcsbKeys.keyName(0, true, 1)).isEqualTo("user6284781860667377211");
    assertThat(YcsbKeys.keyName(42, true, 1)).isEqualTo("user55488592825689361");
    assertThat(YcsbKeys.keyName(99_999, true, 1)).isEqualTo("user7592201923306675823");
    assertThat(YcsbKeys.keyName(42, false, 5)).isEqualTo("user00042");
    assertThat(YcsbKeys.keyName(42, true, 20)).isEqualTo("user00055488592825689361");
  }

  @Test
  void ycsbKeysSplitWhereTheirInsertsFallEqually() {
    int records = 20_000;
    int regions = 8;
    List<byte[]> points = new YcsbKeys(0, records, true, 1).splitPoints(regions);
    assertThat(points).hasSize(regions - 1);

    int[] perRegion = new int[regions];
    for (long n = 0; n < records; n++) {
      byte[] key = Bytes.toBytes(YcsbKeys.keyName(n, true, 1));
      int region = 0;
      while (region < points.size() && Bytes.compareTo(key, points.get(region)) >= 0) {
        region++;
      }
      perRegion[region]++;
    }
    for (int count : perRegion) {
      assertThat(count).isBetween(records / regions - 50, records / regions + 50);
    }
    // Ordered keys sort as text: user1, user10, user100, ... so the points are not the numbers' eighths.
    assertThat(new YcsbKeys(0, 1000, false, 1).splitPoints(4)).extracting(Bytes::toString)
        .containsExactly("user323", "user549", "user774");
    assertThat(new YcsbKeys(0, 1000, false, 1).describe()).isEqualTo("YCSB's ordered keys of 1,000 records");
  }

  @Test
  void aKeySampleIsReadAsHBasePrintsKeysAndSplitsAtItsQuantiles(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("keys.txt"), "c\n\na\n\\x00z\nb\n", StandardCharsets.ISO_8859_1);

    KeySample sample = KeySample.read(file, "--key-sample");

    assertThat(sample.splitPoints(4)).extracting(Bytes::toStringBinary).containsExactly("a", "b", "c");
    assertThat(sample.describe()).isEqualTo("the 4 sample keys of " + file);
  }

  @Test
  void aKeySampleThatIsMissingEmptyOrNotAFileIsRefusedNamingIt(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("nope.txt");
    assertThatThrownBy(() -> KeySample.read(missing, "--key-sample")).isInstanceOf(InvalidInputException.class)
        .hasMessage("--key-sample '" + missing + "' does not exist; expected a file of sample keys, one a line");
    Path blank = Files.writeString(dir.resolve("blank.txt"), "\n  \n");
    assertThatThrownBy(() -> KeySample.read(blank, "--key-sample"))
        .hasMessage("--key-sample '" + blank + "' holds no key; expected a file of sample keys, one a line");
    assertThatThrownBy(() -> KeySample.read(dir, "--key-sample"))
        .hasMessage("--key-sample '" + dir + "' is not a file; expected a file of sample keys, one a line");
  }
}

package org.hbaseturbo.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.compress.TurboCodecs;
import org.junit.jupiter.api.Test;

class TestCodecSpeed {
  @Test
  void measuresEveryCodecOnBlocksOfTheCells() throws Exception {
    TurboCodecs.install();
    List<Cell> cells = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      cells.add(new KeyValue(Bytes.toBytes(String.format("h01-%010d", 1_577_836_800L + 60L * i)),
          Bytes.toBytes("readings"), Bytes.toBytes("temp"), 1L,
          Bytes.toBytes(String.format("%.2f", 20 + i % 50 / 10.0))));
    }
    cells.sort(CellComparator.getInstance());
    long raw = cells.stream().mapToLong(cell -> ((KeyValue) cell).getLength()).sum();

    Map<String, CodecSpeed> speeds = CodecSpeed.measure(cells, 64 * 1024,
        TurboCodecs.codecs().keySet().stream().map(CodecSpeed.Subject::turbo).toList(), 2,
        new WarmUp(1, Duration.ofMillis(100)));

    assertThat(speeds.keySet()).containsExactly("NONE", "GZ", "SNAPPY", "LZ4", "LZO", "ZSTD");
    assertThat(speeds.get("NONE").rawBytes()).isEqualTo(raw);
    assertThat(speeds.get("NONE").ratio()).isEqualTo(1.0);
    for (Algorithm algorithm : List.of(Algorithm.GZ, Algorithm.SNAPPY, Algorithm.LZ4, Algorithm.LZO, Algorithm.ZSTD)) {
      CodecSpeed speed = speeds.get(algorithm.name());
      assertThat(speed.codecClass()).isEqualTo(TurboCodecs.codecs().get(algorithm));
      assertThat(speed.rawBytes()).isEqualTo(raw);
      // Repetitive keys and short values: every codec saves at least half.
      assertThat(speed.ratio()).as(algorithm.getName()).isGreaterThan(2);
      assertThat(speed.compressMBps()).isPositive();
      assertThat(speed.decompressMBps()).isPositive();
    }
  }
}

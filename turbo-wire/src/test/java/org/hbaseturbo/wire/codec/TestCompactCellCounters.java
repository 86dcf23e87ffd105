package org.hbaseturbo.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.nio.SingleByteBuff;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.wire.codec.CompactCellCounters.Counts;
import org.junit.jupiter.api.Test;

/** Each cellblock counts once, with its bytes, whichever way it is read. */
class TestCompactCellCounters {
  private static final CompactCellCodec CODEC = new CompactCellCodec();

  @Test
  void countsEachEncodedCellblockAndItsBytes() throws IOException {
    Counts before = CompactCellCounters.counts();
    byte[] first = encode(3);
    byte[] second = encode(40);
    Counts after = CompactCellCounters.counts();
    assertThat(after.encodedBlocks() - before.encodedBlocks()).isEqualTo(2);
    assertThat(after.encodedBytes() - before.encodedBytes()).isEqualTo(first.length + second.length);
    assertThat(after.decodedBlocks()).isEqualTo(before.decodedBlocks());
  }

  @Test
  void countsEachDecodedCellblockAndItsBytes() throws IOException {
    byte[] block = encode(10);
    Counts before = CompactCellCounters.counts();
    drain(CODEC.getDecoder(new ByteArrayInputStream(block)));
    drain(CODEC.getDecoder(new SingleByteBuff(ByteBuffer.wrap(block))));
    Counts after = CompactCellCounters.counts();
    assertThat(after.decodedBlocks() - before.decodedBlocks()).isEqualTo(2);
    assertThat(after.decodedBytes() - before.decodedBytes()).isEqualTo(2L * block.length);
    assertThat(after.encodedBlocks()).isEqualTo(before.encodedBlocks());
  }

  @Test
  void anEncoderFlushedTwiceOrWithoutCellsCountsNothingMore() throws IOException {
    Counts before = CompactCellCounters.counts();
    Codec.Encoder empty = CODEC.getEncoder(new ByteArrayOutputStream());
    empty.flush();
    Codec.Encoder one = CODEC.getEncoder(new ByteArrayOutputStream());
    one.write(cell(0));
    one.flush();
    one.flush();
    assertThat(CompactCellCounters.counts().encodedBlocks() - before.encodedBlocks()).isEqualTo(1);
  }

  private static byte[] encode(int cells) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Codec.Encoder encoder = CODEC.getEncoder(out);
    for (int i = 0; i < cells; i++) {
      encoder.write(cell(i));
    }
    encoder.flush();
    return out.toByteArray();
  }

  private static KeyValue cell(int i) {
    return new KeyValue(Bytes.toBytes("row" + i / 4), Bytes.toBytes("f"), Bytes.toBytes("q" + i % 4), 1000L + i,
        Bytes.toBytes("value " + i));
  }

  private static void drain(Codec.Decoder decoder) throws IOException {
    int cells = 0;
    while (decoder.advance()) {
      cells++;
    }
    assertThat(cells).isPositive();
  }
}

package org.hbaseturbo.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.server.metrics.TestingMetrics.Figures;
import org.hbaseturbo.wire.codec.CompactCellCodec;
import org.junit.jupiter.api.Test;

/** The codec's source shows each cellblock the codec encoded and decoded, and their bytes. */
class TestCodecMetrics {
  private static final String SOURCE = CodecMetrics.NAME;

  @Test
  void showsCellblocksAndBytesEachWay() throws IOException {
    try (MetricsRegistration.Hold hold = MetricsRegistration.hold(SOURCE, CodecMetrics::new)) {
      assertThat(hold.held()).isTrue();
      Figures before = TestingMetrics.require(SOURCE);
      CompactCellCodec codec = new CompactCellCodec();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Codec.Encoder encoder = codec.getEncoder(out);
      for (int i = 0; i < 5; i++) {
        encoder.write(new KeyValue(Bytes.toBytes("row"), Bytes.toBytes("f"), Bytes.toBytes("q" + i), 1L,
            Bytes.toBytes("v")));
      }
      encoder.flush();
      byte[] block = out.toByteArray();
      for (int i = 0; i < 2; i++) {
        Codec.Decoder decoder = codec.getDecoder(new ByteArrayInputStream(block));
        while (decoder.advance()) {
          decoder.current();
        }
      }
      Figures after = TestingMetrics.require(SOURCE);
      assertThat(after.get("encodedCellblocks") - before.get("encodedCellblocks")).isEqualTo(1);
      assertThat(after.get("encodedBytes") - before.get("encodedBytes")).isEqualTo(block.length);
      assertThat(after.get("decodedCellblocks") - before.get("decodedCellblocks")).isEqualTo(2);
      assertThat(after.get("decodedBytes") - before.get("decodedBytes")).isEqualTo(2L * block.length);
    }
    assertThat(TestingMetrics.read(SOURCE)).isEmpty();
  }
}

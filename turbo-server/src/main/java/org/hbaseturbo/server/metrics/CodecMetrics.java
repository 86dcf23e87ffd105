package org.hbaseturbo.server.metrics;

import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.hbaseturbo.wire.codec.CompactCellCounters;

/**
 * The compact cell codec's figures as the metrics source {@code RegionServer,sub=TurboCodec}: the cellblocks HBase's
 * RPC server of this JVM encoded with {@code CompactCellCodec} (replies sent) and decoded (requests received), as
 * {@link CompactCellCounters} counts them (docs/operating.md, Metrics, lists each with its unit).
 */
public final class CodecMetrics extends TurboMetricsSource {
  public static final String NAME = "TurboCodec";
  private static final MetricsInfo ENCODED_CELLBLOCKS = info("encodedCellblocks",
      "compact cellblocks encoded: replies sent (Get, Scan and multi results)");
  private static final MetricsInfo ENCODED_BYTES = info("encodedBytes",
      "their bytes, before any cellblock compression");
  private static final MetricsInfo DECODED_CELLBLOCKS = info("decodedCellblocks",
      "compact cellblocks decoded: requests received (Puts and other mutations)");
  private static final MetricsInfo DECODED_BYTES = info("decodedBytes",
      "their bytes, after any cellblock decompression");

  public CodecMetrics() {
    super(NAME, "HBase Turbo compact cell codec");
  }

  @Override
  protected void snapshot(MetricsRecordBuilder record) {
    CompactCellCounters.Counts counts = CompactCellCounters.counts();
    record.addCounter(ENCODED_CELLBLOCKS, counts.encodedBlocks())
        .addCounter(ENCODED_BYTES, counts.encodedBytes())
        .addCounter(DECODED_CELLBLOCKS, counts.decodedBlocks())
        .addCounter(DECODED_BYTES, counts.decodedBytes());
  }
}

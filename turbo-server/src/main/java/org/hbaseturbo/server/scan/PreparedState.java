package org.hbaseturbo.server.scan;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.hbaseturbo.wire.scan.PreparedSchema;

/**
 * One prepared scan in one region: the Scan as the client sent it and the schema derived from it. Kept as
 * HBase's protobuf message, not as a {@link Scan}, because a Scan shares its filter object: every execute
 * builds its own Scan, so that stateful filters (PageFilter, WhileMatchFilter...) start fresh for each execute,
 * as they do for each native scan.
 */
final class PreparedState {
  /**
   * What a prepared scan is charged beyond its Scan and schema: this object, the map entry and key holding it,
   * and the parsed message's own objects (an estimate from the classes' fields, not a measurement).
   */
  static final int OVERHEAD_BYTES = 512;
  /** A first guess of a row's size in a reply, before this scan has sent one. */
  private static final int FIRST_BYTES_PER_ROW = 256;

  private final ClientProtos.Scan scan;
  private final PreparedSchema schema;
  private final long chargedBytes;
  private volatile long lastUseNanos;
  /** Bytes per row of this scan's latest reply with rows (executes race to set it: any recent one will do). */
  private volatile int bytesPerRow = FIRST_BYTES_PER_ROW;

  PreparedState(ClientProtos.Scan scan, PreparedSchema schema, long nowNanos) {
    this.scan = scan;
    this.schema = schema;
    this.chargedBytes = OVERHEAD_BYTES + scan.getSerializedSize() + schema.nameBytes();
    this.lastUseNanos = nowNanos;
  }

  PreparedSchema schema() {
    return schema;
  }

  /**
   * What the limits of prepared state count for this scan: its serialized Scan (the parsed message holds the
   * same bytes), the schema's family and qualifier names, and {@link #OVERHEAD_BYTES}.
   */
  long chargedBytes() {
    return chargedBytes;
  }

  /** Whether the client chose how column families load ({@link Scan#setLoadColumnFamiliesOnDemand}). */
  boolean setsLoadColumnFamiliesOnDemand() {
    return scan.hasLoadColumnFamiliesOnDemand();
  }

  /**
   * How large to make the buffer of a reply of up to {@code rows} rows, at most {@code maxBytes}: as large as the
   * latest reply's rows suggest, plus a row, so that it seldom grows (a grown buffer is copied whole).
   */
  int replyCapacity(int rows, long maxBytes) {
    return (int) Math.min(maxBytes, (long) bytesPerRow * (rows + 1));
  }

  /** What a reply held, for {@link #replyCapacity}. */
  void replied(int bytes, int rows) {
    if (rows > 0) {
      bytesPerRow = Math.max(1, bytes / rows);
    }
  }

  long lastUseNanos() {
    return lastUseNanos;
  }

  void touch(long nowNanos) {
    lastUseNanos = nowNanos;
  }

  /**
   * A fresh Scan for one execute: the prepared one over the given range, reduced to the given schema
   * positions when there are any. An exclusive start becomes the row just after it, inclusive, as HBase's
   * synchronous client sends it: given an exclusive start, the region scanner runs stateful filters differently (a
   * PageFilter under a FilterList counts otherwise), and HBase's asynchronous client, which sends it as it is, gets
   * other rows.
   */
  Scan newScan(byte[] startRow, boolean startInclusive, byte[] stopRow, boolean stopInclusive,
      List<Integer> positions) throws IOException {
    byte[] start = startInclusive || startRow.length == 0 ? startRow : Arrays.copyOf(startRow, startRow.length + 1);
    Scan fresh = ProtobufUtil.toScan(scan).withStartRow(start, true).withStopRow(stopRow, stopInclusive);
    if (!positions.isEmpty()) {
      TreeMap<byte[], NavigableSet<byte[]>> columns = new TreeMap<>(Bytes.BYTES_COMPARATOR);
      for (int position : positions) {
        if (position < 0 || position >= schema.size()) {
          throw new PreparedScanException(PreparedScanError.COLUMN_NOT_PREPARED, "column position " + position
              + " is not in the prepared schema (" + schema.size() + " columns)");
        }
        columns.computeIfAbsent(schema.family(position), family -> new TreeSet<>(Bytes.BYTES_COMPARATOR))
            .add(schema.qualifier(position));
      }
      fresh.setFamilyMap(columns);
    }
    return fresh;
  }
}

package org.hbaseturbo.client.scan;

import com.google.protobuf.HBaseZeroCopyByteString;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.metrics.ScanMetrics;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.wire.scan.Column;
import org.hbaseturbo.wire.scan.PreparedRowsDecoder;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;

/**
 * The rows of one execute, fetched {@code caching} rows per reply, region after region. A reply that leaves
 * rows in its region also leaves a cursor (the region scanner) open there; the next reply continues it. When
 * a region forgot the prepared scan or the cursor (split, move, restart, lease), the scan goes on from just
 * after the last row received, so the caller sees each row once and in order.
 */
final class PreparedResultScanner implements ResultScanner {
  /** Re-prepare plus a lost cursor is two retries; a third would mean the region keeps forgetting. */
  private static final int MAX_ATTEMPTS = 3;

  private final PreparedScan prepared;
  private final Execution execution;
  private final List<Integer> columns;
  private final ArrayDeque<Result> buffered = new ArrayDeque<>();
  private byte[] nextRow;
  private boolean nextInclusive;
  private long remaining;
  private Long cursor;
  private boolean exhausted;
  private boolean closed;

  PreparedResultScanner(PreparedScan prepared, Execution execution, List<Integer> columns) {
    this.prepared = prepared;
    this.execution = execution;
    this.columns = columns;
    this.nextRow = execution.startRow();
    this.nextInclusive = execution.startInclusive();
    this.remaining = execution.limit() == 0 ? Long.MAX_VALUE : execution.limit();
  }

  @Override
  public Result next() throws IOException {
    while (buffered.isEmpty() && !exhausted && !closed) {
      fetch();
    }
    return buffered.poll();
  }

  private void fetch() throws IOException {
    boolean attachScan = false;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      ExecuteResponse response = prepared.send(nextRow, request(attachScan));
      switch (response.getStatus()) {
        case OK -> {
          accept(response);
          return;
        }
        case NOT_PREPARED -> {
          attachScan = true;
          prepared.recoveries().regionForgot();
        }
        case CURSOR_EXPIRED -> {
          cursor = null;
          prepared.recoveries().cursorLost();
        }
        default -> throw new IOException("unknown execute status " + response.getStatus());
      }
    }
    throw new IOException("the region of row '" + Bytes.toStringBinary(nextRow) + "' of table '"
        + prepared.table().getName() + "' lost the prepared scan " + MAX_ATTEMPTS + " times in a row");
  }

  /** Fields at their protobuf default are left out: every byte of a request is paid once per scan. */
  private ExecuteRequest.Builder request(boolean attachScan) {
    ExecuteRequest.Builder request = ExecuteRequest.newBuilder().setPreparedId(prepared.id())
        .setCaching((int) Math.min(execution.caching(), remaining)).addAllColumns(columns);
    if (remaining != Long.MAX_VALUE) {
      request.setLimit(remaining);
    }
    if (attachScan) {
      request.setScan(prepared.serializedScan());
    }
    if (cursor != null) {
      return request.setCursor(cursor);
    }
    request.setStartRow(HBaseZeroCopyByteString.wrap(nextRow));
    if (!nextInclusive) {
      request.setStartInclusive(false);
    }
    if (execution.stopRow().length > 0) {
      request.setStopRow(HBaseZeroCopyByteString.wrap(execution.stopRow()))
          .setStopInclusive(execution.stopInclusive());
    }
    return request;
  }

  private void accept(ExecuteResponse response) throws PreparedScanException {
    byte[] block = HBaseZeroCopyByteString.zeroCopyGetBytes(response.getRows());
    Result[] rows;
    try {
      rows = PreparedRowsDecoder.decode(block, 0, block.length, response.getRowCount(), prepared.schema(),
          response.getExtraColumnsList().stream()
              .map(extra -> new Column(extra.getFamily().toByteArray(), extra.getQualifier().toByteArray()))
              .toList());
    } catch (IllegalArgumentException e) {
      throw new PreparedScanException(PreparedScanError.MALFORMED_REPLY, "reply for table '"
          + prepared.table().getName() + "' cannot be decoded: " + e.getMessage(), e);
    }
    for (Result row : rows) {
      buffered.add(row);
    }
    if (rows.length > 0) {
      nextRow = rows[rows.length - 1].getRow();
      nextInclusive = false;
      remaining -= rows.length;
    }
    if (remaining == 0 || response.getFilterDone()) {
      // The region closed its scanner with this reply: it knew the limit, or the filter ended the scan.
      exhausted = true;
      cursor = null;
    } else if (response.getMoreInRegion()) {
      cursor = response.getCursor();
    } else {
      cursor = null;
      byte[] regionEnd = response.getRegionEndKey().toByteArray();
      exhausted = regionEnd.length == 0 || pastStop(regionEnd);
      if (!exhausted) {
        nextRow = regionEnd;
        nextInclusive = true;
      }
    }
  }

  private boolean pastStop(byte[] row) {
    byte[] stop = execution.stopRow();
    if (stop.length == 0) {
      return false;
    }
    int order = Bytes.compareTo(row, stop);
    return execution.stopInclusive() ? order > 0 : order >= 0;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    buffered.clear();
    if (cursor != null) {
      try {
        prepared.send(nextRow, request(false).setCloseCursor(true));
      } catch (IOException e) {
        // The cursor's lease frees it on the RegionServer; close() has no way to report it.
      }
      cursor = null;
    }
  }

  /** Each reply renews the region's lease; there is nothing to renew in between. */
  @Override
  public boolean renewLease() {
    return false;
  }

  @Override
  public ScanMetrics getScanMetrics() {
    return null;
  }
}

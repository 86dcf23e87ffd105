package org.hbaseturbo.server.scan;

import com.google.protobuf.ByteString;
import com.google.protobuf.HBaseZeroCopyByteString;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.Region;
import org.apache.hadoop.hbase.regionserver.RegionCoprocessorHost;
import org.apache.hadoop.hbase.regionserver.RegionScanner;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.wire.scan.Column;
import org.hbaseturbo.wire.scan.PreparedRowsEncoder;
import org.hbaseturbo.wire.scan.PreparedSchema;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.hbaseturbo.wire.scan.ScanSupport;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExtraColumn;

/** Prepare and execute in one region: the work behind the endpoint's methods. */
final class PreparedScanExecutor {
  private final Region region;
  private final RegionPreparedScans scans;
  private final PreparedScanConfig config;

  PreparedScanExecutor(Region region, RegionPreparedScans scans, PreparedScanConfig config) {
    this.region = region;
    this.scans = scans;
    this.config = config;
  }

  /** @throws PreparedScanException when the Scan is unsupported or names a family the table lacks */
  PreparedState prepare(ByteString id, ByteString serializedScan, String user) throws IOException {
    ClientProtos.Scan proto = ClientProtos.Scan.parseFrom(HBaseZeroCopyByteString.zeroCopyGetBytes(serializedScan));
    Scan scan = ProtobufUtil.toScan(proto);
    ScanSupport.check(scan);
    TableDescriptor table = region.getTableDescriptor();
    for (byte[] family : scan.getFamilyMap().keySet()) {
      if (!table.hasColumnFamily(family)) {
        throw new PreparedScanException(PreparedScanError.UNKNOWN_FAMILY, "family '"
            + Bytes.toStringBinary(family) + "' is not in table '" + table.getTableName() + "'");
      }
    }
    return scans.add(id, new PreparedState(proto, PreparedSchema.of(scan), user, System.nanoTime()));
  }

  ExecuteResponse execute(ExecuteRequest request, String user) throws IOException {
    long now = System.nanoTime();
    PreparedState state = scans.get(request.getPreparedId(), user, now);
    if (state == null) {
      if (!request.hasScan()) {
        return status(ExecuteResponse.Status.NOT_PREPARED);
      }
      state = prepare(request.getPreparedId(), request.getScan(), user);
    }
    Cursor cursor;
    if (request.hasCursor()) {
      cursor = scans.take(request.getCursor(), state, now);
      if (cursor == null) {
        return status(request.getCloseCursor() ? ExecuteResponse.Status.OK : ExecuteResponse.Status.CURSOR_EXPIRED);
      }
      if (request.getCloseCursor()) {
        cursor.close();
        return status(ExecuteResponse.Status.OK);
      }
    } else {
      if (request.getCaching() < 1) {
        throw new PreparedScanException(PreparedScanError.INVALID_ARGUMENT, "caching is "
            + request.getCaching() + "; expected at least 1 row per reply");
      }
      cursor = open(state, request, now);
    }
    return read(cursor, request);
  }

  private Cursor open(PreparedState state, ExecuteRequest request, long now) throws IOException {
    Scan scan = state.newScan(request.getStartRow().toByteArray(), request.getStartInclusive(),
        request.getStopRow().toByteArray(), request.getStopInclusive(), request.getColumnsList());
    // The hooks a native scanner open runs, so that access control and other observers see this read too.
    RegionCoprocessorHost host = region instanceof HRegion hregion ? hregion.getCoprocessorHost() : null;
    if (host != null) {
      host.preScannerOpen(scan);
    }
    RegionScanner scanner = region.getScanner(scan);
    if (host != null) {
      scanner = host.postScannerOpen(scan, scanner);
    }
    return new Cursor(scans.newCursorId(), state, scanner, now);
  }

  /** Up to {@code caching} rows (and the reply size cap); leaves the cursor open if the region has more. */
  private ExecuteResponse read(Cursor cursor, ExecuteRequest request) throws IOException {
    PreparedRowsEncoder rows = new PreparedRowsEncoder(cursor.state().schema(), 8192);
    List<Cell> cells = new ArrayList<>();
    boolean more = true;
    boolean failed = true;
    try {
      while (more && rows.rowCount() < request.getCaching() && rows.size() < config.maxReplyBytes()) {
        cells.clear();
        more = cursor.scanner().next(cells);
        rows.addRow(cells);
      }
      failed = false;
    } finally {
      if (failed) {
        cursor.close();
      }
    }
    boolean limitReached = request.getLimit() > 0 && rows.rowCount() >= request.getLimit();
    ExecuteResponse.Builder response = ExecuteResponse.newBuilder().setStatus(ExecuteResponse.Status.OK)
        .setRows(HBaseZeroCopyByteString.wrap(rows.array(), 0, rows.size())).setRowCount(rows.rowCount());
    for (Column extra : rows.extraColumns()) {
      response.addExtraColumns(ExtraColumn.newBuilder().setFamily(HBaseZeroCopyByteString.wrap(extra.family()))
          .setQualifier(HBaseZeroCopyByteString.wrap(extra.qualifier())));
    }
    if (more && !limitReached) {
      scans.giveBack(cursor);
      return response.setMoreInRegion(true).setCursor(cursor.id()).build();
    }
    // HBase's rule for its own scans: an empty reply from a scanner whose filter is done ends the scan.
    if (rows.rowCount() == 0 && cursor.scanner().isFilterDone()) {
      response.setFilterDone(true);
    }
    cursor.close();
    if (!limitReached) {
      // Where the next region starts; a caller that has all it asked for does not need it.
      response.setRegionEndKey(HBaseZeroCopyByteString.wrap(region.getRegionInfo().getEndKey()));
    }
    return response.build();
  }

  private static ExecuteResponse status(ExecuteResponse.Status status) {
    return ExecuteResponse.newBuilder().setStatus(status).build();
  }
}

package org.hbaseturbo.server.scan;

import com.google.protobuf.ByteString;
import com.google.protobuf.HBaseZeroCopyByteString;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.quotas.OperationQuota;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.RegionCoprocessorHost;
import org.apache.hadoop.hbase.regionserver.RegionScanner;
import org.apache.hadoop.hbase.regionserver.Shipper;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.EnvironmentEdgeManager;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExtraColumn;
import org.hbaseturbo.wire.scan.Column;
import org.hbaseturbo.wire.scan.PreparedRowsEncoder;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.hbaseturbo.wire.scan.PreparedSchema;
import org.hbaseturbo.wire.scan.ScanSupport;

/**
 * Prepare and execute in one region: the work behind the endpoint's methods, for one caller at a time (the
 * caller's name comes with each call and picks their own prepared scans).
 *
 * <p>Reads behave as a native scan's under the region's observers: every scanner opens as
 * {@code RSRpcServices.newRegionScanner} opens a native one (the table's families added to a Scan that names
 * none, the region's default for loading families on demand, then the {@code preScannerOpen} and
 * {@code postScannerOpen} hooks), so that HBase's {@code AccessController} and {@code VisibilityController}
 * check and filter each execute as they check and filter each native scan, under the caller's identity. A
 * prepare runs the same {@code preScannerOpen} check without opening a scanner, so that a caller who may not
 * read is refused there, with HBase's own {@code AccessDeniedException}, and nothing is stored. Each execute counts
 * against the caller's RPC quotas as one call of a native scanner does ({@link ExecuteQuotas}).
 */
final class PreparedScanExecutor {
  private final HRegion region;
  private final RegionPreparedScans scans;
  private final Supplier<PreparedScanConfig> settings;
  private final ExecuteQuotas quotas;

  PreparedScanExecutor(HRegion region, RegionPreparedScans scans, Supplier<PreparedScanConfig> settings,
      ExecuteQuotas quotas) {
    this.region = region;
    this.scans = scans;
    this.settings = settings;
    this.quotas = quotas;
  }

  /**
   * @throws PreparedScanException when the Scan is unsupported, names a family the table lacks, or would go
   *     over a limit of prepared state
   * @throws org.apache.hadoop.hbase.security.AccessDeniedException when the caller may not run the scan
   */
  PreparedState prepare(String user, ByteString id, ByteString serializedScan) throws IOException {
    PreparedScanCounters.PREPARES.increment();
    ClientProtos.Scan proto = ClientProtos.Scan.parseFrom(HBaseZeroCopyByteString.zeroCopyGetBytes(serializedScan));
    Scan scan = ProtobufUtil.toScan(proto);
    ScanSupport.check(scan);
    TableDescriptor table = region.getTableDescriptor();
    for (byte[] family : scan.getFamilyMap().keySet()) {
      if (!table.hasColumnFamily(family)) {
        throw new PreparedScanException(PreparedScanError.UNKNOWN_FAMILY, "family '"
            + Bytes.toStringBinary(family) + "' is not in table '" + table.getTableName() + "' (families: "
            + Arrays.stream(table.getColumnFamilies()).map(ColumnFamilyDescriptor::getNameAsString)
                .collect(Collectors.joining(", ")) + ")");
      }
    }
    PreparedState state = new PreparedState(proto, PreparedSchema.of(scan), System.nanoTime());
    // The check a native scan's open makes, on a Scan the client sent; the hooks may add filters to it, which
    // is why it is not the stored one.
    region.getCoprocessorHost().preScannerOpen(asNativeOpens(scan, state));
    return scans.add(new RegionPreparedScans.Key(user, id), state);
  }

  /**
   * @param maxReplyBytes the largest reply the caller's route carries: a larger reply closes its cursor and fails,
   *     so that the execute, repeated on a route without that limit, resumes after the rows the client has
   */
  ExecuteResponse execute(String user, ExecuteRequest request, long maxReplyBytes) throws IOException {
    long now = System.nanoTime();
    PreparedState state = scans.get(new RegionPreparedScans.Key(user, request.getPreparedId()), now);
    if (state == null) {
      if (!request.hasScan()) {
        return status(ExecuteResponse.Status.NOT_PREPARED);
      }
      state = prepare(user, request.getPreparedId(), request.getScan());
    }
    Cursor cursor = null;
    if (request.hasCursor()) {
      cursor = scans.take(request.getCursor(), state, now);
      if (cursor == null) {
        return status(request.getCloseCursor() ? ExecuteResponse.Status.OK : ExecuteResponse.Status.CURSOR_EXPIRED);
      }
      if (request.getCloseCursor()) {
        // Not throttled: a close frees what the quotas protect.
        cursor.close();
        return status(ExecuteResponse.Status.OK);
      }
    } else if (request.getCaching() < 1) {
      throw new PreparedScanException(PreparedScanError.INVALID_ARGUMENT, "caching is "
          + request.getCaching() + "; expected at least 1 row per reply");
    }
    OperationQuota quota;
    try {
      quota = quotas.check(request.getCaching());
    } catch (IOException | RuntimeException e) {
      if (cursor != null) {
        // A throttled execute leaves its cursor as it was, as HBase leaves a throttled native scanner.
        scans.giveBack(cursor);
      }
      throw e;
    }
    try {
      if (cursor == null) {
        cursor = open(user, state, request, now);
      }
      return read(cursor, request, maxReplyBytes, quota);
    } finally {
      quota.close();
    }
  }

  /**
   * Opens the region scanner of one execute, as HBase opens a native scan's, once the limits of open cursors let
   * {@code user} open one more.
   */
  private Cursor open(String user, PreparedState state, ExecuteRequest request, long now) throws IOException {
    Scan scan = asNativeOpens(state.newScan(request.getStartRow().toByteArray(), request.getStartInclusive(),
        request.getStopRow().toByteArray(), request.getStopInclusive(), request.getColumnsList()), state);
    RegionCoprocessorHost hooks = region.getCoprocessorHost();
    hooks.preScannerOpen(scan);
    Runnable release = scans.reserveCursor(user);
    try {
      // HRegion's own scanner, RegionScannerImpl, ships; it is public on HBase 2.6 only, so it is named by its
      // interfaces here.
      RegionScanner core = region.getScanner(scan);
      RegionScanner scanner;
      try {
        scanner = hooks.postScannerOpen(scan, core);
      } catch (IOException | RuntimeException e) {
        core.close();
        throw e;
      }
      return new Cursor(scans.newCursorId(), state, scanner, (Shipper) core, hooks, release, now);
    } catch (IOException | RuntimeException e) {
      release.run();
      throw e;
    }
  }

  /**
   * What {@code RSRpcServices.newRegionScanner} does to a client's Scan before the hooks see it. The families
   * matter to access control: a Scan naming no family is checked against each of the table's families, so that
   * a user granted some of them reads those, as with a native scan.
   */
  private Scan asNativeOpens(Scan scan, PreparedState state) {
    if (!state.setsLoadColumnFamiliesOnDemand()) {
      scan.setLoadColumnFamiliesOnDemand(region.isLoadingCfsOnDemandDefault());
    }
    if (!scan.hasFamilies()) {
      for (byte[] family : region.getTableDescriptor().getColumnFamilyNames()) {
        scan.addFamily(family);
      }
    }
    return scan;
  }

  /**
   * Up to {@code caching} rows, the reply size cap (and what the caller's read quota has left, as for a native scanner
   * call) and the time limit; leaves the cursor open if the region has more.
   */
  private ExecuteResponse read(Cursor cursor, ExecuteRequest request, long maxReplyBytes, OperationQuota quota)
      throws IOException {
    PreparedScanConfig config = settings.get();
    long deadline = config.timeLimit().deadline(EnvironmentEdgeManager.currentTime());
    PreparedState state = cursor.state();
    PreparedRowsEncoder rows = new PreparedRowsEncoder(state.schema(),
        state.replyCapacity(request.getCaching(), config.maxReplyBytes()));
    boolean more;
    boolean failed = true;
    try {
      more = CursorReader.read(region, cursor, rows, quota, request.getCaching(),
          Math.min(config.maxReplyBytes(), CompatScanQuotas.maxResultSize(quota)), deadline);
      failed = false;
    } finally {
      if (failed) {
        cursor.close();
      }
    }
    state.replied(rows.size(), rows.rowCount());
    boolean limitReached = request.getLimit() > 0 && rows.rowCount() >= request.getLimit();
    ExecuteResponse.Builder response = ExecuteResponse.newBuilder().setStatus(ExecuteResponse.Status.OK)
        .setRows(HBaseZeroCopyByteString.wrap(rows.array(), 0, rows.size())).setRowCount(rows.rowCount());
    for (Column extra : rows.extraColumns()) {
      response.addExtraColumns(ExtraColumn.newBuilder().setFamily(HBaseZeroCopyByteString.wrap(extra.family()))
          .setQualifier(HBaseZeroCopyByteString.wrap(extra.qualifier())));
    }
    if (more && !limitReached) {
      ExecuteResponse reply = withinLimit(response.setMoreInRegion(true).setCursor(cursor.id()).build(), cursor,
          maxReplyBytes);
      scans.giveBack(cursor);
      return reply;
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
    return withinLimit(response.build(), null, maxReplyBytes);
  }

  /**
   * The reply, if the route carries it. A larger one fails, after closing the cursor it would have left open: the
   * client repeats the execute on a route without the limit, finds the cursor gone, and resumes after the rows it
   * has.
   *
   * @param open the cursor the reply leaves open, null when it closed
   */
  private static ExecuteResponse withinLimit(ExecuteResponse reply, Cursor open, long maxReplyBytes)
      throws IOException {
    if (reply.getSerializedSize() <= maxReplyBytes) {
      return reply;
    }
    if (open != null) {
      open.close();
    }
    throw new IOException("a reply of " + reply.getSerializedSize() + " bytes is over the " + maxReplyBytes
        + " this route carries");
  }

  private static ExecuteResponse status(ExecuteResponse.Status status) {
    return ExecuteResponse.newBuilder().setStatus(status).build();
  }
}

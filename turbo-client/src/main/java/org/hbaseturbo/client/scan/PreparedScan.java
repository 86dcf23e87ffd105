package org.hbaseturbo.client.scan;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.ByteString;
import java.io.Closeable;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.CloseRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.CloseResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PrepareRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PrepareResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanService;
import org.hbaseturbo.wire.scan.Column;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.hbaseturbo.wire.scan.PreparedSchema;
import org.hbaseturbo.wire.scan.ScanSupport;

/**
 * A scan whose columns are fixed once, then executed over many row ranges (papers/prepared-scan.txt):
 *
 * <pre>
 * try (PreparedScan ps = PreparedScan.prepare(connection, tableName, new Scan().addColumn(f, q1)...)) {
 *   try (ResultScanner rows = ps.execute(startRow, stopRow, caching)) {
 *     for (Result row : rows) { ... }       // ordinary Results, equal to the native scan's
 *   }
 * }
 * </pre>
 *
 * Replies name columns by their position in the prepared schema and send each row key once (see
 * {@link PreparedRowsFormat}). Needs {@code PreparedScanEndpoint} on the table's regions. Regions that
 * split, move or forget the scan (lease) are re-prepared on the fly. Executes may run from several threads;
 * each {@link ResultScanner} belongs to one.
 */
public final class PreparedScan implements Closeable {
  private static final SecureRandom IDS = new SecureRandom();
  /** 64 random bits: ids only need to differ among the scans prepared in one region, and only the user who
   * prepared one can use it. */
  private static final int ID_BYTES = 8;

  private final Table table;
  private final ExecuteRoute route;
  private final PreparedSchema schema;
  private final ByteString id;
  private final ByteString scan;
  private volatile boolean closed;

  private PreparedScan(Table table, ExecuteRoute route, PreparedSchema schema, ByteString id, ByteString scan) {
    this.table = table;
    this.route = route;
    this.schema = schema;
    this.id = id;
    this.scan = scan;
  }

  /**
   * Stores the scan in every region of the table.
   *
   * @param scan names the columns (and may carry filters, time range, versions); no row range or limit,
   *     those are given to {@link #execute}
   * @throws org.apache.hadoop.hbase.TableNotFoundException when the table does not exist
   * @throws PreparedScanException when a family is not in the table, the Scan uses an unsupported feature
   *     ({@link ScanSupport}), or the regions do not run the endpoint
   */
  public static PreparedScan prepare(Connection connection, TableName tableName, Scan scan) throws IOException {
    requireNonNull(connection, "connection is null");
    requireNonNull(tableName, "tableName is null");
    requireNonNull(scan, "scan is null");
    ScanSupport.check(scan);
    Table table = connection.getTable(tableName);
    try {
      checkFamilies(table.getDescriptor(), scan);
      byte[] id = new byte[ID_BYTES];
      IDS.nextBytes(id);
      ExecuteRoute route = new ExecuteRoute(connection, table);
      try {
        PreparedScan prepared = new PreparedScan(table, route, PreparedSchema.of(scan), ByteString.copyFrom(id),
            ByteString.copyFrom(ProtobufUtil.toScan(scan).toByteArray()));
        prepared.prepareEveryRegion();
        return prepared;
      } catch (IOException | RuntimeException e) {
        route.close();
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      table.close();
      throw e;
    }
  }

  private static void checkFamilies(TableDescriptor descriptor, Scan scan) throws PreparedScanException {
    for (byte[] family : scan.getFamilyMap().keySet()) {
      if (!descriptor.hasColumnFamily(family)) {
        throw new PreparedScanException(PreparedScanError.UNKNOWN_FAMILY, "family '"
            + Bytes.toStringBinary(family) + "' is not in table '" + descriptor.getTableName() + "' (families: "
            + Arrays.stream(descriptor.getColumnFamilies()).map(ColumnFamilyDescriptor::getNameAsString)
                .collect(Collectors.joining(", ")) + ")");
      }
    }
  }

  private void prepareEveryRegion() throws IOException {
    PrepareRequest request = PrepareRequest.newBuilder().setPreparedId(id).setScan(scan).build();
    RegionCalls.everyRegion(table, PreparedScanService.getDescriptor().findMethodByName("prepare"), request,
        PrepareResponse.getDefaultInstance());
  }

  /** Every row of [startRow, stopRow) (empty arrays: open-ended), {@code caching} rows per reply. */
  public ResultScanner execute(byte[] startRow, byte[] stopRow, int caching) throws IOException {
    return execute(Execution.range(startRow, stopRow).caching(caching));
  }

  /**
   * @throws PreparedScanException when closed, the range is empty or inverted, caching or limit is out of
   *     range, or a column is not in the prepared schema
   */
  public ResultScanner execute(Execution execution) throws IOException {
    requireNonNull(execution, "execution is null");
    if (closed) {
      throw new PreparedScanException(PreparedScanError.CLOSED, "prepared scan of table '" + table.getName()
          + "' is closed");
    }
    execution.validate();
    return new PreparedResultScanner(this, execution, positionsOf(execution.columns()));
  }

  private List<Integer> positionsOf(List<Column> columns) throws PreparedScanException {
    List<Integer> positions = new ArrayList<>(columns.size());
    for (Column column : columns) {
      int position = schema.positionOf(column.family(), column.qualifier());
      if (position < 0) {
        throw new PreparedScanException(PreparedScanError.COLUMN_NOT_PREPARED, "column '" + column
            + "' is not in the prepared schema of table '" + table.getName() + "' (" + schema.size()
            + " columns" + (schema.size() == 0 ? "" : ": " + schema) + ")");
      }
      positions.add(position);
    }
    return positions;
  }

  public PreparedSchema schema() {
    return schema;
  }

  Table table() {
    return table;
  }

  ExecuteRoute route() {
    return route;
  }

  ByteString id() {
    return id;
  }

  ByteString serializedScan() {
    return scan;
  }

  /** Frees the prepared state in every region, then the client's. Idempotent. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      RegionCalls.everyRegion(table, PreparedScanService.getDescriptor().findMethodByName("close"),
          CloseRequest.newBuilder().setPreparedId(id).build(), CloseResponse.getDefaultInstance());
    } finally {
      try (table) {
        route.close();
      }
    }
  }
}

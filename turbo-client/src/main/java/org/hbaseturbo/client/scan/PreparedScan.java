package org.hbaseturbo.client.scan;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.ByteString;
import java.io.Closeable;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.hbaseturbo.common.EveryStep;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.CloseRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.CloseResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PrepareRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PrepareResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanService;
import org.hbaseturbo.wire.scan.Column;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.hbaseturbo.wire.scan.PreparedSchema;
import org.hbaseturbo.wire.scan.ScanSupport;

/**
 * A scan whose columns are fixed once, then executed over many row ranges (Neves et al., Prepared Scan: Efficient
 * Retrieval of Structured Data from HBase):
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
 *
 * <p>On a cluster with HBase's {@code AccessController}, a user may prepare and execute exactly the scans
 * they may run natively and gets the cells the native scan returns them (table, family, qualifier and cell
 * grants, visibility labels); a user who may not is refused at prepare with HBase's own
 * {@code AccessDeniedException}. Where the cluster checks EXEC permissions
 * ({@code hbase.security.exec.permission.checks}), EXEC on the table is needed too, as for any endpoint.
 */
public final class PreparedScan implements Closeable {
  private static final SecureRandom IDS = new SecureRandom();
  /** 64 random bits: ids only need to differ among the scans one user prepared in one region. */
  private static final int ID_BYTES = 8;

  private final Table table;
  private final ExecuteRoute route;
  private final PreparedSchema schema;
  private final ByteString id;
  private final ByteString scan;
  private final Recoveries recoveries = new Recoveries();
  /** Executes' requests hold the read lock, {@link #close()} the write lock: no request overtakes a close. */
  private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();
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
   * @param scan names the columns (and may carry filters, time range, versions, authorizations); no row range
   *     or limit, those are given to {@link #execute}
   * @throws org.apache.hadoop.hbase.TableNotFoundException when the table does not exist
   * @throws org.apache.hadoop.hbase.security.AccessDeniedException when the caller may not run the scan
   * @throws PreparedScanException when a family is not in the table, the Scan uses an unsupported feature
   *     ({@link ScanSupport}), the regions do not run the endpoint, or storing it would exceed a limit of
   *     prepared state ({@link PreparedScanError#LIMIT_EXCEEDED}); nothing stays stored then
   */
  public static PreparedScan prepare(Connection connection, TableName tableName, Scan scan) throws IOException {
    requireNonNull(connection, "connection is null");
    requireNonNull(tableName, "tableName is null");
    requireNonNull(scan, "scan is null");
    ScanSupport.check(scan);
    Table table = connection.getTable(tableName);
    try {
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

  /**
   * Each region checks the Scan (families, features), the caller's right to run it and the limits, and stores
   * it. When one refuses, those that stored it forget it again before the refusal reaches the caller.
   */
  private void prepareEveryRegion() throws IOException {
    PrepareRequest request = PrepareRequest.newBuilder().setPreparedId(id).setScan(scan).build();
    try {
      RegionCalls.everyRegion(table, PreparedScanService.getDescriptor().findMethodByName("prepare"), request,
          PrepareResponse.getDefaultInstance());
    } catch (IOException | RuntimeException e) {
      // Their leases free what this could not reach; the refusal is what the caller must see.
      EveryStep.after(e, this::closeEveryRegion);
      throw e;
    }
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
      throw closedError();
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

  /** How often this prepared scan's executes found a region had lost their state, and carried on. */
  public Recoveries recoveries() {
    return recoveries;
  }

  Table table() {
    return table;
  }

  ByteString id() {
    return id;
  }

  ByteString serializedScan() {
    return scan;
  }

  /**
   * One request of an execute, to the region holding {@code row}. None goes out once {@link #close()} has
   * begun: a scanner still open then fails, instead of preparing its regions again for nobody.
   */
  ExecuteResponse send(byte[] row, ExecuteRequest.Builder request) throws IOException {
    lifecycle.readLock().lock();
    try {
      if (closed) {
        throw closedError();
      }
      return route.execute(row, request);
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  private PreparedScanException closedError() {
    return new PreparedScanException(PreparedScanError.CLOSED, "prepared scan of table '" + table.getName()
        + "' is closed");
  }

  /**
   * Frees the prepared state in every region, then the client's. Requests of executes under way finish first;
   * scanners still open fail at their next request. Idempotent.
   */
  @Override
  public void close() throws IOException {
    lifecycle.writeLock().lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
    } finally {
      lifecycle.writeLock().unlock();
    }
    try {
      closeEveryRegion();
    } finally {
      try (table) {
        route.close();
      }
    }
  }

  private void closeEveryRegion() throws IOException {
    RegionCalls.everyRegion(table, PreparedScanService.getDescriptor().findMethodByName("close"),
        CloseRequest.newBuilder().setPreparedId(id).build(), CloseResponse.getDefaultInstance());
  }
}

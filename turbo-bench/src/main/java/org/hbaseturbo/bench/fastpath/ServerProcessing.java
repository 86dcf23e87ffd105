package org.hbaseturbo.bench.fastpath;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.ipc.HBaseRpcControllerImpl;
import org.apache.hadoop.hbase.regionserver.RSRpcServices;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.GetRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutateRequest;
import org.apache.hbase.thirdparty.com.google.protobuf.ServiceException;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.wire.fastpath.PutBodies;

/**
 * The RegionServer's own processing of the micro-benchmark's Get and Put, for the paper's latency breakdown (its
 * Figure 7): {@code RSRpcServices.get} and {@code mutate} called in-process on the server that holds the record,
 * as both RPC's handlers and the fast path call them. What a client's latency has beyond it is communication: the
 * transport, and either path's serialization and dispatch. Only an embedded cluster's RegionServers can be timed
 * so; elsewhere there is no breakdown.
 */
final class ServerProcessing {
  /** Calls before timing, for the JIT, and calls timed. */
  private static final int WARM_UP_CALLS = 2_000;
  private static final int TIMED_CALLS = 2_000;

  private final RSRpcServices services;
  private final HRegionLocation location;
  private final Result record;

  private ServerProcessing(RSRpcServices services, HRegionLocation location, Result record) {
    this.services = services;
    this.location = location;
    this.record = record;
  }

  /** The server holding the table's first record, when it runs in this JVM. */
  static Optional<ServerProcessing> of(ClusterTarget target, TableName table) throws IOException {
    if (target.inProcess().isEmpty()) {
      return Optional.empty();
    }
    Connection connection = target.connection();
    Result record;
    try (Table rows = connection.getTable(table); ResultScanner scanner = rows.getScanner(new Scan().setLimit(1))) {
      record = scanner.next();
    }
    if (record == null) {
      return Optional.empty();
    }
    HRegionLocation location;
    try (RegionLocator locator = connection.getRegionLocator(table)) {
      location = locator.getRegionLocation(record.getRow(), true);
    }
    return target.inProcess().stream().filter(server -> server.getServerName().equals(location.getServerName()))
        .findFirst().map(server -> new ServerProcessing(server.getRSRpcServices(), location, record));
  }

  /** Median microseconds of a Get of the whole record, as YCSB reads it. */
  double getP50Us() throws IOException {
    GetRequest request = RequestConverter.buildGetRequest(location.getRegion().getRegionName(),
        new Get(record.getRow()));
    return p50Us(() -> services.get(null, request));
  }

  /** Median microseconds of a Put of the record's cells again, as YCSB's update writes them. */
  double putP50Us() throws IOException {
    Put put = new Put(record.getRow());
    for (Cell cell : record.rawCells()) {
      put.addColumn(CellUtil.cloneFamily(cell), CellUtil.cloneQualifier(cell), CellUtil.cloneValue(cell));
    }
    // Its cells beside the request, as the fast path's client sends them and a worker reads them.
    MutateRequest request = PutBodies.mutateRequest(location.getRegion().getRegionName(), put);
    byte[] body = PutBodies.body(request, List.of(put));
    return p50Us(() -> {
      try {
        services.mutate(ServerFloor.withCells(new HBaseRpcControllerImpl(), body), request);
      } catch (IOException e) {
        throw new ServiceException(e);
      }
    });
  }

  private interface Call {
    void run() throws ServiceException;
  }

  private static double p50Us(Call call) throws IOException {
    long[] nanos = new long[TIMED_CALLS];
    try {
      for (int i = 0; i < WARM_UP_CALLS; i++) {
        call.run();
      }
      for (int i = 0; i < TIMED_CALLS; i++) {
        long start = System.nanoTime();
        call.run();
        nanos[i] = System.nanoTime() - start;
      }
    } catch (ServiceException e) {
      throw new IOException("the RegionServer refused the in-process call: " + e.getMessage(), e);
    }
    Arrays.sort(nanos);
    return nanos[TIMED_CALLS / 2] / 1_000.0;
  }
}

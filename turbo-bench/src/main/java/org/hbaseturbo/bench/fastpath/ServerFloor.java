package org.hbaseturbo.bench.fastpath;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.ipc.HBaseRpcController;
import org.apache.hadoop.hbase.ipc.HBaseRpcControllerImpl;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.regionserver.RSRpcServices;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Action;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.GetRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutateRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier.RegionSpecifierType;
import org.apache.hbase.thirdparty.com.google.protobuf.ServiceException;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.common.ProcessCpu;
import org.hbaseturbo.server.fastpath.Caller;
import org.hbaseturbo.server.fastpath.InProcessCall;
import org.hbaseturbo.wire.fastpath.CellBlockBody;
import org.hbaseturbo.wire.fastpath.PutBodies;

/**
 * What the RegionServers' own request path costs per operation of a YCSB experiment, with no client and no
 * transport: {@code RSRpcServices.get}, {@code mutate} and {@code multi} called in-process exactly as the fast path's
 * workers call them ({@link InProcessCall}: as the thread's current RPC call, under the user's Subject, with a
 * controller that takes the results' cells), from as many threads as the experiment has clients, on requests built
 * before the timing starts (a Put's cells read from a copy of its body at each call, checked, as a worker reads
 * them). This JVM's CPU over those calls, per operation, is a floor under any transport's server CPU per operation:
 * the work HBase does whichever way a request came, without receiving or parsing it, checking its session, or
 * writing and sending its reply. Only an embedded cluster's RegionServers can be called so.
 */
final class ServerFloor {
  /** Operations built before timing, drawn from in turn: enough that they are not all in the CPU's caches. */
  private static final int OPERATIONS = 4_000;
  private static final Duration WARM_UP = Duration.ofSeconds(1);
  private static final Duration MEASURED = Duration.ofSeconds(3);
  private static final int BATCH_OPERATIONS = 200;

  /** How long a floor call may take, as its caller's deadline. */
  private static final Duration DEADLINE = Duration.ofMinutes(1);

  /** One operation: the calls it makes on the servers that hold its rows. */
  private interface Operation {
    void run() throws Exception;
  }

  private final List<Row> rows;
  private final Map<ServerName, RSRpcServices> servers;
  private final Caller caller;
  private final byte[] family;
  private final List<Cell> record;

  private record Row(byte[] key, HRegionLocation location) {
  }

  private ServerFloor(List<Row> rows, Map<ServerName, RSRpcServices> servers, byte[] family, List<Cell> record)
      throws IOException {
    this.rows = rows;
    this.servers = servers;
    this.caller = Caller.of(User.getCurrent());
    this.family = family;
    this.record = record;
  }

  /** The table's rows and where they are, when every server holding them runs in this JVM. */
  static Optional<ServerFloor> of(ClusterTarget target, TableName table) throws IOException {
    Map<ServerName, RSRpcServices> servers = new LinkedHashMap<>();
    for (HRegionServer server : target.inProcess()) {
      servers.put(server.getServerName(), server.getRSRpcServices());
    }
    if (servers.isEmpty()) {
      return Optional.empty();
    }
    Connection connection = target.connection();
    List<Row> rows = new ArrayList<>();
    Result first;
    try (Table data = connection.getTable(table);
        RegionLocator locator = connection.getRegionLocator(table);
        ResultScanner keys = data.getScanner(new Scan().setCaching(1_000)
            .setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter())))) {
      for (Result key : keys) {
        HRegionLocation location = locator.getRegionLocation(key.getRow());
        if (!servers.containsKey(location.getServerName())) {
          return Optional.empty();
        }
        rows.add(new Row(key.getRow(), location));
      }
      if (rows.isEmpty()) {
        return Optional.empty();
      }
      first = data.get(new Get(rows.get(0).key()));
    }
    return Optional.of(new ServerFloor(List.copyOf(rows), servers, CellUtil.cloneFamily(first.rawCells()[0]),
        List.of(first.rawCells())));
  }

  /**
   * What {@code threads} threads calling the servers in-process as fast as they can measured.
   *
   * @param cpuUsPerOperation this JVM's CPU per operation, in microseconds
   * @param operationsPerSecond their operations a second; at one thread and one row an operation, the inverse of
   *     the request path's own latency (a WAL sync's included, for an update), which no transport's synchronous
   *     client can beat. A batch's calls to its servers go one after the other here, where a client sends them at
   *     once, so a batch's figure bounds nothing.
   */
  record Measure(double cpuUsPerOperation, double operationsPerSecond) {
  }

  /** Measures {@code threads} threads calling the servers with {@code workload}'s operations, after a warm-up. */
  Measure measure(FastPathWorkload workload, int threads) throws IOException {
    List<Operation> operations = operations(workload, new Random(threads));
    AtomicLong done = new AtomicLong();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Exception> failure = new AtomicReference<>();
    List<Thread> callers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int offset = t * operations.size() / threads;
      Thread caller = new Thread(() -> {
        try {
          for (int i = offset; !stop.get(); i++) {
            operations.get(i % operations.size()).run();
            done.incrementAndGet();
          }
        } catch (Exception e) {
          failure.compareAndSet(null, e);
          stop.set(true);
        }
      }, "server-floor-" + t);
      caller.setDaemon(true);
      caller.start();
      callers.add(caller);
    }
    try {
      Pause.sleep(WARM_UP, "the server floor's warm-up");
      long cpuBefore = ProcessCpu.nanos();
      long doneBefore = done.get();
      long start = System.nanoTime();
      Pause.sleep(MEASURED, "the server floor's calls");
      long cpu = ProcessCpu.nanos() - cpuBefore;
      long measured = done.get() - doneBefore;
      long elapsed = System.nanoTime() - start;
      if (failure.get() != null) {
        throw new IOException("the RegionServer refused an in-process call: " + failure.get().getMessage(),
            failure.get());
      }
      return new Measure(cpu / 1_000.0 / measured, measured * 1e9 / elapsed);
    } finally {
      stop.set(true);
      for (Thread caller : callers) {
        try {
          caller.join();
        } catch (InterruptedException e) {
          throw Pause.interrupted("the server floor's callers", e);
        }
      }
    }
  }

  private List<Operation> operations(FastPathWorkload workload, Random random) throws IOException {
    int count = workload.rowsPerOperation() > 1 ? BATCH_OPERATIONS : OPERATIONS;
    List<Operation> operations = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      boolean read = random.nextDouble() < workload.readShare();
      operations.add(workload.rowsPerOperation() == 1 ? single(draw(random), read)
          : batch(random, workload.rowsPerOperation(), read));
    }
    return operations;
  }

  private Row draw(Random random) {
    return rows.get(random.nextInt(rows.size()));
  }

  private Operation single(Row row, boolean read) throws IOException {
    RSRpcServices server = servers.get(row.location().getServerName());
    byte[] region = row.location().getRegion().getRegionName();
    if (read) {
      GetRequest get = RequestConverter.buildGetRequest(region, new Get(row.key()));
      return () -> call(get.getSerializedSize(), controller -> server.get(controller, get));
    }
    Put cells = put(row);
    MutateRequest put = PutBodies.mutateRequest(region, cells);
    byte[] body = PutBodies.body(put, List.of(cells));
    return () -> call(body.length, controller -> server.mutate(withCells(controller, body), put));
  }

  /**
   * The controller with the Puts' cells of a fresh copy of {@code body}, checked, as a fast-path worker hands them to
   * HBase: HBase stamps a Put's cells with the time in place, and a worker's request is a copy of its own.
   */
  static HBaseRpcController withCells(HBaseRpcController controller, byte[] body) throws IOException {
    controller.setCellScanner(CellBlockBody.putCells(body.clone()));
    return controller;
  }

  private interface ServerCall {
    Object call(HBaseRpcController controller) throws ServiceException, IOException;
  }

  /** One call as a fast-path worker makes it; its reply is not written. */
  private void call(long requestBytes, ServerCall call) throws Exception {
    HBaseRpcController controller = new HBaseRpcControllerImpl();
    InProcessCall.run(caller.user(), InetAddress.getLoopbackAddress(), System.nanoTime() + DEADLINE.toNanos(),
        requestBytes, () -> InProcessCall.as(caller, () -> call.call(controller)));
  }

  /** A region's share of a batch: its region action, and the Puts whose cells its actions' mutations name. */
  private record RegionShare(RegionAction.Builder action, List<Put> puts) {
  }

  /**
   * One request to each server holding some of the batch's rows, each region's actions in one region action, the
   * Puts' cells in a cell block, as the fast path's client sends a batch.
   */
  private Operation batch(Random random, int size, boolean read) throws IOException {
    Map<ServerName, Map<String, RegionShare>> byServer = new LinkedHashMap<>();
    for (int i = 0; i < size; i++) {
      Row row = draw(random);
      RegionShare region = byServer.computeIfAbsent(row.location().getServerName(), server -> new LinkedHashMap<>())
          .computeIfAbsent(row.location().getRegion().getEncodedName(), name -> new RegionShare(
              RegionAction.newBuilder().setRegion(RequestConverter.buildRegionSpecifier(
                  RegionSpecifierType.REGION_NAME, row.location().getRegion().getRegionName())), new ArrayList<>()));
      Action.Builder action = Action.newBuilder().setIndex(i);
      if (read) {
        action.setGet(ProtobufUtil.toGet(new Get(row.key())));
      } else {
        Put put = put(row);
        action.setMutation(PutBodies.mutation(put));
        region.puts().add(put);
      }
      region.action().addAction(action);
    }
    List<Operation> calls = new ArrayList<>();
    for (Map.Entry<ServerName, Map<String, RegionShare>> server : byServer.entrySet()) {
      MultiRequest.Builder multi = MultiRequest.newBuilder();
      List<Put> puts = new ArrayList<>();
      for (RegionShare region : server.getValue().values()) {
        multi.addRegionAction(region.action());
        puts.addAll(region.puts());
      }
      MultiRequest request = multi.build();
      byte[] body = PutBodies.body(request, puts);
      RSRpcServices services = servers.get(server.getKey());
      calls.add(() -> call(body.length, controller -> services.multi(withCells(controller, body), request)));
    }
    return () -> {
      for (Operation call : calls) {
        call.run();
      }
    };
  }

  /** The row's record written again, every field, as YCSB's updates of whole records write it. */
  private Put put(Row row) throws IOException {
    Put put = new Put(row.key());
    for (Cell cell : record) {
      put.addColumn(family, CellUtil.cloneQualifier(cell), CellUtil.cloneValue(cell));
    }
    return put;
  }
}

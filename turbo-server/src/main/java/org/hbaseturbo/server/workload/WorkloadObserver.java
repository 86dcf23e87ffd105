package org.hbaseturbo.server.workload;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.coprocessor.ObserverContext;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.RegionObserver;
import org.apache.hadoop.hbase.ipc.RpcServer;
import org.apache.hadoop.hbase.regionserver.InternalScanner;
import org.apache.hadoop.hbase.regionserver.RegionScanner;
import org.apache.hadoop.hbase.util.EnvironmentEdgeManager;
import org.apache.hadoop.hbase.util.Pair;
import org.apache.hadoop.hbase.wal.WALEdit;
import org.hbaseturbo.server.HBaseLine;
import org.hbaseturbo.server.LoadedAs;
import org.hbaseturbo.server.metrics.MetricsRegistration;

/**
 * Counts the operations clients ask of each table, exactly and by type, for the workload-aware configuration: the
 * RegionServer's own metrics tell a Get from a Scan but count a batch of Puts once per region
 * ({@code PutBatch_num_ops}), and {@code RegionMetrics} does not tell reads from scans nor puts from deletes.
 *
 * <p>A system coprocessor ({@code hbase.coprocessor.region.classes}) listed after AccessController: an operation
 * that AccessController refuses stops there and is not counted. The hooks are HBase's pre-operation hooks, which
 * run per mutation also inside batches, and per Get also inside a multi; Gets that HBase makes itself for an
 * Increment, Append or checkAndMutate do not call them.
 *
 * <p>It also counts how long each operation that came over RPC took, by the matching post-operation hook: from the
 * call's arrival at the server, which HBase stamps before the call waits in its queue, to the operation's end, in
 * the whole milliseconds of that stamp. A mutation of a batch takes as long as its mini-batch, written and synced
 * with the others; a scan counts each scanner call. This is the latency a policy must not worsen
 * ({@code PolicyTrial}), which the RegionServer's own metrics give only since their last snapshot, and without the
 * wait in the queue. Operations of the fast path, which are not RPC calls, count no latency.
 */
public class WorkloadObserver implements RegionCoprocessor, RegionObserver {
  /** Its table's counters, looked up once: HBase makes an instance per region, and every operation counts here. */
  private volatile TableOperationCounters table;
  private volatile MetricsRegistration.Hold metrics;

  // rawtypes: Coprocessor.start declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void start(CoprocessorEnvironment env) throws IOException {
    if (!HBaseLine.matches()) {
      return;
    }
    RegionCoprocessorEnvironment region = LoadedAs.region(env, this);
    table = WorkloadCounters.of(region.getOnlineRegions()).table(region.getRegionInfo().getTable());
    metrics = MetricsRegistration.hold(WorkloadMetrics.NAME, WorkloadMetrics::new);
  }

  // rawtypes: Coprocessor.stop declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void stop(CoprocessorEnvironment env) {
    if (metrics != null) {
      metrics.close();
    }
  }

  @Override
  public Optional<RegionObserver> getRegionObserver() {
    return HBaseLine.observer(this);
  }

  @Override
  public void preGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get, List<Cell> result) {
    table.gets.increment();
  }

  @Override
  public void postGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get, List<Cell> result) {
    countLatency();
  }

  @Override
  public RegionScanner postScannerOpen(ObserverContext<RegionCoprocessorEnvironment> c, Scan scan,
      RegionScanner scanner) {
    table.scans.increment();
    return scanner;
  }

  @Override
  public boolean postScannerNext(ObserverContext<RegionCoprocessorEnvironment> c, InternalScanner scanner,
      List<Result> result, int limit, boolean hasNext) {
    table.scanRows.add(result.size());
    countLatency();
    return hasNext;
  }

  @Override
  public void prePut(ObserverContext<RegionCoprocessorEnvironment> c, Put put, WALEdit edit) {
    table.puts.increment();
  }

  @Override
  public void postPut(ObserverContext<RegionCoprocessorEnvironment> c, Put put, WALEdit edit) {
    countLatency();
  }

  @Override
  public void preDelete(ObserverContext<RegionCoprocessorEnvironment> c, Delete delete, WALEdit edit) {
    table.deletes.increment();
  }

  @Override
  public void postDelete(ObserverContext<RegionCoprocessorEnvironment> c, Delete delete, WALEdit edit) {
    countLatency();
  }

  @Override
  public Result preIncrement(ObserverContext<RegionCoprocessorEnvironment> c, Increment increment, WALEdit edit) {
    table.increments.increment();
    return null;
  }

  @Override
  public Result postIncrement(ObserverContext<RegionCoprocessorEnvironment> c, Increment increment, Result result,
      WALEdit edit) {
    countLatency();
    return result;
  }

  @Override
  public Result preAppend(ObserverContext<RegionCoprocessorEnvironment> c, Append append, WALEdit edit) {
    table.appends.increment();
    return null;
  }

  @Override
  public Result postAppend(ObserverContext<RegionCoprocessorEnvironment> c, Append append, Result result,
      WALEdit edit) {
    countLatency();
    return result;
  }

  @Override
  public void postBulkLoadHFile(ObserverContext<RegionCoprocessorEnvironment> c,
      List<Pair<byte[], String>> stagingFamilyPaths, Map<byte[], List<Path>> finalPaths) throws IOException {
    table.bulkLoadedFiles.add(finalPaths.values().stream().mapToLong(List::size).sum());
  }

  /** Counts the current RPC call's time since it reached the server; an operation outside RPC has none. */
  private void countLatency() {
    RpcServer.getCurrentCall()
        .ifPresent(call -> table.latency(EnvironmentEdgeManager.currentTime() - call.getReceiveTime()));
  }
}

package org.hbaseturbo.server.workload;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
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
import org.apache.hadoop.hbase.regionserver.InternalScanner;
import org.apache.hadoop.hbase.regionserver.RegionScanner;
import org.apache.hadoop.hbase.wal.WALEdit;
import org.apache.hadoop.hbase.util.Pair;

/**
 * Counts the operations clients ask of each table, exactly and by type, for the workload-aware configuration: the
 * RegionServer's own metrics tell a Get from a Scan but count a batch of Puts once per region
 * ({@code PutBatch_num_ops}), and {@code RegionMetrics} does not tell reads from scans nor puts from deletes.
 *
 * <p>A system coprocessor ({@code hbase.coprocessor.region.classes}) listed after AccessController: an operation
 * that AccessController refuses stops there and is not counted. The hooks are HBase's pre-operation hooks, which
 * run per mutation also inside batches, and per Get also inside a multi; Gets that HBase makes itself for an
 * Increment, Append or checkAndMutate do not call them.
 */
public class WorkloadObserver implements RegionCoprocessor, RegionObserver {
  @Override
  public Optional<RegionObserver> getRegionObserver() {
    return Optional.of(this);
  }

  private static TableOperationCounters counters(ObserverContext<RegionCoprocessorEnvironment> c) {
    return WorkloadCounters.of(c.getEnvironment().getRegionInfo().getTable());
  }

  @Override
  public void preGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get, List<Cell> result) {
    counters(c).gets.increment();
  }

  @Override
  public RegionScanner postScannerOpen(ObserverContext<RegionCoprocessorEnvironment> c, Scan scan,
      RegionScanner scanner) {
    counters(c).scans.increment();
    return scanner;
  }

  @Override
  public boolean postScannerNext(ObserverContext<RegionCoprocessorEnvironment> c, InternalScanner scanner,
      List<Result> result, int limit, boolean hasNext) {
    counters(c).scanRows.add(result.size());
    return hasNext;
  }

  @Override
  public void prePut(ObserverContext<RegionCoprocessorEnvironment> c, Put put, WALEdit edit) {
    counters(c).puts.increment();
  }

  @Override
  public void preDelete(ObserverContext<RegionCoprocessorEnvironment> c, Delete delete, WALEdit edit) {
    counters(c).deletes.increment();
  }

  @Override
  public Result preIncrement(ObserverContext<RegionCoprocessorEnvironment> c, Increment increment, WALEdit edit) {
    counters(c).increments.increment();
    return null;
  }

  @Override
  public Result preAppend(ObserverContext<RegionCoprocessorEnvironment> c, Append append, WALEdit edit) {
    counters(c).appends.increment();
    return null;
  }

  @Override
  public void postBulkLoadHFile(ObserverContext<RegionCoprocessorEnvironment> c,
      List<Pair<byte[], String>> stagingFamilyPaths, Map<byte[], List<Path>> finalPaths) throws IOException {
    counters(c).bulkLoadedFiles.add(finalPaths.values().stream().mapToLong(List::size).sum());
  }
}

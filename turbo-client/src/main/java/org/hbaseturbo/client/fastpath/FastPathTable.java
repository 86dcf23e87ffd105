package org.hbaseturbo.client.fastpath;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Message;
import com.google.protobuf.Service;
import com.google.protobuf.ServiceException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.coprocessor.Batch;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.ipc.CoprocessorRpcChannel;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.PutBodies;

/**
 * A {@link Table} whose Gets and Puts take the fast path where the {@link NetworkSelector} lets them, and
 * everything else HBase's own table. Whatever the fast path cannot serve (no session, region moved, busy, reply
 * too large, timeout, an exception on the server) is done again by HBase's own table, whose retries, location
 * refresh and exceptions the caller then sees, as from a stock client.
 */
final class FastPathTable extends CompatDelegateTable {
  private final RegionLocator locator;
  private final FastPathChannel channel;
  private final NetworkSelector selector;
  private final FastPathCounters counters;
  private final FastPathBatch batch;

  FastPathTable(Table rpc, RegionLocator locator, FastPathChannel channel, FastPathClientConfig config,
      FastPathCounters counters) {
    super(rpc);
    this.locator = locator;
    this.channel = channel;
    this.selector = new NetworkSelector(config, getRequestAttributes());
    this.counters = counters;
    this.batch = new FastPathBatch(channel, selector, counters, config);
  }

  @Override
  public Result get(Get get) throws IOException {
    Result result = fastGet(get);
    return result != null ? result : rpc.get(get);
  }

  @Override
  public Result[] get(List<Get> gets) throws IOException {
    FastPathBatch.Outcome outcome = batch.run(gets, locator);
    Result[] results = new Result[gets.size()];
    List<Integer> overRpc = outcome.overRpc();
    Result[] rest = overRpc.isEmpty() ? new Result[0] : rpc.get(select(gets, overRpc));
    for (int i = 0, next = 0; i < results.length; i++) {
      results[i] = outcome.result(i) != null ? outcome.result(i) : rest[next++];
    }
    return results;
  }

  /** @return the result, or null when the Get must go over RPC */
  private Result fastGet(Get get) throws IOException {
    if (!selector.takes(get)) {
      return null;
    }
    HRegionLocation location = locator.getRegionLocation(get.getRow());
    FastPathCall call = channel.call(location, FastPathOperation.GET,
        RequestConverter.buildGetRequest(location.getRegion().getRegionName(), get).toByteArray());
    return counters.record(call) ? ServedReplies.get(call) : null;
  }

  @Override
  public void put(Put put) throws IOException {
    if (!fastPut(put)) {
      rpc.put(put);
    }
  }

  @Override
  public void put(List<Put> puts) throws IOException {
    List<Integer> overRpc = batch.run(puts, locator).overRpc();
    if (!overRpc.isEmpty()) {
      rpc.put(select(puts, overRpc));
    }
  }

  /** @return whether the fast path served the Put; when not, it went over RPC */
  private boolean fastPut(Put put) throws IOException {
    if (!selector.takes(put)) {
      return false;
    }
    HRegionLocation location = locator.getRegionLocation(put.getRow());
    FastPathCall call = channel.call(location, FastPathOperation.PUT,
        PutBodies.mutate(location.getRegion().getRegionName(), put));
    if (!counters.record(call)) {
      // Not before the server can no longer begin it: the RPC Put, and what the caller does after it, come last.
      call.awaitDeadline();
      return false;
    }
    return ServedReplies.processed(call);
  }

  @Override
  public void batch(List<? extends Row> actions, Object[] results) throws IOException, InterruptedException {
    batchCallback(actions, results, null);
  }

  /**
   * The batch's Gets and Puts over the fast path ({@link FastPathBatch}); what it did not serve, and every other
   * action, then goes over RPC as one batch, whose results, callbacks and exceptions the caller sees as from HBase.
   */
  @Override
  public <R> void batchCallback(List<? extends Row> actions, Object[] results, Batch.Callback<R> callback)
      throws IOException, InterruptedException {
    if (results.length != actions.size()) {
      // HBase refuses a results array of another length, with its own message.
      overRpc(actions, results, callback);
      return;
    }
    FastPathBatch.Outcome outcome = batch.run(actions, locator);
    for (int i = 0; i < actions.size(); i++) {
      Result result = outcome.result(i);
      if (result != null) {
        results[i] = result;
        if (callback != null) {
          callback.update(outcome.region(i), actions.get(i).getRow(), resultAs(result));
        }
      }
    }
    List<Integer> overRpc = outcome.overRpc();
    if (overRpc.isEmpty()) {
      return;
    }
    Object[] rest = new Object[overRpc.size()];
    try {
      overRpc(select(actions, overRpc), rest, callback);
    } finally {
      for (int i = 0; i < rest.length; i++) {
        results[overRpc.get(i)] = rest[i];
      }
    }
  }

  private static <T> List<T> select(List<? extends T> items, List<Integer> indexes) {
    List<T> selected = new ArrayList<>(indexes.size());
    indexes.forEach(index -> selected.add(items.get(index)));
    return selected;
  }

  /** HBase's batch, with or without a callback (each uses its own timeouts). */
  private <R> void overRpc(List<? extends Row> actions, Object[] results, Batch.Callback<R> callback)
      throws IOException, InterruptedException {
    if (callback == null) {
      rpc.batch(actions, results);
    } else {
      rpc.batchCallback(actions, results, callback);
    }
  }

  /** unchecked: a batch callback's type parameter stands for the Result HBase passes it, as HBase casts it. */
  @SuppressWarnings("unchecked")
  private static <R> R resultAs(Result result) {
    return (R) result;
  }

  // Everything below is HBase's own table.

  @Override
  public TableName getName() {
    return rpc.getName();
  }

  @Override
  public Configuration getConfiguration() {
    return rpc.getConfiguration();
  }

  @Override
  public TableDescriptor getDescriptor() throws IOException {
    return rpc.getDescriptor();
  }

  @Override
  public RegionLocator getRegionLocator() throws IOException {
    return rpc.getRegionLocator();
  }

  @Override
  public boolean exists(Get get) throws IOException {
    return rpc.exists(get);
  }

  @Override
  public boolean[] exists(List<Get> gets) throws IOException {
    return rpc.exists(gets);
  }

  @Override
  public ResultScanner getScanner(Scan scan) throws IOException {
    return rpc.getScanner(scan);
  }

  @Override
  public ResultScanner getScanner(byte[] family) throws IOException {
    return rpc.getScanner(family);
  }

  @Override
  public ResultScanner getScanner(byte[] family, byte[] qualifier) throws IOException {
    return rpc.getScanner(family, qualifier);
  }

  @Override
  public void delete(Delete delete) throws IOException {
    rpc.delete(delete);
  }

  @Override
  public void delete(List<Delete> deletes) throws IOException {
    rpc.delete(deletes);
  }

  // deprecation: HBase deprecates the builders but still serves them; applications that use them keep working.
  @Override
  @Deprecated
  @SuppressWarnings("deprecation")
  public CheckAndMutateBuilder checkAndMutate(byte[] row, byte[] family) {
    return rpc.checkAndMutate(row, family);
  }

  @Override
  @Deprecated
  @SuppressWarnings("deprecation")
  public CheckAndMutateWithFilterBuilder checkAndMutate(byte[] row, Filter filter) {
    return rpc.checkAndMutate(row, filter);
  }

  @Override
  public CheckAndMutateResult checkAndMutate(CheckAndMutate checkAndMutate) throws IOException {
    return rpc.checkAndMutate(checkAndMutate);
  }

  @Override
  public List<CheckAndMutateResult> checkAndMutate(List<CheckAndMutate> checkAndMutates) throws IOException {
    return rpc.checkAndMutate(checkAndMutates);
  }

  @Override
  public Result mutateRow(RowMutations mutations) throws IOException {
    return rpc.mutateRow(mutations);
  }

  @Override
  public Result append(Append append) throws IOException {
    return rpc.append(append);
  }

  @Override
  public Result increment(Increment increment) throws IOException {
    return rpc.increment(increment);
  }

  @Override
  public long incrementColumnValue(byte[] row, byte[] family, byte[] qualifier, long amount) throws IOException {
    return rpc.incrementColumnValue(row, family, qualifier, amount);
  }

  @Override
  public long incrementColumnValue(byte[] row, byte[] family, byte[] qualifier, long amount, Durability durability)
      throws IOException {
    return rpc.incrementColumnValue(row, family, qualifier, amount, durability);
  }

  @Override
  public CoprocessorRpcChannel coprocessorService(byte[] row) {
    return rpc.coprocessorService(row);
  }

  @Override
  public <T extends Service, R> Map<byte[], R> coprocessorService(Class<T> service, byte[] startKey, byte[] endKey,
      Batch.Call<T, R> callable) throws ServiceException, Throwable {
    return rpc.coprocessorService(service, startKey, endKey, callable);
  }

  @Override
  public <T extends Service, R> void coprocessorService(Class<T> service, byte[] startKey, byte[] endKey,
      Batch.Call<T, R> callable, Batch.Callback<R> callback) throws ServiceException, Throwable {
    rpc.coprocessorService(service, startKey, endKey, callable, callback);
  }

  @Override
  public <R extends Message> Map<byte[], R> batchCoprocessorService(Descriptors.MethodDescriptor method,
      Message request, byte[] startKey, byte[] endKey, R responsePrototype) throws ServiceException, Throwable {
    return rpc.batchCoprocessorService(method, request, startKey, endKey, responsePrototype);
  }

  @Override
  public <R extends Message> void batchCoprocessorService(Descriptors.MethodDescriptor method, Message request,
      byte[] startKey, byte[] endKey, R responsePrototype, Batch.Callback<R> callback)
      throws ServiceException, Throwable {
    rpc.batchCoprocessorService(method, request, startKey, endKey, responsePrototype, callback);
  }

  @Override
  public long getRpcTimeout(TimeUnit unit) {
    return rpc.getRpcTimeout(unit);
  }

  @Override
  public long getReadRpcTimeout(TimeUnit unit) {
    return rpc.getReadRpcTimeout(unit);
  }

  @Override
  public long getWriteRpcTimeout(TimeUnit unit) {
    return rpc.getWriteRpcTimeout(unit);
  }

  @Override
  public long getOperationTimeout(TimeUnit unit) {
    return rpc.getOperationTimeout(unit);
  }

  @Override
  public void close() throws IOException {
    try {
      locator.close();
    } finally {
      rpc.close();
    }
  }
}

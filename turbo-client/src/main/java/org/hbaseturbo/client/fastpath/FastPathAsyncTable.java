package org.hbaseturbo.client.fastpath;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.AsyncTableRegionLocator;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.ScanResultConsumerBase;
import org.apache.hadoop.hbase.client.ServiceCaller;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.PutBodies;

/**
 * An {@link AsyncTable} whose Gets, Puts and batches take the fast path where the {@link NetworkSelector} lets them,
 * with many requests in flight, and everything else HBase's own asynchronous table. Whatever the fast path does not
 * serve, action by action, HBase's table does again, whose retries and exceptions the caller then sees, as from a
 * stock client.
 *
 * <p>A table made with a pool completes its futures on the pool, as HBase's does; one made without completes them
 * on a thread of the connection's, as HBase's completes them on its event loop: what runs on them must not block.
 */
final class FastPathAsyncTable<C extends ScanResultConsumerBase> implements AsyncTable<C> {
  private final AsyncTable<C> rpc;
  private final AsyncTableRegionLocator locator;
  private final FastPathChannel channel;
  private final NetworkSelector selector;
  private final FastPathCounters counters;
  private final FastPathBatch batch;
  /** Where callers' futures complete; null: where they were completed. */
  private final ExecutorService pool;

  FastPathAsyncTable(AsyncTable<C> rpc, AsyncTableRegionLocator locator, FastPathChannel channel,
      FastPathClientConfig config, FastPathCounters counters, ExecutorService pool) {
    this.rpc = rpc;
    this.locator = locator;
    this.channel = channel;
    this.selector = new NetworkSelector(config, CompatAsync.requestAttributes(rpc));
    this.counters = counters;
    this.batch = new FastPathBatch(channel, selector, counters, config);
    this.pool = pool;
  }

  @Override
  public CompletableFuture<Result> get(Get get) {
    if (!selector.takes(get)) {
      return rpc.get(get);
    }
    return onPool(send(get.getRow(), FastPathOperation.GET,
        location -> RequestConverter.buildGetRequest(location.getRegion().getRegionName(), get).toByteArray())
        .handle((call, error) -> {
          if (error == null && counters.record(call)) {
            try {
              return CompletableFuture.completedFuture(ServedReplies.get(call));
            } catch (IOException e) {
              // A reply that does not parse: the Get is read again over RPC.
            }
          }
          return rpc.get(get);
        }).thenCompose(Function.identity()));
  }

  @Override
  public CompletableFuture<Void> put(Put put) {
    if (!selector.takes(put)) {
      return rpc.put(put);
    }
    return onPool(send(put.getRow(), FastPathOperation.PUT,
        location -> PutBodies.mutate(location.getRegion().getRegionName(), put))
        .handle((call, error) -> {
          if (error != null) {
            return rpc.put(put);
          }
          if (counters.record(call) && processed(call)) {
            return CompletableFuture.<Void>completedFuture(null);
          }
          // Not before the server can no longer begin it: the RPC Put, and what the caller does after it, come last.
          return afterDeadline(call, () -> rpc.put(put));
        }).thenCompose(Function.identity()));
  }

  /** A request's bytes for the region at a location. */
  private interface Request {
    byte[] to(HRegionLocation location) throws IOException;
  }

  /**
   * Sends one request to the server holding {@code row}, once its location is known.
   *
   * @return how it ended; exceptionally when the location could not be found, which RPC then reports
   */
  private CompletableFuture<FastPathCall> send(byte[] row, FastPathOperation operation, Request request) {
    return locator.getRegionLocation(row).thenCompose(location -> {
      try {
        return channel.submit(location, operation, request.to(location));
      } catch (IOException e) {
        // An operation the request converter refuses: HBase's client refuses it with its own message.
        return CompletableFuture.completedFuture(FastPathCall.NOT_SENT);
      }
    });
  }

  private static boolean processed(FastPathCall call) {
    try {
      return ServedReplies.processed(call);
    } catch (IOException e) {
      return false;
    }
  }

  /** {@code next} once the call's request can no longer begin on the server, where it may still run. */
  private static <T> CompletableFuture<T> afterDeadline(FastPathCall call, Supplier<CompletableFuture<T>> next) {
    long left = call.nanosToDeadline();
    if (left == 0) {
      return next.get();
    }
    return CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(left, TimeUnit.NANOSECONDS))
        .thenCompose(waited -> next.get());
  }

  @Override
  public List<CompletableFuture<Result>> get(List<Get> gets) {
    return batch(gets);
  }

  @Override
  public List<CompletableFuture<Void>> put(List<Put> puts) {
    return batch(puts).stream().map(result -> result.<Void>thenApply(done -> null)).toList();
  }

  /**
   * The batch's Gets and Puts over the fast path ({@link FastPathBatch}); what it did not serve, and every other
   * action, then goes over RPC as one batch, whose results and exceptions the caller sees as from HBase.
   */
  @Override
  public <T> List<CompletableFuture<T>> batch(List<? extends Row> actions) {
    List<CompletableFuture<T>> results = new ArrayList<>(actions.size());
    for (int i = 0; i < actions.size(); i++) {
      results.add(new CompletableFuture<>());
    }
    batch.runAsync(actions, locator).whenComplete((outcome, error) -> {
      List<Integer> overRpc = new ArrayList<>();
      for (int i = 0; i < actions.size(); i++) {
        Result result = outcome == null ? null : outcome.result(i);
        if (result == null) {
          overRpc.add(i);
        } else {
          results.get(i).complete(resultAs(result));
        }
      }
      if (overRpc.isEmpty()) {
        return;
      }
      List<Row> rest = new ArrayList<>(overRpc.size());
      overRpc.forEach(index -> rest.add(actions.get(index)));
      List<CompletableFuture<T>> answered = rpc.batch(rest);
      for (int i = 0; i < answered.size(); i++) {
        CompletableFuture<T> result = results.get(overRpc.get(i));
        answered.get(i).whenComplete((value, failure) -> {
          if (failure != null) {
            result.completeExceptionally(failure);
          } else {
            result.complete(value);
          }
        });
      }
    });
    return results.stream().map(this::onPool).toList();
  }

  /** unchecked: a batch's result type stands for the Result HBase gives a Get or Put, as HBase casts it. */
  @SuppressWarnings("unchecked")
  private static <T> T resultAs(Result result) {
    return (T) result;
  }

  /** The future as the caller gets it: completed on the table's pool, where it has one. */
  private <T> CompletableFuture<T> onPool(CompletableFuture<T> future) {
    if (pool == null) {
      return future;
    }
    CompletableFuture<T> onPool = new CompletableFuture<>();
    future.whenComplete((value, failure) -> {
      Runnable complete = () -> {
        if (failure != null) {
          onPool.completeExceptionally(failure);
        } else {
          onPool.complete(value);
        }
      };
      try {
        pool.execute(complete);
      } catch (RejectedExecutionException e) {
        complete.run();
      }
    });
    return onPool;
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
  public CompletableFuture<TableDescriptor> getDescriptor() {
    return rpc.getDescriptor();
  }

  @Override
  public AsyncTableRegionLocator getRegionLocator() {
    return rpc.getRegionLocator();
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
  public long getScanTimeout(TimeUnit unit) {
    return rpc.getScanTimeout(unit);
  }

  @Override
  public CompletableFuture<Void> delete(Delete delete) {
    return rpc.delete(delete);
  }

  @Override
  public CompletableFuture<Result> append(Append append) {
    return rpc.append(append);
  }

  @Override
  public CompletableFuture<Result> increment(Increment increment) {
    return rpc.increment(increment);
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
  public CompletableFuture<CheckAndMutateResult> checkAndMutate(CheckAndMutate checkAndMutate) {
    return rpc.checkAndMutate(checkAndMutate);
  }

  @Override
  public List<CompletableFuture<CheckAndMutateResult>> checkAndMutate(List<CheckAndMutate> checkAndMutates) {
    return rpc.checkAndMutate(checkAndMutates);
  }

  @Override
  public CompletableFuture<Result> mutateRow(RowMutations mutations) {
    return rpc.mutateRow(mutations);
  }

  @Override
  public void scan(Scan scan, C consumer) {
    rpc.scan(scan, consumer);
  }

  @Override
  public ResultScanner getScanner(Scan scan) {
    return rpc.getScanner(scan);
  }

  @Override
  public CompletableFuture<List<Result>> scanAll(Scan scan) {
    return rpc.scanAll(scan);
  }

  @Override
  public List<CompletableFuture<Void>> delete(List<Delete> deletes) {
    return rpc.delete(deletes);
  }

  @Override
  public <S, R> CompletableFuture<R> coprocessorService(Function<com.google.protobuf.RpcChannel, S> stubMaker,
      ServiceCaller<S, R> callable, byte[] row) {
    return rpc.coprocessorService(stubMaker, callable, row);
  }

  @Override
  public <S, R> CoprocessorServiceBuilder<S, R> coprocessorService(
      Function<com.google.protobuf.RpcChannel, S> stubMaker, ServiceCaller<S, R> callable,
      CoprocessorCallback<R> callback) {
    return rpc.coprocessorService(stubMaker, callable, callback);
  }
}

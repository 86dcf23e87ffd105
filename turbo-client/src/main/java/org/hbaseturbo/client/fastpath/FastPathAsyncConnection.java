package org.hbaseturbo.client.fastpath;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncAdminBuilder;
import org.apache.hadoop.hbase.client.AsyncBufferedMutatorBuilder;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.AsyncTableBuilder;
import org.apache.hadoop.hbase.client.AsyncTableRegionLocator;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.ConnectionRegistry;
import org.apache.hadoop.hbase.client.Hbck;
import org.apache.hadoop.hbase.client.ScanResultConsumer;
import org.apache.hadoop.hbase.client.ScanResultConsumerBase;
import org.apache.hadoop.hbase.security.User;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link AsyncConnection} whose tables send Gets, Puts and batches of them over the fast path, many in flight at
 * once ({@link FastPathAsyncTable}), and everything else over HBase's RPC, through a stock asynchronous connection
 * it holds.
 *
 * <p>Unchanged applications get it by configuration: {@code hbase.client.async.connection.impl} set to this class,
 * and {@code ConnectionFactory.createAsyncConnection} returns one. Where the fast path cannot be had (the native UCX
 * library or jucx missing, no operation configured, connection attributes set) it works as a stock connection.
 */
public final class FastPathAsyncConnection implements AsyncConnection {
  private static final Logger LOG = LoggerFactory.getLogger(FastPathAsyncConnection.class);

  private final AsyncConnection rpc;
  private final FastPathClientConfig config;
  private final FastPathChannel channel;
  private final FastPathCounters counters;

  /** The constructor HBase 2.5's {@code ConnectionFactory} calls for {@code hbase.client.async.connection.impl}. */
  FastPathAsyncConnection(Configuration conf, ConnectionRegistry registry, String clusterId, User user) {
    this(conf, registry, clusterId, user, null);
  }

  /** The constructor HBase 2.6's calls: 2.6 added connection attributes (null when none). */
  FastPathAsyncConnection(Configuration conf, ConnectionRegistry registry, String clusterId, User user,
      Map<String, byte[]> attributes) {
    Configuration stock = new Configuration(conf);
    stock.unset(ConnectionFactory.HBASE_CLIENT_ASYNC_CONNECTION_IMPL);
    Map<String, byte[]> given = attributes == null ? Map.of() : attributes;
    this.rpc = CompatAsync.open(stock, registry, clusterId, user, given);
    this.config = FastPathClientConfig.from(stock);
    this.counters = new FastPathCounters();
    if (!given.isEmpty()) {
      // Connection attributes travel in HBase's RPC connection header; fast-path requests could not carry them.
      LOG.info("connection attributes set: asynchronous Gets and Puts use RPC");
      this.channel = null;
    } else {
      this.channel = FastPathConnection.openChannel(config, SessionCalls.over(rpc), counters.replyWaits());
    }
  }

  /** Whether this connection sends {@code operation} over the fast path: it has one, and its settings say so. */
  public boolean carries(FastPathOperation operation) {
    return channel != null && config.operations().contains(operation);
  }

  /** How this connection's fast-path attempts ended, and how its requests waited for their replies. */
  public FastPathCounters counters() {
    return counters;
  }

  @Override
  public AsyncTableBuilder<AdvancedScanResultConsumer> getTableBuilder(TableName tableName) {
    return builder(rpc.getTableBuilder(tableName), tableName, null);
  }

  @Override
  public AsyncTableBuilder<ScanResultConsumer> getTableBuilder(TableName tableName, ExecutorService pool) {
    return builder(rpc.getTableBuilder(tableName, pool), tableName, pool);
  }

  private <C extends ScanResultConsumerBase> AsyncTableBuilder<C> builder(AsyncTableBuilder<C> stock,
      TableName tableName, ExecutorService pool) {
    return new CompatDelegateAsyncTableBuilder<C>(stock) {
      @Override
      public AsyncTableBuilder<C> setOperationTimeout(long timeout, TimeUnit unit) {
        this.stock.setOperationTimeout(timeout, unit);
        return this;
      }

      @Override
      public AsyncTableBuilder<C> setScanTimeout(long timeout, TimeUnit unit) {
        this.stock.setScanTimeout(timeout, unit);
        return this;
      }

      @Override
      public AsyncTableBuilder<C> setRpcTimeout(long timeout, TimeUnit unit) {
        this.stock.setRpcTimeout(timeout, unit);
        return this;
      }

      @Override
      public AsyncTableBuilder<C> setReadRpcTimeout(long timeout, TimeUnit unit) {
        this.stock.setReadRpcTimeout(timeout, unit);
        return this;
      }

      @Override
      public AsyncTableBuilder<C> setWriteRpcTimeout(long timeout, TimeUnit unit) {
        this.stock.setWriteRpcTimeout(timeout, unit);
        return this;
      }

      @Override
      public AsyncTableBuilder<C> setRetryPause(long pause, TimeUnit unit) {
        this.stock.setRetryPause(pause, unit);
        return this;
      }

      @Override
      public AsyncTableBuilder<C> setRetryPauseForServerOverloaded(long pause, TimeUnit unit) {
        this.stock.setRetryPauseForServerOverloaded(pause, unit);
        return this;
      }

      @Override
      public AsyncTableBuilder<C> setMaxAttempts(int maxAttempts) {
        this.stock.setMaxAttempts(maxAttempts);
        return this;
      }

      @Override
      public AsyncTableBuilder<C> setStartLogErrorsCnt(int count) {
        this.stock.setStartLogErrorsCnt(count);
        return this;
      }

      @Override
      public AsyncTable<C> build() {
        AsyncTable<C> table = this.stock.build();
        return channel == null ? table : new FastPathAsyncTable<>(table, rpc.getRegionLocator(tableName), channel,
            config, counters, pool);
      }
    };
  }

  // Everything below is HBase's own connection.

  @Override
  public Configuration getConfiguration() {
    return rpc.getConfiguration();
  }

  @Override
  public AsyncTableRegionLocator getRegionLocator(TableName tableName) {
    return rpc.getRegionLocator(tableName);
  }

  @Override
  public void clearRegionLocationCache() {
    rpc.clearRegionLocationCache();
  }

  @Override
  public AsyncAdminBuilder getAdminBuilder() {
    return rpc.getAdminBuilder();
  }

  @Override
  public AsyncAdminBuilder getAdminBuilder(ExecutorService pool) {
    return rpc.getAdminBuilder(pool);
  }

  @Override
  public AsyncBufferedMutatorBuilder getBufferedMutatorBuilder(TableName tableName) {
    return rpc.getBufferedMutatorBuilder(tableName);
  }

  @Override
  public AsyncBufferedMutatorBuilder getBufferedMutatorBuilder(TableName tableName, ExecutorService pool) {
    return rpc.getBufferedMutatorBuilder(tableName, pool);
  }

  @Override
  public boolean isClosed() {
    return rpc.isClosed();
  }

  @Override
  public CompletableFuture<Hbck> getHbck() {
    return rpc.getHbck();
  }

  @Override
  public Hbck getHbck(ServerName masterServer) throws IOException {
    return rpc.getHbck(masterServer);
  }

  @Override
  public void close() throws IOException {
    try {
      if (channel != null) {
        channel.close();
      }
    } finally {
      rpc.close();
    }
  }
}

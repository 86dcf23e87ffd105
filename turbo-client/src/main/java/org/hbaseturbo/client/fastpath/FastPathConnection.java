package org.hbaseturbo.client.fastpath;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.ClusterConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableBuilder;
import org.apache.hadoop.hbase.security.User;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link Connection} whose tables send Gets and Puts over the fast path (UCX: shared memory, TCP or RDMA) and
 * everything else over HBase's RPC, through a stock connection it holds. Prepared scans made with it execute over
 * the fast path too.
 *
 * <p>Unchanged applications get it by configuration: {@code hbase.client.connection.impl} set to this class, and
 * {@code ConnectionFactory.createConnection} returns one. Code holding a connection already wraps it with
 * {@link #wrap}. Where the native UCX library, jucx or turbo-transport is missing the connection works as a stock
 * one (logged once per process).
 */
public final class FastPathConnection implements Connection {
  private static final Logger LOG = LoggerFactory.getLogger(FastPathConnection.class);
  private static final AtomicBoolean WARNED = new AtomicBoolean();

  private final Connection rpc;
  private final FastPathClientConfig config;
  private final FastPathChannel channel;
  private final FastPathCounters counters = new FastPathCounters();

  /** The constructor HBase 2.5's {@code ConnectionFactory} calls for {@code hbase.client.connection.impl}. */
  FastPathConnection(Configuration conf, ExecutorService pool, User user) throws IOException {
    this(conf, pool, user, Map.of());
  }

  /** The constructor HBase 2.6's {@code ConnectionFactory} calls: 2.6 added connection attributes. */
  FastPathConnection(Configuration conf, ExecutorService pool, User user, Map<String, byte[]> attributes)
      throws IOException {
    this(CompatConnections.open(stockConfiguration(conf), pool, user, attributes), attributes);
  }

  private FastPathConnection(Connection rpc, Map<String, byte[]> attributes) {
    this.rpc = rpc;
    this.config = FastPathClientConfig.from(rpc.getConfiguration());
    this.channel = attributes.isEmpty() ? openChannel(config, SessionCalls.over(rpc), counters.replyWaits()) : null;
    if (!attributes.isEmpty()) {
      // Connection attributes travel in HBase's RPC connection header; fast-path requests could not carry them.
      LOG.info("connection attributes set: Gets, Puts and prepared scans use RPC");
    }
  }

  /** A fast-path connection over an open stock connection, which it closes when it is closed. */
  public static FastPathConnection wrap(Connection rpc) {
    return new FastPathConnection(rpc, Map.of());
  }

  /** A channel, or null when the settings name no operation or the fast path cannot be had in this process. */
  static FastPathChannel openChannel(FastPathClientConfig config, SessionCalls sessions, ReplyWaits waits) {
    if (config.operations().isEmpty()) {
      return null;
    }
    try {
      return new FastPathChannel(config, sessions, waits);
    } catch (FastPathUnavailableException e) {
      fastPathOff(e.getMessage());
    } catch (LinkageError e) {
      // turbo-transport or jucx not on the classpath: an application that asked for the fast path without them.
      fastPathOff("the fast path's transport is not on the classpath (turbo-transport and org.openucx:jucx): " + e);
    }
    return null;
  }

  /** Once per process at WARN, the reason every connection of this process works over RPC alone; then at DEBUG. */
  private static void fastPathOff(String why) {
    if (WARNED.compareAndSet(false, true)) {
      LOG.warn("fast path off in this process; Gets, Puts and prepared scans use RPC: {}", why);
    } else {
      LOG.debug("fast path off for this connection: {}", why);
    }
  }

  /** The configuration the stock connection gets: this class must not build itself again. */
  private static Configuration stockConfiguration(Configuration conf) {
    Configuration stock = new Configuration(conf);
    stock.unset(ClusterConnection.HBASE_CLIENT_CONNECTION_IMPL);
    return stock;
  }

  /** Whether this connection sends {@code operation} over the fast path: it has one, and its settings say so. */
  public boolean carries(FastPathOperation operation) {
    return channel != null && config.operations().contains(operation);
  }

  /**
   * Sends one request of Turbo's own client features (Prepared Scan's executes) to the RegionServer holding
   * {@code location}'s region over the fast path, as this connection's user, where it {@link #carries} the
   * operation.
   *
   * @param request the operation's protobuf request
   * @return how it ended. Whatever the fast path did not serve (no session or reply, a request over
   *     {@value FastPathClientConfig#MAX_REQUEST_KEY}, or the server asked for RPC, as after a region moved or a
   *     refusal) the caller sends over RPC, whose answer is the one to give; first, where the request changes what
   *     the server holds for the client, it heeds {@link FastPathCall#mayHaveRun}
   */
  public FastPathCall call(HRegionLocation location, FastPathOperation operation, byte[] request) {
    if (!carries(operation)) {
      return FastPathCall.NOT_SENT;
    }
    FastPathCall call = channel.call(location, operation, request);
    counters.record(call);
    return call;
  }

  /** How this connection's fast-path attempts ended, and how its callers waited for their replies. */
  public FastPathCounters counters() {
    return counters;
  }

  @Override
  public TableBuilder getTableBuilder(TableName tableName, ExecutorService pool) {
    return new CompatDelegateTableBuilder(rpc.getTableBuilder(tableName, pool)) {
      @Override
      public TableBuilder setOperationTimeout(int timeout) {
        stock.setOperationTimeout(timeout);
        return this;
      }

      @Override
      public TableBuilder setRpcTimeout(int timeout) {
        stock.setRpcTimeout(timeout);
        return this;
      }

      @Override
      public TableBuilder setReadRpcTimeout(int timeout) {
        stock.setReadRpcTimeout(timeout);
        return this;
      }

      @Override
      public TableBuilder setWriteRpcTimeout(int timeout) {
        stock.setWriteRpcTimeout(timeout);
        return this;
      }

      @Override
      public Table build() {
        Table table = stock.build();
        if (channel == null) {
          return table;
        }
        try {
          return new FastPathTable(table, rpc.getRegionLocator(tableName), channel, config, counters);
        } catch (IOException e) {
          // HBase's getRegionLocator does no I/O; should another connection's, its table still works over RPC.
          LOG.warn("no region locator for {}, its Gets and Puts use RPC: {}", tableName, e.getMessage());
          return table;
        }
      }
    };
  }

  @Override
  public Configuration getConfiguration() {
    return rpc.getConfiguration();
  }

  @Override
  public BufferedMutator getBufferedMutator(TableName tableName) throws IOException {
    return getBufferedMutator(new BufferedMutatorParams(tableName));
  }

  /**
   * A mutator whose flushes send their Puts over the fast path ({@link FastPathBufferedMutator}); HBase's own where
   * this connection sends no Puts over it, the application names a mutator class of its own, or the params carry
   * request attributes, which only RPC carries.
   */
  @Override
  public BufferedMutator getBufferedMutator(BufferedMutatorParams params) throws IOException {
    if (!carries(FastPathOperation.PUT) || params.getImplementationClassName() != null
        || getConfiguration().get(BufferedMutator.CLASSNAME_KEY) != null
        || CompatMutatorParams.hasRequestAttributes(params)) {
      return rpc.getBufferedMutator(params);
    }
    return new FastPathBufferedMutator(params, getConfiguration(),
        getTableBuilder(params.getTableName(), params.getPool()));
  }

  @Override
  public RegionLocator getRegionLocator(TableName tableName) throws IOException {
    return rpc.getRegionLocator(tableName);
  }

  @Override
  public void clearRegionLocationCache() {
    rpc.clearRegionLocationCache();
  }

  @Override
  public Admin getAdmin() throws IOException {
    return rpc.getAdmin();
  }

  @Override
  public String getClusterId() {
    return rpc.getClusterId();
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

  @Override
  public boolean isClosed() {
    return rpc.isClosed();
  }

  @Override
  public void abort(String why, Throwable e) {
    rpc.abort(why, e);
  }

  @Override
  public boolean isAborted() {
    return rpc.isAborted();
  }
}

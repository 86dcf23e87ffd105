package org.hbaseturbo.client.fastpath;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Timer;
import java.util.TimerTask;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.ConnectionConfiguration;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableBuilder;
import org.hbaseturbo.common.Pause;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link BufferedMutator} whose flushes are batches of a fast-path table: its Puts go over the fast path, one
 * message per server, and its other mutations over RPC ({@link FastPathTable#batch}). It buffers as HBase's does:
 * the write buffer's size, a number of mutations, a periodic flush, the largest cell, and failures reported to the
 * {@link BufferedMutator.ExceptionListener} (HBase's default one throws them).
 *
 * <p>Unlike HBase's, it flushes in the thread whose mutation filled the buffer, and waits for the flush: one batch
 * in flight per mutator, where HBase's sends batches in the background. Applications that write from several
 * threads get concurrency from a mutator each, or from the fast path's batches being shorter.
 */
final class FastPathBufferedMutator implements BufferedMutator {
  private static final Logger LOG = LoggerFactory.getLogger(FastPathBufferedMutator.class);
  /** {@link BufferedMutatorParams}' value of a setting the application left to the configuration. */
  private static final int UNSET = -1;

  private final TableName name;
  private final Configuration conf;
  private final TableBuilder tables;
  private final long writeBufferSize;
  private final int maxMutations;
  private final int maxKeyValueSize;
  private final ExceptionListener listener;
  private final List<Mutation> buffer = new ArrayList<>();
  private Table table;
  private long bufferedBytes;
  /** When the oldest mutation in the buffer came (ms), for the periodic flush. */
  private long firstBufferedAtMs;
  private Timer periodicFlush;
  private long periodicFlushTimeoutMs;
  private long periodicFlushTickMs = MIN_WRITE_BUFFER_PERIODIC_FLUSH_TIMERTICK_MS;
  private boolean closed;

  /** @param tables builds the fast-path table the mutator flushes to, with the params' timeouts set */
  FastPathBufferedMutator(BufferedMutatorParams params, Configuration conf, TableBuilder tables) {
    this.name = params.getTableName();
    this.conf = conf;
    this.tables = tables;
    this.writeBufferSize = given(params.getWriteBufferSize(), ConnectionConfiguration.WRITE_BUFFER_SIZE_KEY,
        ConnectionConfiguration.WRITE_BUFFER_SIZE_DEFAULT);
    this.maxMutations = (int) given(params.getMaxMutations(),
        ConnectionConfiguration.BUFFERED_MUTATOR_MAX_MUTATIONS_KEY,
        ConnectionConfiguration.BUFFERED_MUTATOR_MAX_MUTATIONS_DEFAULT);
    this.maxKeyValueSize = (int) given(params.getMaxKeyValueSize(), ConnectionConfiguration.MAX_KEYVALUE_SIZE_KEY,
        ConnectionConfiguration.MAX_KEYVALUE_SIZE_DEFAULT);
    this.listener = params.getListener();
    if (params.getRpcTimeout() != UNSET) {
      tables.setRpcTimeout(params.getRpcTimeout());
    }
    if (params.getOperationTimeout() != UNSET) {
      tables.setOperationTimeout(params.getOperationTimeout());
    }
    this.table = tables.build();
    long timeoutMs = given(params.getWriteBufferPeriodicFlushTimeoutMs(),
        ConnectionConfiguration.WRITE_BUFFER_PERIODIC_FLUSH_TIMEOUT_MS,
        ConnectionConfiguration.WRITE_BUFFER_PERIODIC_FLUSH_TIMEOUT_MS_DEFAULT);
    long tickMs = given(params.getWriteBufferPeriodicFlushTimerTickMs(),
        ConnectionConfiguration.WRITE_BUFFER_PERIODIC_FLUSH_TIMERTICK_MS,
        ConnectionConfiguration.WRITE_BUFFER_PERIODIC_FLUSH_TIMERTICK_MS_DEFAULT);
    setWriteBufferPeriodicFlush(timeoutMs, tickMs);
  }

  /** The application's value, or where it left it unset, the connection configuration's, as HBase takes it. */
  private long given(long value, String key, long defaultValue) {
    return value != UNSET ? value : conf.getLong(key, defaultValue);
  }

  @Override
  public TableName getName() {
    return name;
  }

  @Override
  public Configuration getConfiguration() {
    return conf;
  }

  @Override
  public void mutate(Mutation mutation) throws IOException {
    mutate(List.of(mutation));
  }

  @Override
  public synchronized void mutate(List<? extends Mutation> mutations) throws IOException {
    if (closed) {
      throw new IllegalStateException("the buffered mutator of " + name + " is closed");
    }
    for (Mutation mutation : mutations) {
      if (mutation instanceof Put put) {
        checkPut(put);
      }
    }
    if (buffer.isEmpty()) {
      firstBufferedAtMs = System.currentTimeMillis();
    }
    for (Mutation mutation : mutations) {
      buffer.add(mutation);
      bufferedBytes += mutation.heapSize();
    }
    if (bufferedBytes >= writeBufferSize || (maxMutations > 0 && buffer.size() >= maxMutations)) {
      flush();
    }
  }

  /** Refused before it is buffered, as HBase's mutator refuses it. */
  private void checkPut(Put put) {
    if (put.isEmpty()) {
      throw new IllegalArgumentException("a Put of no cells cannot be written");
    }
    if (maxKeyValueSize <= 0) {
      return;
    }
    for (List<Cell> cells : put.getFamilyCellMap().values()) {
      for (Cell cell : cells) {
        if (cell.getSerializedSize() > maxKeyValueSize) {
          throw new IllegalArgumentException("a cell of " + cell.getSerializedSize() + " bytes is over "
              + ConnectionConfiguration.MAX_KEYVALUE_SIZE_KEY + " (" + maxKeyValueSize + ")");
        }
      }
    }
  }

  /** Sends the buffer as one batch; its failures go to the listener, and are not buffered again. */
  @Override
  public synchronized void flush() throws IOException {
    if (buffer.isEmpty()) {
      return;
    }
    List<Mutation> batch = new ArrayList<>(buffer);
    buffer.clear();
    bufferedBytes = 0;
    try {
      table.batch(batch, new Object[batch.size()]);
    } catch (RetriesExhaustedWithDetailsException e) {
      listener.onException(e, this);
    } catch (InterruptedException e) {
      throw Pause.interrupted("flushing the buffered mutator of " + name, e);
    }
  }

  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    disableWriteBufferPeriodicFlush();
    try {
      flush();
    } finally {
      closed = true;
      table.close();
    }
  }

  @Override
  public synchronized void setWriteBufferPeriodicFlush(long timeoutMs, long timerTickMs) {
    if (periodicFlush != null) {
      periodicFlush.cancel();
      periodicFlush = null;
    }
    periodicFlushTimeoutMs = Math.max(0, timeoutMs);
    periodicFlushTickMs = Math.max(MIN_WRITE_BUFFER_PERIODIC_FLUSH_TIMERTICK_MS, timerTickMs);
    if (periodicFlushTimeoutMs == 0) {
      return;
    }
    periodicFlush = new Timer("FastPath-BufferedMutator-" + name, true);
    periodicFlush.schedule(new TimerTask() {
      @Override
      public void run() {
        flushIfOld();
      }
    }, periodicFlushTickMs, periodicFlushTickMs);
  }

  private synchronized void flushIfOld() {
    if (buffer.isEmpty() || System.currentTimeMillis() - firstBufferedAtMs < periodicFlushTimeoutMs) {
      return;
    }
    try {
      flush();
    } catch (IOException | RuntimeException e) {
      // As HBase's periodic flush: the timer thread has no caller to tell; the listener saw what failed.
      LOG.error("periodic flush of the buffered mutator of {} failed: {}", name, e.getMessage());
    }
  }

  @Override
  public synchronized long getWriteBufferPeriodicFlushTimeoutMs() {
    return periodicFlushTimeoutMs;
  }

  @Override
  public synchronized long getWriteBufferPeriodicFlushTimerTickMs() {
    return periodicFlushTickMs;
  }

  @Override
  public long getWriteBufferSize() {
    return writeBufferSize;
  }

  @Override
  public int getMaxMutations() {
    return maxMutations;
  }

  /** Applies from the next flush on. */
  @Override
  public synchronized void setRpcTimeout(int timeout) {
    tables.setRpcTimeout(timeout);
    replaceTable();
  }

  /** Applies from the next flush on. */
  @Override
  public synchronized void setOperationTimeout(int timeout) {
    tables.setOperationTimeout(timeout);
    replaceTable();
  }

  private void replaceTable() {
    Table old = table;
    table = tables.build();
    try {
      old.close();
    } catch (IOException e) {
      LOG.debug("closing the table the buffered mutator of {} replaced: {}", name, e.getMessage());
    }
  }
}

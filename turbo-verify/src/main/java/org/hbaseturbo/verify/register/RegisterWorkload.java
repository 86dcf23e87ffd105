package org.hbaseturbo.verify.register;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The register workload that runs beside the linked lists, as Jepsen's register test: writers put increasing values to
 * a few keys spread over the table's regions, and readers, one per path ({@code fastpath}, {@code rpc}), read them
 * at random, each read judged by {@link Registers} as it ends. Where the lists find writes lost, this finds reads
 * served from the past: from a RegionServer that lost its regions and does not know it yet.
 *
 * <p>Writers and readers run from {@link #start} until {@link #stop}; then {@link #finish} reads every key once, over
 * HBase's RPC with chaos stopped, for the values that must be there.
 */
public final class RegisterWorkload {
  /** The family and qualifier of each register's value, 8 bytes. */
  public static final byte[] FAMILY = Bytes.toBytes("r");

  private static final byte[] VALUE = Bytes.toBytes("v");
  /** How long {@link #stop} waits for a thread in HBase's retries: beyond the client's own operation timeout. */
  private static final long STOP_WAIT_SECONDS = 300;

  private final TableName table;
  private final Registers registers;
  private final List<byte[]> rows;
  private final Consumer<String> progress;
  private final List<Thread> threads = new ArrayList<>();
  private final Map<String, Registers.PathJudge> judges = new LinkedHashMap<>();
  private volatile boolean running;
  /** The first failure that ended a thread other than HBase's refusals, which the workload records and goes on. */
  private volatile Throwable broken;

  /**
   * @param rows each register's row, one a key
   * @param progress told once of each thread that ended on a failure
   */
  public RegisterWorkload(TableName table, List<byte[]> rows, Consumer<String> progress) {
    this.table = requireNonNull(table, "table is null");
    this.rows = List.copyOf(rows);
    this.registers = new Registers(rows.size());
    this.progress = requireNonNull(progress, "progress is null");
  }

  /**
   * Starts {@code writers} threads that write through {@code writes}, each the keys of its own (a key has one writer,
   * so its values only grow), and a reader for each of {@code readers}, by path name.
   */
  public synchronized void start(Connection writes, int writers, Map<String, Connection> readers,
      SplittableRandom random) {
    if (running || !threads.isEmpty()) {
      throw new IllegalStateException("the register workload runs already");
    }
    running = true;
    for (int writer = 0; writer < writers; writer++) {
      int first = writer;
      spawn("turbo-register-writer-" + writer, () -> write(writes, first, writers));
    }
    readers.forEach((path, connection) -> {
      Registers.PathJudge judge = registers.judge();
      judges.put(path, judge);
      SplittableRandom own = random.split();
      spawn("turbo-register-reader-" + path, () -> read(connection, judge, own));
    });
  }

  /** Stops the writers and readers, and waits until each has ended. */
  public synchronized void stop() throws IOException {
    running = false;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_WAIT_SECONDS);
    try {
      for (Thread thread : threads) {
        thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        if (thread.isAlive()) {
          throw new IOException(thread.getName() + " did not stop within " + STOP_WAIT_SECONDS + " s");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while the register workload stopped");
    }
    if (broken != null) {
      throw new IOException("the register workload failed", broken);
    }
  }

  /** Reads every key once over {@code rpc}, after {@link #stop}, and counts what the run found. */
  public RegisterCounts finish(Connection rpc) throws IOException {
    long[] finalValues = new long[rows.size()];
    try (Table t = rpc.getTable(table)) {
      for (int key = 0; key < rows.size(); key++) {
        finalValues[key] = value(t.get(new Get(rows.get(key)).addColumn(FAMILY, VALUE)));
      }
    }
    Registers.FinalCheck check = registers.checkFinal(finalValues);
    Map<String, RegisterCounts.PathReads> byPath = new LinkedHashMap<>();
    judges.forEach((path, judge) -> byPath.put(path, judge.counts()));
    long stale = byPath.values().stream().mapToLong(RegisterCounts.PathReads::stale).sum();
    long phantom = byPath.values().stream().mapToLong(RegisterCounts.PathReads::phantom).sum() + check.phantom();
    return new RegisterCounts(rows.size(), registers.writesAcknowledged(), registers.writesFailed(), stale, phantom,
        check.lost(), byPath, check.lostExamples());
  }

  /** Puts 1, 2, 3, ... to each of its keys in turn, {@code first}, {@code first + stride}, ... */
  private void write(Connection connection, int first, int stride) throws IOException {
    try (Table t = connection.getTable(table)) {
      while (running) {
        for (int key = first; key < rows.size() && running; key += stride) {
          long value = registers.attempt(key);
          try {
            t.put(new Put(rows.get(key)).addColumn(FAMILY, VALUE, Bytes.toBytes(value)));
            registers.acknowledge(key, value);
          } catch (IOException e) {
            // HBase's client gave up after its retries: the value may be there or not, as with any failed write.
            registers.failed();
          }
        }
      }
    }
  }

  private void read(Connection connection, Registers.PathJudge judge, SplittableRandom random) throws IOException {
    try (Table t = connection.getTable(table)) {
      while (running) {
        int key = random.nextInt(rows.size());
        long acknowledged = registers.acknowledged(key);
        long value;
        try {
          value = value(t.get(new Get(rows.get(key)).addColumn(FAMILY, VALUE)));
        } catch (IOException e) {
          judge.failed();
          continue;
        }
        judge.judge(key, acknowledged, value);
      }
    }
  }

  private static long value(Result result) {
    byte[] value = result.getValue(FAMILY, VALUE);
    return value == null ? 0 : Bytes.toLong(value);
  }

  private void spawn(String name, IoTask task) {
    Thread thread = new Thread(() -> {
      try {
        task.run();
      } catch (IOException | RuntimeException e) {
        if (broken == null) {
          broken = e;
        }
        progress.accept(Thread.currentThread().getName() + " ended: " + e);
      }
    }, name);
    thread.setDaemon(true);
    threads.add(thread);
    thread.start();
  }

  @FunctionalInterface
  private interface IoTask {
    void run() throws IOException;
  }
}

package org.hbaseturbo.verify.register;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathClientConfig;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.common.EveryStep;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.verify.chaos.IsolationWatcher;

/**
 * The register workload that runs beside the linked lists, as Jepsen's register test: a writer for each key puts
 * increasing values to it, and readers on each path ({@code fastpath}, {@code rpc}) read random keys, each read judged
 * by {@link Registers} as it ends. Where the lists find writes lost, this finds reads served from the past: from a
 * RegionServer that lost its regions and does not know it yet.
 *
 * <p>Its clients are connections of its own that give up on a silent server within seconds
 * ({@link #shortCalls}), so that while a server is paused the writers of its keys move on to the regions' new home
 * and acknowledge newer values there, which a read served by the resumed server would then be older than. With
 * HBase's defaults (a minute's RPC timeout) they would wait out the pause, and nothing newer would exist to be stale
 * against. Each value's timestamp is the value itself, so that a Put that failed at the client, yet reached the
 * server and was applied after a newer one, cannot make the newer value look lost.
 *
 * <p>Readers that read all the time find a paused server's regions' new home while it is paused, and never meet it
 * once it is resumed. So each path also has an idle client, a connection of its own, as an application's that was
 * idle through the pause: it reads every key just before a pause, so that its cached locations name the server about
 * to be paused, and every key over and over from just before the resume ({@link IsolationWatcher}), while the resumed
 * server is a zombie that has not yet learned that it lost its regions. A server cut off by a partition, unlike a
 * paused one, goes on answering the readers that still call it, and they meet it as it is.
 *
 * <p>Writers and readers run from {@link #start} until {@link #stop}; then {@link #finish} reads every key once, over
 * HBase's RPC with chaos stopped, for the values that must be there. They run in this JVM; {@link RegisterJvm} runs
 * them in one of their own, on a host of its own.
 */
public final class RegisterWorkload implements RegisterClients {
  /** The family of each register's value, 8 bytes. */
  public static final byte[] FAMILY = Bytes.toBytes("r");
  /** Readers on each path. */
  static final int READERS_PER_PATH = 2;

  private static final byte[] VALUE = Bytes.toBytes("v");
  /**
   * How long a writer waits between its Puts, and a reader between its Gets: enough that the registers take a small
   * share of the cores beside the lists, and that a zombie's few hundred milliseconds meet tens of reads.
   */
  private static final Duration WRITE_PAUSE = Duration.ofMillis(50);
  private static final Duration READ_PAUSE = Duration.ofMillis(1);
  /** How long a thread waits after an operation that failed, before the next. */
  private static final Duration FAILURE_PAUSE = Duration.ofMillis(100);
  /**
   * How long {@link #stop} waits for the threads: each ends after its operation under way, which {@link #shortCalls}
   * bounds to a minute.
   */
  private static final Duration STOP_WAIT = Duration.ofMinutes(2);
  /**
   * How long the idle clients read, from just before an isolation's end ({@link #READS_IN_FLIGHT}): far past the tens
   * to hundreds of milliseconds a resumed server takes to learn that it lost its regions and abort (26-181 ms measured
   * on 2026-11-28, 90-200 ms on HDFS on 2026-11-30).
   */
  private static final Duration READ_AFTER_ISOLATION = Duration.ofSeconds(3);
  /**
   * How long before an isolation's end the idle clients begin to read: long enough for their first calls to be sent,
   * well inside the fast path's timeout of 1 s ({@link #shortCalls}), so that they wait at the isolated server and it
   * answers them as soon as it is back.
   */
  private static final Duration READS_IN_FLIGHT = Duration.ofMillis(300);

  private final TableName table;
  private final Configuration client;
  private final Registers registers;
  private final List<byte[]> rows;
  private final Consumer<String> progress;
  private final List<Thread> threads = new ArrayList<>();
  private final List<Connection> connections = new ArrayList<>();
  private final Map<String, Registers.PathJudge> judges = new LinkedHashMap<>();
  /** The connections over the fast path, whose counters say what it served. */
  private final List<FastPathConnection> fastPaths = new ArrayList<>();
  /** Each path's idle client, by path. */
  private final Map<String, Connection> idle = new LinkedHashMap<>();
  /** The idle clients' reads begun at the end of the isolation under way, if any. */
  private volatile IdleReads idleReads;
  private volatile boolean running;
  /** The first failure that ended a thread; HBase's refusals of single operations are recorded, not failures. */
  private volatile Throwable broken;

  /**
   * @param rows each register's row, one a key
   * @param client the cluster's client settings, which its connections take with {@link #shortCalls}
   * @param progress told once of each thread that ended on a failure
   */
  public RegisterWorkload(TableName table, List<byte[]> rows, Configuration client, Consumer<String> progress) {
    this.table = requireNonNull(table, "table is null");
    this.client = shortCalls(requireNonNull(client, "client is null"));
    this.rows = List.copyOf(rows);
    this.registers = new Registers(rows.size());
    this.progress = requireNonNull(progress, "progress is null");
  }

  /**
   * Opens its connections and starts a writer for each key, over the fast path where {@code fastPath} says so, else
   * over RPC, and {@link #READERS_PER_PATH} readers over RPC and, with {@code fastPath}, over the fast path.
   */
  @Override
  public synchronized void start(boolean fastPath, long seed) throws IOException {
    if (running || !threads.isEmpty()) {
      throw new IllegalStateException("the register workload runs already");
    }
    SplittableRandom random = new SplittableRandom(seed);
    Map<String, Connection> paths = new LinkedHashMap<>();
    try {
      if (fastPath) {
        paths.put(RegisterCounts.FAST_PATH, open(fast(ConnectionFactory.createConnection(client))));
        idle.put(RegisterCounts.FAST_PATH, open(fast(ConnectionFactory.createConnection(client))));
      }
      paths.put(RegisterCounts.RPC, open(ConnectionFactory.createConnection(client)));
      idle.put(RegisterCounts.RPC, open(ConnectionFactory.createConnection(client)));
    } catch (IOException | RuntimeException e) {
      closeConnections(e);
      throw e;
    }
    running = true;
    Connection writes = paths.values().iterator().next();
    for (int key = 0; key < rows.size(); key++) {
      int own = key;
      spawn("turbo-register-writer-" + key, () -> write(writes, own));
    }
    paths.forEach((path, connection) -> {
      Registers.PathJudge judge = registers.judge();
      judges.put(path, judge);
      for (int reader = 0; reader < READERS_PER_PATH; reader++) {
        SplittableRandom own = random.split();
        spawn("turbo-register-reader-" + path + "-" + reader, () -> read(connection, judge, own));
      }
    });
  }

  /** Each idle client reads every key once: its cached locations name the server about to be isolated. */
  @Override
  public void beforeIsolation() throws IOException {
    for (Map.Entry<String, Connection> client : idle.entrySet()) {
      try (Table t = client.getValue().getTable(table)) {
        for (int key = 0; key < rows.size(); key++) {
          readOnce(t, judges.get(client.getKey()), key);
        }
      }
    }
  }

  /**
   * Each idle client, on a thread of its own, begins to read every key over and over for
   * {@link #READ_AFTER_ISOLATION}; returns after {@link #READS_IN_FLIGHT}, their first reads waiting at the isolated
   * server.
   */
  @Override
  public void isolationEnding() throws IOException {
    long end = System.nanoTime() + READ_AFTER_ISOLATION.toNanos();
    IdleReads reads = new IdleReads();
    idle.forEach((path, connection) -> reads.start(new Thread(() -> {
      try (Table t = connection.getTable(table)) {
        while (System.nanoTime() - end < 0) {
          for (int key = 0; key < rows.size(); key++) {
            readOnce(t, judges.get(path), key);
          }
        }
      } catch (IOException e) {
        reads.failed(e);
      }
    }, "turbo-register-idle-" + path)));
    idleReads = reads;
    Pause.sleep(READS_IN_FLIGHT, "the idle clients' first reads to be sent");
  }

  /** Waits until the reads begun at the isolation's end are done; throws the first that failed. */
  @Override
  public void afterIsolation() throws IOException {
    IdleReads reads = idleReads;
    idleReads = null;
    if (reads != null) {
      // Each read is bounded by shortCalls: a minute at most.
      reads.await(READ_AFTER_ISOLATION.plus(STOP_WAIT));
    }
  }

  /** The idle clients' threads of one isolation's end, and their failures, the first with the later ones in it. */
  private static final class IdleReads {
    private final List<Thread> threads = new ArrayList<>();
    private final EveryStep failures = new EveryStep();

    void start(Thread reader) {
      reader.setDaemon(true);
      threads.add(reader);
      reader.start();
    }

    synchronized void failed(IOException e) {
      failures.add(e);
    }

    void await(Duration bound) throws IOException {
      try {
        for (Thread reader : threads) {
          reader.join(bound.toMillis());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while the idle clients read after a resume");
      }
      synchronized (this) {
        failures.throwFirst();
      }
    }
  }

  /** Stops the writers and readers, waits until each has ended, and closes its connections. */
  @Override
  public synchronized void stop() throws IOException {
    running = false;
    long deadline = System.nanoTime() + STOP_WAIT.toNanos();
    IOException failed = null;
    try {
      for (Thread thread : threads) {
        thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        if (thread.isAlive() && failed == null) {
          failed = new IOException(thread.getName() + " did not stop within " + STOP_WAIT.toSeconds() + " s");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failed = new InterruptedIOException("interrupted while the register workload stopped");
    }
    if (failed == null && broken != null) {
      failed = new IOException("the register workload failed", broken);
    }
    closeConnections(failed);
    if (failed != null) {
      throw failed;
    }
  }

  /** Reads every key once over a new RPC connection, after {@link #stop}, and counts what the run found. */
  @Override
  public RegisterCounts finish() throws IOException {
    long[] finalValues = new long[rows.size()];
    try (Connection rpc = ConnectionFactory.createConnection(client); Table t = rpc.getTable(table)) {
      for (int key = 0; key < rows.size(); key++) {
        finalValues[key] = value(t.get(get(key)));
      }
    }
    Registers.FinalCheck check = registers.checkFinal(finalValues);
    Map<String, RegisterCounts.PathReads> byPath = new LinkedHashMap<>();
    judges.forEach((path, judge) -> byPath.put(path, judge.counts()));
    long stale = byPath.values().stream().mapToLong(RegisterCounts.PathReads::stale).sum();
    long phantom = byPath.values().stream().mapToLong(RegisterCounts.PathReads::phantom).sum() + check.phantom();
    RegisterCounts.FastPathShare share = new RegisterCounts.FastPathShare(
        fastPaths.stream().mapToLong(connection -> connection.counters().served()).sum(),
        fastPaths.stream().mapToLong(connection -> connection.counters().fellBack()).sum());
    return new RegisterCounts(rows.size(), registers.writesAcknowledged(), registers.writesFailed(), stale, phantom,
        check.lost(), byPath, check.lostExamples(), share);
  }

  /**
   * The client's settings with calls that give up on a silent server within seconds and retry elsewhere for up to a
   * minute, as clients that must ride out a paused server are set: an RPC timeout of 2 s (HBase's default is a
   * minute) and a fast-path timeout of 1 s.
   */
  static Configuration shortCalls(Configuration client) {
    Configuration conf = new Configuration(client);
    conf.setInt(HConstants.HBASE_RPC_TIMEOUT_KEY, 2_000);
    conf.setInt(HConstants.HBASE_CLIENT_OPERATION_TIMEOUT, 60_000);
    conf.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 100);
    conf.setInt(HConstants.HBASE_CLIENT_PAUSE, 100);
    conf.set(FastPathClientConfig.TIMEOUT_KEY, "1s");
    return conf;
  }

  /** Puts 1, 2, 3, ... to {@code key}, each value its own timestamp. */
  private void write(Connection connection, int key) throws IOException {
    try (Table t = connection.getTable(table)) {
      while (running && !Thread.currentThread().isInterrupted()) {
        long value = registers.attempt(key);
        Duration pause = WRITE_PAUSE;
        try {
          t.put(new Put(rows.get(key)).addColumn(FAMILY, VALUE, value, Bytes.toBytes(value)));
          registers.acknowledge(key, value);
        } catch (IOException e) {
          // HBase's client gave up (a region offline past the operation timeout, its SocketTimeoutException among
          // them): the value may be there or not, as with any failed write.
          registers.failed();
          pause = FAILURE_PAUSE;
        }
        Pause.sleep(pause, "the next write");
      }
    }
  }

  private void read(Connection connection, Registers.PathJudge judge, SplittableRandom random) throws IOException {
    try (Table t = connection.getTable(table)) {
      while (running && !Thread.currentThread().isInterrupted()) {
        Pause.sleep(readOnce(t, judge, random.nextInt(rows.size())) ? READ_PAUSE : FAILURE_PAUSE, "the next read");
      }
    }
  }

  /**
   * Reads {@code key} once and has the read judged, against what was acknowledged before it was sent.
   *
   * @return whether it returned; a read HBase's client gave up on is counted as failed
   */
  private boolean readOnce(Table t, Registers.PathJudge judge, int key) {
    long acknowledged = registers.acknowledged(key);
    try {
      judge.judge(key, acknowledged, value(t.get(get(key))));
      return true;
    } catch (IOException e) {
      judge.failed();
      return false;
    }
  }

  private Get get(int key) {
    return new Get(rows.get(key)).addColumn(FAMILY, VALUE);
  }

  private static long value(Result result) {
    byte[] value = result.getValue(FAMILY, VALUE);
    return value == null ? 0 : Bytes.toLong(value);
  }

  private FastPathConnection fast(Connection rpc) {
    FastPathConnection connection = FastPathConnection.wrap(rpc);
    fastPaths.add(connection);
    return connection;
  }

  private Connection open(Connection connection) {
    connections.add(connection);
    return connection;
  }

  /** Closes every connection it opened; a failure to close is added to {@code failed}, or thrown where none. */
  private void closeConnections(Exception failed) throws IOException {
    EveryStep closing = new EveryStep();
    for (Connection connection : connections) {
      if (failed != null) {
        EveryStep.after(failed, connection::close);
      } else {
        closing.take(connection::close);
      }
    }
    connections.clear();
    idle.clear();
    closing.throwFirst();
  }

  private void spawn(String name, IoTask task) {
    Thread thread = new Thread(() -> {
      try {
        task.run();
      } catch (Throwable e) {
        // Recorded for stop() to throw: a thread of the workload that died unseen would leave its keys or reads out.
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

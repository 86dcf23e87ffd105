package org.hbaseturbo.bench.ycsb;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.hbaseturbo.common.Pause;
import site.ycsb.Client;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's core workload run in this JVM by threads that live as long as the client, over several copies of one table
 * in turn: one measurement after another, each on the table it names, by a client whose JIT and connections are warm
 * for all of them. A YCSB run in a JVM of its own for each measurement spreads an A/A pair far wider: on 2 cores a
 * new client JVM for each 10 s run measured the same two warm clusters 0.63x to 1.63x apart, where one warm client
 * alternating 3 s slices measured them within a standard deviation of 0.16 per pair
 * (results/pcm/aa-noise-2026-11-29).
 *
 * <p>A measurement may also run several tables at once, the threads shared out among them ({@link #measureTogether}):
 * then the host's speed, which moves by 10-20% from one second to the next on a shared 2-core machine, moves every
 * table's throughput alike, and their ratio keeps only what differs between the tables
 * (results/pcm/concurrent-pairs-2026-12-01).
 *
 * <p>Each thread keeps, for every table, a YCSB workload, thread state and binding of its own, made at the start, so
 * that switching tables costs nothing. Between measurements the threads go on with their last table; before the first
 * they wait. Operations are timed here, not by YCSB's {@code Measurements}, which is one per JVM. A measurement ends
 * as a YCSB run does, once every thread has closed its binding (which flushes the writes a buffering binding holds)
 * and opened it again: writes still in a client's buffer count only once they are sent.
 */
public final class WarmYcsbClient implements AutoCloseable {
  /**
   * What a measurement leaves out at its start: operations still running on the table before, each a few
   * milliseconds at most, and the new table's first calls.
   */
  static final Duration SETTLE = Duration.ofMillis(200);
  /**
   * How long a measurement may wait, past its length, for the threads to flush. A slow flush is the arm's own cost and
   * counts in its time: a table whose settings block its updates (more store files than HBase lets a region keep,
   * compactions held back) can hold a flush for HBase's blocking wait, 90 s by default, more than once; 60 s ended a
   * calibration of WO-update there. The bound only keeps a client that no longer gets answers from hanging.
   */
  static final Duration FLUSH_TIMEOUT = Duration.ofMinutes(10);
  private static final long IDLE_NANOS = Duration.ofMillis(1).toNanos();
  /** How long the warm-up stays on one table before the next. */
  static final Duration WARM_UP_SLICE = Duration.ofSeconds(1);

  /** One measurement of one table. */
  public record Measurement(String table, double seconds, long operations, long failures, double p99Us) {
    public double throughputOpsPerSecond() {
      return operations / seconds;
    }
  }

  private final List<String> tables;
  private final List<Worker> workers = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();
  /** Raised at a measurement's end: each thread then reopens its binding and says so in its own field. */
  private volatile long flushes;
  /** Raised by {@link #pause}, after every thread's table is taken away: each thread says so once it idles. */
  private volatile long pauses;
  private volatile boolean closed;

  private WarmYcsbClient(List<String> tables) {
    this.tables = List.copyOf(tables);
  }

  /**
   * Starts {@code threads} threads, each with a binding and workload state for every one of {@code tables}, from the
   * run phase's properties {@code run} (its {@code table} replaced by each); they wait for the first measurement.
   *
   * @throws IOException when YCSB's workload or the binding cannot start
   */
  public static WarmYcsbClient start(Properties run, List<String> tables, int threads) throws IOException {
    requireNonNull(run, "run is null");
    if (tables.isEmpty() || threads < 1) {
      throw new IllegalArgumentException("needs a table and a thread, got " + tables + " and " + threads);
    }
    WarmYcsbClient client = new WarmYcsbClient(tables);
    try {
      // YCSB's workload needs the JVM's Measurements made first; it records nothing there but a verify's.
      Measurements.setProperties(run);
      List<CoreWorkload> workloads = new ArrayList<>();
      for (String table : tables) {
        CoreWorkload workload = new CoreWorkload();
        workload.init(forTable(run, table));
        workloads.add(workload);
      }
      for (int thread = 0; thread < threads; thread++) {
        client.workers.add(client.new Worker(thread, threads, workloads, run));
      }
    } catch (WorkloadException | DBException | ReflectiveOperationException | RuntimeException e) {
      client.close();
      throw new IOException("cannot start YCSB's workload in this JVM: " + e.getMessage(), e);
    }
    for (int i = 0; i < client.workers.size(); i++) {
      Thread thread = new Thread(client.workers.get(i), "warm-ycsb-" + i);
      thread.setDaemon(true);
      client.threads.add(thread);
      thread.start();
    }
    return client;
  }

  private static Properties forTable(Properties run, String table) {
    Properties props = new Properties();
    props.putAll(run);
    props.setProperty(CoreWorkload.TABLENAME_PROPERTY, table);
    return props;
  }

  /**
   * Runs the workload on {@code table} for {@link #SETTLE} unmeasured, then for {@code length} measured; the threads
   * go on with it afterwards.
   */
  public Measurement measure(String table, Duration length) throws IOException {
    return measureTogether(List.of(table), length).get(0);
  }

  /**
   * Runs the workload on every one of {@code together} at once, the client's threads shared out among them in turn
   * (thread {@code i} on table {@code i % n}), for {@link #SETTLE} unmeasured, then for {@code length} measured; the
   * threads go on with their table afterwards.
   *
   * @return a measurement for each table, in the order given
   * @throws IllegalArgumentException when a table is not the client's, is named twice, or the threads do not share
   *     out evenly among the tables
   */
  public List<Measurement> measureTogether(List<String> together, Duration length) throws IOException {
    int[] indexes = together.stream().mapToInt(tables::indexOf).toArray();
    if (Arrays.stream(indexes).anyMatch(index -> index < 0) || Arrays.stream(indexes).distinct().count()
        != indexes.length || together.isEmpty() || workers.size() % together.size() != 0) {
      throw new IllegalArgumentException("cannot measure " + together + " together with " + workers.size()
          + " threads: each must be one of " + tables + ", named once, and the threads must share out evenly");
    }
    for (int i = 0; i < workers.size(); i++) {
      workers.get(i).table = indexes[i % indexes.length];
    }
    Pause.sleep(SETTLE, "the warm YCSB client settled on " + together);
    List<Recorder> recorders = new ArrayList<>();
    for (Worker worker : workers) {
      Recorder recorder = new Recorder(worker.table);
      recorders.add(recorder);
      worker.recorder = recorder;
    }
    long start = System.nanoTime();
    Pause.sleep(length, "the warm YCSB client measured " + together);
    awaitFlushed(together);
    for (Worker worker : workers) {
      worker.recorder = null;
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    List<Measurement> measurements = new ArrayList<>();
    for (int index : indexes) {
      long failures = 0;
      Histogram latencies = new Histogram(Recorder.DIGITS);
      for (Recorder recorder : recorders) {
        if (recorder.table == index) {
          synchronized (recorder) {
            failures += recorder.failures;
            latencies.add(recorder.latencies);
          }
        }
      }
      long operations = latencies.getTotalCount();
      double p99Us = operations == 0 ? Double.NaN : latencies.getValueAtPercentile(99) / 1e3;
      measurements.add(new Measurement(tables.get(index), seconds, operations, failures, p99Us));
    }
    return measurements;
  }

  /**
   * Stops every thread after its operation in flight and flushes the writes it buffered, until the next measurement:
   * then nothing writes to any table. Between measurements the threads otherwise go on with their last table, which
   * grows without end under inserts: the pacer of a calibration of bulk loads, written to while the arms' tables were
   * made empty again, held 12 GB after 7 minutes, with 16 GB more of its files archived, for 0.5 GB of records.
   *
   * @throws IOException when a thread cannot flush its writes
   */
  public void pause() throws IOException {
    List<String> running = workers.stream().filter(worker -> worker.table >= 0).map(worker -> tables.get(worker.table))
        .distinct().toList();
    for (Worker worker : workers) {
      worker.table = -1;
    }
    long pause = ++pauses;
    for (Worker worker : workers) {
      while (worker.paused != pause && worker.failure == null && !closed) {
        LockSupport.parkNanos(IDLE_NANOS);
      }
    }
    awaitFlushed(running);
  }

  /**
   * Runs the tables in turn, {@link #WARM_UP_SLICE} each, until {@code warmUp}'s operations are done, then goes on
   * while this JVM's JIT compiles, at most {@code warmUp}'s quiet seconds ({@link JitQuiet}).
   *
   * @return what the warm-up did, for the progress lines
   * @throws IOException when a slice does no operation, or fails one: the client cannot reach the tables
   */
  public String warmUp(YcsbWarmUp warmUp) throws IOException {
    long done = 0;
    for (int slice = 0; done < warmUp.operations(); slice++) {
      Measurement measured = measure(tables.get(slice % tables.size()), WARM_UP_SLICE);
      if (measured.operations() == 0 || measured.failures() > 0) {
        throw new IOException("the warm-up did " + measured.operations() + " operations on " + measured.table()
            + " in " + WARM_UP_SLICE.toSeconds() + " s, " + measured.failures() + " of them failed");
      }
      done += measured.operations();
    }
    if (warmUp.quietSeconds() == 0) {
      return String.format("%,d operations", done);
    }
    try {
      JitQuiet.Outcome quiet = JitQuiet.await(warmUp.quietSeconds());
      return String.format("%,d operations, then %.1f s until %s", done, quiet.waitedMs() / 1e3, quiet.quiet()
          ? "this JVM's JIT was quiet" : "the limit, its JIT still compiling " + quiet.lastWindowCompileMs()
          + " ms a second");
    } catch (InterruptedException e) {
      throw Pause.interrupted("the warm YCSB client warmed up", e);
    }
  }

  /** Has every thread reopen its binding, and waits until each has. */
  private void awaitFlushed(List<String> measured) throws IOException {
    long flush = ++flushes;
    long deadline = System.nanoTime() + FLUSH_TIMEOUT.toNanos();
    for (Worker worker : workers) {
      while (worker.flushed != flush) {
        if (worker.failure != null) {
          throw new IOException("a client thread could not flush its writes to " + measured + ": "
              + worker.failure.getMessage(), worker.failure);
        }
        if (System.nanoTime() > deadline) {
          throw new IOException("the client threads did not flush their writes to " + measured + " within "
              + FLUSH_TIMEOUT.toSeconds() + " s of the measurement's end");
        }
        LockSupport.parkNanos(IDLE_NANOS);
      }
    }
  }

  /** Stops the threads and closes their bindings. */
  @Override
  public void close() {
    closed = true;
    for (Thread thread : threads) {
      try {
        thread.join(Duration.ofSeconds(30).toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    for (Worker worker : workers) {
      worker.cleanup();
    }
  }

  /**
   * One measurement's operations on one thread, their latencies in a histogram (as YCSB's own runs keep them), whose
   * size does not grow with the run: written by that thread, read once the measurement ended.
   */
  private static final class Recorder {
    /** Significant decimal digits of a latency, as YCSB's HdrHistogram measurement keeps them. */
    static final int DIGITS = 3;
    private final int table;
    private final Histogram latencies = new Histogram(DIGITS);
    private long failures;

    Recorder(int table) {
      this.table = table;
    }

    synchronized void add(long tookNanos, boolean ok) {
      latencies.recordValue(tookNanos);
      if (!ok) {
        failures++;
      }
    }
  }

  /** One client thread: for each table a workload, its thread state and a binding of its own. */
  private final class Worker implements Runnable {
    private final List<CoreWorkload> workloads;
    private final List<Object> states = new ArrayList<>();
    private final List<DB> bindings = new ArrayList<>();
    private volatile Recorder recorder;
    /** The table this thread runs on; -1 before the first measurement. */
    private volatile int table = -1;
    /** The last of {@link #flushes} this thread answered. */
    private volatile long flushed;
    /** The last of {@link #pauses} this thread answered, idle. */
    private volatile long paused;
    /** The table of this thread's last operation, whose binding a flush reopens; -1 before the first. */
    private int last = -1;
    /** Why this thread stopped, if anything but the client's close stopped it. */
    private volatile Exception failure;

    Worker(int id, int count, List<CoreWorkload> workloads, Properties run)
        throws WorkloadException, DBException, ReflectiveOperationException {
      this.workloads = workloads;
      for (int table = 0; table < tables.size(); table++) {
        Properties props = forTable(run, tables.get(table));
        states.add(workloads.get(table).initThread(props, id, count));
        // The binding itself, not YCSB's DBWrapper around it, which records into the JVM's one Measurements.
        DB binding = (DB) Class.forName(props.getProperty(Client.DB_PROPERTY)).getDeclaredConstructor().newInstance();
        binding.setProperties(props);
        binding.init();
        bindings.add(binding);
      }
    }

    @Override
    public void run() {
      try {
        while (!closed) {
          // Read before the table: a pause takes the table away before it is raised, so a thread that answers it
          // has seen its table gone.
          long pause = pauses;
          int table = this.table;
          if (flushed != flushes) {
            long flush = flushes;
            if (last >= 0) {
              bindings.get(last).cleanup();
              bindings.get(last).init();
            }
            flushed = flush;
          } else if (table < 0) {
            paused = pause;
            LockSupport.parkNanos(IDLE_NANOS);
          } else {
            last = table;
            long start = System.nanoTime();
            boolean ok = workloads.get(table).doTransaction(bindings.get(table), states.get(table));
            long took = System.nanoTime() - start;
            Recorder recording = recorder;
            if (recording != null && recording.table == table) {
              recording.add(took, ok);
            }
          }
        }
      } catch (DBException | RuntimeException e) {
        failure = e;
      }
    }

    void cleanup() {
      for (DB binding : bindings) {
        try {
          binding.cleanup();
        } catch (DBException | RuntimeException e) {
          // Best effort at the end: every measurement has flushed its writes already.
        }
      }
    }
  }
}

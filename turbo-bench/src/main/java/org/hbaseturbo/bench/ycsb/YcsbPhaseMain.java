package org.hbaseturbo.bench.ycsb;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.common.ProcessCpu;
import site.ycsb.Client;
import site.ycsb.ClientThread;
import site.ycsb.DB;
import site.ycsb.DBFactory;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * Runs one YCSB phase in its own JVM, started by {@link YcsbPhase}: YCSB's {@code Measurements} is a JVM
 * singleton and its {@code Client.main} exits the JVM, so phases cannot share one. It drives YCSB's public
 * classes as {@code Client} does, and brackets the threads' run with readings of this process's CPU time
 * and of the RegionServers' counters, so that both are charged to the phase's operations only (not to JVM
 * start-up or workload initialisation). Prints YCSB's usual summary on stdout, progress on stderr.
 *
 * <p>Arguments: the phase's properties file and the path of the JSON {@link PhaseResult} to write.
 */
public final class YcsbPhaseMain {
  /** Property naming the client's interface of an emulated link, whose byte counters the phase reads. */
  static final String LINK_INTERFACE = "turbo.link.interface";
  /**
   * Operations a run phase does before it measures, so that every repeated run (each a new JVM) is measured
   * with a JIT-compiled client and open connections rather than through its warm-up.
   */
  static final String WARMUP_OPERATIONS = "turbo.warmup.operations";
  /**
   * Seconds a run phase's warm-up may go on past its operations while the JVM's JIT is still compiling
   * ({@link JitQuiet}); 0 (the default) ends it with its operations.
   */
  static final String WARMUP_QUIET_SECONDS = "turbo.warmup.quiet-seconds";
  /**
   * Property naming a file whose appearance ends a run early, as its time limit would: for a caller that ends a phase
   * on a condition it watches (the PCM adaptivity run, once the watch took the phase's class).
   */
  public static final String STOP_FILE = "turbo.stop.file";
  /** How often a phase with a stop file looks for it: short next to the seconds a phase runs. */
  private static final long STOP_FILE_POLL_MS = 100;
  /** How often the timeline samples the operations done, and (every other sample) progress is shown. */
  private static final long SAMPLE_INTERVAL_MS = 1_000;

  private YcsbPhaseMain() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: YcsbPhaseMain PROPERTIES_FILE RESULT_JSON");
      System.exit(2);
    }
    Properties props = new Properties();
    try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
      props.load(in);
    }
    PhaseResult result = run(props);
    if (result.operations() == 0) {
      // YCSB's client threads return at once when the binding's init() fails, printing why: with all of them
      // gone, the phase would otherwise pass for a success with an empty report.
      System.err.println("the YCSB " + result.phase() + " phase did not complete a single operation: its client"
          + " threads stopped at their start; the lines above say why");
      System.exit(1);
    }
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(Path.of(args[1]).toFile(), result);
    // HBase client and YCSB threads are not all daemons; the phase is over.
    System.exit(0);
  }

  private static PhaseResult run(Properties props) throws Exception {
    boolean transactions = Boolean.parseBoolean(props.getProperty(Client.DO_TRANSACTIONS_PROPERTY, "true"));
    String phase = transactions ? "run" : "load";
    int operations = operationCount(props, transactions);
    int threads = Math.max(1, Math.min(Integer.parseInt(props.getProperty(Client.THREAD_COUNT_PROPERTY, "1")),
        operations));
    int target = Integer.parseInt(props.getProperty(Client.TARGET_PROPERTY, "0"));
    double targetPerThreadPerMs = target > 0 ? target / (double) threads / 1000.0 : -1;

    Measurements.setProperties(props);
    Tracer tracer = new Tracer.Builder("YCSB").conf(HTraceConfiguration.fromMap(Collections.emptyMap())).build();
    int warmUpOperations = Integer.parseInt(props.getProperty(WARMUP_OPERATIONS, "0"));
    List<DB> warmedUp = Collections.synchronizedList(new ArrayList<>());
    PhaseResult.WarmUp warmUp = transactions && warmUpOperations > 0
        ? warmUp(props, tracer, threads, warmUpOperations,
            Integer.parseInt(props.getProperty(WARMUP_QUIET_SECONDS, "0")), warmedUp)
        : null;
    Workload workload = newWorkload(props);

    CountDownLatch done = new CountDownLatch(threads);
    List<ClientThread> clients = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      DB db = DBFactory.newDB(props.getProperty(Client.DB_PROPERTY), props, tracer);
      // As YCSB's Client: the remainder of the division goes to the first threads.
      int share = operations / threads + (i < operations % threads ? 1 : 0);
      ClientThread client = new ClientThread(db, transactions, workload, props, share, targetPerThreadPerMs, done);
      client.setThreadId(i);
      client.setThreadCount(threads);
      clients.add(client);
    }

    try (Connection statsConnection = ConnectionFactory.createConnection(
        NativeHBaseClient.SharedConnection.configuration(props))) {
      ServerStatsReader stats = new ServerStatsReader(statsConnection);
      ServerStatsReader.Reading serverBefore = stats.read();
      String linkInterface = props.getProperty(LINK_INTERFACE);
      long linkBefore = linkInterface == null ? 0 : linkBytes(linkInterface);
      FastPathOutcome.measureFrom(NativeHBaseClient.SharedConnection.open());
      long cpuBefore = ProcessCpu.nanos();
      long startEpochMs = System.currentTimeMillis();
      long start = System.nanoTime();
      List<Thread> running = new ArrayList<>();
      for (int i = 0; i < clients.size(); i++) {
        Thread thread = new Thread(clients.get(i), "ycsb-client-" + i);
        thread.start();
        running.add(thread);
      }
      List<PhaseResult.Sample> timeline = java.util.Collections.synchronizedList(new ArrayList<>());
      int maxSeconds = Integer.parseInt(props.getProperty(Client.MAX_EXECUTION_TIME, "0"));
      Thread progress = progressReporter(phase, clients, operations, maxSeconds, start, timeline);
      stopAfter(workload, maxSeconds, Optional.ofNullable(props.getProperty(STOP_FILE)).map(Path::of));
      for (Thread thread : running) {
        thread.join();
      }
      long runtimeMs = (System.nanoTime() - start) / 1_000_000;
      long clientCpu = ProcessCpu.nanos() - cpuBefore;
      Long linkBytes = linkInterface == null ? null : linkBytes(linkInterface) - linkBefore;
      ServerStatsReader.Reading serverAfter = stats.read();
      progress.interrupt();
      workload.cleanup();
      // The last bindings on the shared connection: it closes, and says what the fast path served.
      for (DB db : warmedUp) {
        db.cleanup();
      }

      long completed = clients.stream().mapToLong(ClientThread::getOpsDone).sum();
      CollectingExporter exporter = new CollectingExporter(new TextMeasurementsExporter(System.out));
      exporter.write("OVERALL", "RunTime(ms)", runtimeMs);
      exporter.write("OVERALL", "Throughput(ops/sec)", runtimeMs == 0 ? 0 : completed * 1000.0 / runtimeMs);
      Measurements.getMeasurements().exportMeasurements(exporter);
      exporter.close();

      return new PhaseResult(phase, threads, completed, runtimeMs, clientCpu, serverAfter.since(serverBefore),
          serverAfter.whyNotSince(serverBefore), linkBytes, exporter.operations(), startEpochMs, List.copyOf(timeline),
          FastPathOutcome.last(), warmUp);
    }
  }

  private static Workload newWorkload(Properties props) throws Exception {
    Workload workload = (Workload) Class.forName(props.getProperty(Client.WORKLOAD_PROPERTY))
        .getDeclaredConstructor().newInstance();
    workload.init(props);
    return workload;
  }

  /**
   * Runs {@code operations} transactions of the workload, and then more while this JVM's JIT is still compiling, for
   * at most {@code quietSeconds}; then starts YCSB's measurements afresh: YCSB offers no reset of its singleton, so
   * it is cleared by reflection.
   *
   * <p>The warm-up runs what the measured run will: the bindings wrapped as YCSB's client wraps them (DBWrapper,
   * which measures), so that the JIT does not compile the hot path again for another receiver once the measured run
   * begins; and on the connection the measured run will use, with its sessions and region locations, which
   * {@code warmedUp}'s bindings keep open until the measured run is over.
   */
  private static PhaseResult.WarmUp warmUp(Properties props, Tracer tracer, int threads, int operations,
      int quietSeconds, List<DB> warmedUp) throws Exception {
    System.err.printf("  warm-up: %,d operations%s, not measured%n", operations,
        quietSeconds == 0 ? "" : ", then until the JIT is quiet (at most " + quietSeconds + " s more)");
    long start = System.nanoTime();
    Workload workload = newWorkload(props);
    CountDownLatch counted = new CountDownLatch(threads);
    AtomicBoolean goOn = new AtomicBoolean(quietSeconds > 0);
    AtomicLong done = new AtomicLong();
    List<Thread> running = new ArrayList<>();
    List<Exception> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int i = 0; i < threads; i++) {
      int thread = i;
      int share = operations / threads + (i < operations % threads ? 1 : 0);
      Thread runner = new Thread(() -> {
        boolean countedDown = false;
        try {
          DB db = DBFactory.newDB(props.getProperty(Client.DB_PROPERTY), props, tracer);
          warmedUp.add(db);
          db.init();
          Object state = workload.initThread(props, thread, threads);
          long op = 0;
          for (; op < share; op++) {
            workload.doTransaction(db, state);
          }
          counted.countDown();
          countedDown = true;
          for (; goOn.get(); op++) {
            workload.doTransaction(db, state);
          }
          done.addAndGet(op);
        } catch (Exception e) {
          failures.add(e);
        } finally {
          if (!countedDown) {
            counted.countDown();
          }
        }
      }, "ycsb-warmup-" + i);
      runner.start();
      running.add(runner);
    }
    counted.await();
    JitQuiet.Outcome jit = failures.isEmpty() && quietSeconds > 0 ? JitQuiet.await(quietSeconds) : null;
    goOn.set(false);
    for (Thread runner : running) {
      runner.join();
    }
    workload.cleanup();
    if (!failures.isEmpty()) {
      throw new IllegalStateException("warm-up failed: " + failures.get(0).getMessage(), failures.get(0));
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    if (jit != null) {
      System.err.printf("  warm-up: %,d operations in %.1f s; the JIT %s (%d ms of its CPU in the last second)%n",
          done.get(), millis / 1000.0, jit.quiet() ? "was quiet" : "still compiled after " + quietSeconds + " s more",
          jit.lastWindowCompileMs());
    }
    java.lang.reflect.Field singleton = Measurements.class.getDeclaredField("singleton");
    singleton.setAccessible(true);
    singleton.set(null, null);
    return new PhaseResult.WarmUp(done.get(), millis, jit == null ? null : jit.quiet(),
        jit == null ? null : jit.lastWindowCompileMs());
  }

  /** Bytes both ways through a network interface of this process's namespace, as the kernel counts them. */
  private static long linkBytes(String networkInterface) throws IOException {
    Path statistics = Path.of("/sys/class/net", networkInterface, "statistics");
    return Long.parseLong(Files.readString(statistics.resolve("rx_bytes")).strip())
        + Long.parseLong(Files.readString(statistics.resolve("tx_bytes")).strip());
  }

  private static int operationCount(Properties props, boolean transactions) {
    String key = transactions ? Client.OPERATION_COUNT_PROPERTY
        : props.containsKey(Client.INSERT_COUNT_PROPERTY) ? Client.INSERT_COUNT_PROPERTY
        : Client.RECORD_COUNT_PROPERTY;
    return Integer.parseInt(props.getProperty(key, "0"));
  }

  /**
   * Samples the operations done every second for the phase's timeline, and shows progress every other sample.
   */
  private static Thread progressReporter(String phase, List<ClientThread> clients, int total, int maxSeconds,
      long start, List<PhaseResult.Sample> timeline) {
    Thread thread = new Thread(() -> {
      try {
        for (long sample = 1; ; sample++) {
          Thread.sleep(SAMPLE_INTERVAL_MS);
          long done = clients.stream().mapToLong(ClientThread::getOpsDone).sum();
          timeline.add(new PhaseResult.Sample(System.currentTimeMillis(), done));
          if (sample % 2 == 0) {
            double seconds = (System.nanoTime() - start) / 1e9;
            // Whichever ends the phase first, its operation count or its time, is its progress.
            double share = Math.max((double) done / Math.max(1, total), maxSeconds > 0 ? seconds / maxSeconds : 0);
            System.err.printf("  %s: %,d operations, %.0f s (%.0f%%), %,.0f ops/s%n", phase, done, seconds,
                Math.min(100, 100 * share), done / seconds);
          }
        }
      } catch (InterruptedException e) {
        // the phase is over
      }
    }, "ycsb-progress");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  /**
   * As YCSB's own {@code maxexecutiontime}: after {@code seconds} (0: never), the workload's threads stop; and as soon
   * as {@code stopFile} exists, if given.
   */
  static void stopAfter(Workload workload, int seconds, Optional<Path> stopFile) {
    if (seconds <= 0 && stopFile.isEmpty()) {
      return;
    }
    boolean bounded = seconds > 0;
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    Thread stopper = new Thread(() -> {
      try {
        while (stopFile.isEmpty() || !Files.exists(stopFile.get())) {
          long leftNanos = deadline - System.nanoTime();
          if (bounded && leftNanos <= 0) {
            System.err.printf("  %d s (maxexecutiontime) are over: stopping%n", seconds);
            workload.requestStop();
            return;
          }
          // Rounded up: a sleep of the whole milliseconds left alone would wake short of the limit and stop early.
          long leftMs = bounded ? (leftNanos + 999_999) / 1_000_000 : STOP_FILE_POLL_MS;
          Thread.sleep(stopFile.isEmpty() ? leftMs : Math.min(leftMs, STOP_FILE_POLL_MS));
        }
        System.err.printf("  %s appeared: stopping%n", stopFile.get());
        workload.requestStop();
      } catch (InterruptedException e) {
        // the phase ended first
      }
    }, "ycsb-time-limit");
    stopper.setDaemon(true);
    stopper.start();
  }

}

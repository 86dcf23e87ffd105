package org.hbaseturbo.verify;

import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.cluster.FileTrees;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.common.DaemonThreads;
import org.hbaseturbo.common.EveryStep;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.verify.chaos.ChaosMonkey;
import org.hbaseturbo.verify.chaos.ChaosPolicy;
import org.hbaseturbo.verify.chaos.ChaosTarget;
import org.hbaseturbo.verify.register.RegisterClients;
import org.hbaseturbo.verify.register.RegisterCounts;
import org.hbaseturbo.verify.register.RegisterJvm;
import org.hbaseturbo.verify.register.RegisterWorkload;
import org.hbaseturbo.wire.codec.CompactCellCodec;

/**
 * {@code turbo verify}: writes {@code loops} closed linked lists ({@link ListWriter}) through the client stack asked
 * for, while chaos ({@link ChaosMonkey}) crashes servers and moves, splits and merges regions; then, chaos stopped
 * and the cluster whole, reads every node twice, with HBase's native scan and with Prepared Scan (over the fast path
 * where the writes went over it), and counts each read ({@link ListCounter}). Nothing was lost when both reads
 * find every node referred to exactly once and agree node for node.
 *
 * <p>Beside the loops, from before chaos starts until it stops, the register workload ({@link RegisterWorkload})
 * writes increasing values to a few keys of a table of its own and reads them back over each path (the fast path
 * where it is asked for, and HBase's RPC), judging every read: the run also fails on a stale read, a read of a value
 * never written, or an acknowledged value lost. On a cluster of hosts its clients run in a JVM of their own on the
 * client host ({@link RegisterJvm}), where chaos can cut them off from one server; the loops' writers and readers run
 * in this JVM, on the master's host.
 */
public final class VerifyRun {
  /** Rows each read asks a RegionServer for at a time. */
  private static final int CACHING = 1_000;
  /** How long a server chaos killed stays down: long enough for clients to meet the dead server. */
  private static final Duration RESTART_PAUSE = Duration.ofSeconds(5);
  /** Registers the register workload writes, spread over the regions: a few a region of the default 8. */
  static final int REGISTER_KEYS = 32;

  /**
   * @param nodesPerLoop a multiple of {@code width}, at least two batches of it
   * @param width nodes per batch: a batch refers to the one before it, acknowledged first
   * @param writers threads that write each loop at once, each a closed list of its own of {@code nodesPerLoop /
   *     writers} nodes, as IntegrationTestBigLinkedList's generator runs several mappers: one writer alone is held to
   *     one operation at a time over the fast path
   * @param fastPath writes over the fast path, and Prepared Scan's executes too
   * @param compactCodec HBase's RPC with the compact cell codec, for the writes and reads that take it
   * @param regions the table is pre-split into this many regions over the key space
   * @param compression the family's compression at the table's creation, one of Turbo's codecs
   * @param chaos what chaos does while the loops are written
   * @param chaosActions the actions of {@code chaos} to take, by name, each once in this order, every one of them
   *     even where the loops are written first; empty for the policy's own, as it takes them until the loops are
   *     written
   * @param chaosPeriodSeconds the pause between two actions of chaos
   * @param seed the random keys' seed, in the report, so that a run can be repeated key for key; chaos's choices
   *     follow from it too
   */
  public record Settings(String table, int loops, long nodesPerLoop, int width, int writers, boolean fastPath,
      boolean compactCodec, int regions, Algorithm compression, ChaosPolicy chaos, List<String> chaosActions,
      int chaosPeriodSeconds, long seed) {
    public Settings {
      requireNonNull(table, "table is null");
      requireNonNull(compression, "compression is null");
      requireNonNull(chaos, "chaos is null");
      chaosActions = List.copyOf(chaosActions);
      chaos.requireActions(chaosActions);
      if (writers < 1 || width < 1 || nodesPerLoop % ((long) width * writers) != 0
          || nodesPerLoop / width / writers < 2) {
        throw new InvalidInputException("--nodes " + nodesPerLoop + " must be a multiple of --width " + width
            + " times --writers " + writers + ", and at least two batches for each writer: each writer closes a"
            + " list of its own, in which each batch refers to the one written before it");
      }
    }
  }

  /**
   * What a run found.
   *
   * @param nativeRead the count of HBase's native scan
   * @param preparedRead the count of Prepared Scan, over the fast path where the writes were
   * @param readsAgree whether both reads found the same nodes with the same references
   * @param writeSeconds the time the loops took to write, their closing included
   * @param readSeconds each read's time, native then Prepared Scan
   * @param fastPathServed operations the fast path carried; 0 without it
   * @param chaos what chaos did while the loops were written
   * @param register what the register workload beside the loops found: stale reads, reads of values never written,
   *     acknowledged values lost
   */
  public record Report(Settings settings, ListCounts nativeRead, ListCounts preparedRead, boolean readsAgree,
      double writeSeconds, List<Double> readSeconds, long fastPathServed, ChaosMonkey.Report chaos,
      RegisterCounts register) {
    /**
     * Nothing lost: every node found and referred to, by both reads, which agree; and the registers passed
     * ({@link RegisterCounts#passed}).
     */
    public boolean passed() {
      return nativeRead.whole() && preparedRead.whole() && readsAgree
          && nativeRead.rows() == (long) settings.loops() * settings.nodesPerLoop() && register.passed();
    }
  }

  private final Settings settings;
  private final Configuration clientConfiguration;
  private final Optional<ProcessHBaseCluster> processes;
  private final boolean registersInOwnJvm;
  private final PrintWriter out;

  /**
   * @param processes the cluster's processes, where this JVM started them: chaos kills and starts them; without
   *     them, it takes only the actions HBase's Admin API can
   */
  public VerifyRun(Settings settings, Configuration clientConfiguration, Optional<ProcessHBaseCluster> processes,
      PrintWriter out) {
    this(settings, clientConfiguration, processes, processes.flatMap(ProcessHBaseCluster::clientHost).isPresent(),
        out);
  }

  /** @param registersInOwnJvm whether the register workload's clients run in a JVM of their own */
  VerifyRun(Settings settings, Configuration clientConfiguration, Optional<ProcessHBaseCluster> processes,
      boolean registersInOwnJvm, PrintWriter out) {
    this.registersInOwnJvm = registersInOwnJvm;
    this.settings = requireNonNull(settings, "settings is null");
    this.clientConfiguration = new Configuration(clientConfiguration);
    this.processes = requireNonNull(processes, "processes is null");
    this.out = requireNonNull(out, "out is null");
    if (settings.compactCodec()) {
      this.clientConfiguration.set(HConstants.RPC_CODEC_CONF_KEY, CompactCellCodec.class.getName());
    }
  }

  /** Writes the loops under chaos, then reads and counts every node twice. */
  public Report run() throws IOException {
    try (Clients clients = new Clients()) {
      Written written = write(clients);
      return verify(clients, written);
    }
  }

  /** What writing the loops took: its time, and what chaos did meanwhile; the register workload is stopped. */
  record Written(double seconds, ChaosMonkey.Report chaos) {
  }

  /** Writes the loops into a new table while chaos acts; returns once chaos has stopped and the cluster is whole. */
  Written write(Clients clients) throws IOException {
    TableName name = TableName.valueOf(settings.table());
    TableName registerTable = registerTable();
    createTables(clients.rpc, name, registerTable);
    SplittableRandom random = new SplittableRandom(settings.seed());
    RegisterClients registers = clients.registers();
    ChaosMonkey chaos = new ChaosMonkey(settings.chaos(), settings.chaosActions(),
        Duration.ofSeconds(settings.chaosPeriodSeconds()),
        new ChaosTarget(clients.rpc, name, processes, random.split(), RESTART_PAUSE, registers), random.split(),
        line -> progress("%s", line));
    if (!chaos.skipped().isEmpty()) {
      progress("chaos %s: skips %s, which need RegionServer and DataNode processes of this JVM's cluster",
          settings.chaos().label(), String.join(", ", chaos.skipped()));
    }
    long start = System.nanoTime();
    registers.start(settings.fastPath(), random.nextLong());
    chaos.start();
    try {
      writeLoops(clients.writes(), name, random);
    } catch (IOException | RuntimeException e) {
      // Neither chaos nor the registers' threads go on past a run that failed.
      EveryStep.after(e, chaos::stop, registers::stop);
      throw e;
    }
    double seconds = seconds(start);
    List<String> unbegun = chaos.unbegun();
    if (!unbegun.isEmpty()) {
      progress("loops written in %.1f s, before chaos's schedule ended: it still takes %s, the registers' clients"
          + " under it", seconds, String.join(", ", unbegun));
    }
    ChaosMonkey.Report chaosReport;
    try {
      chaosReport = chaos.finish();
    } catch (IOException | RuntimeException e) {
      // Chaos that could not stop fails the run; the registers' threads stop all the same.
      EveryStep.after(e, registers::stop);
      throw e;
    }
    registers.stop();
    return new Written(seconds, chaosReport);
  }

  /** The registers' table, beside the loops'. */
  TableName registerTable() {
    return TableName.valueOf(settings.table() + "_register");
  }

  /** Each register's row: the middle of one of {@link #REGISTER_KEYS} equal ranges of the key space. */
  static List<byte[]> registerRows() {
    long range = Long.divideUnsigned(-1L, REGISTER_KEYS);
    List<byte[]> rows = new ArrayList<>();
    for (int key = 0; key < REGISTER_KEYS; key++) {
      rows.add(new NodeKey(range * key + range / 2, 0).bytes());
    }
    return rows;
  }

  /**
   * Writes the loops one after another, each by {@code writers} threads at once, each thread a closed list of its own
   * with a random split from the seed in order, so that a run repeats key for key whatever the threads' timing.
   */
  private void writeLoops(Connection writes, TableName name, SplittableRandom random) throws IOException {
    ExecutorService writers = Executors.newFixedThreadPool(settings.writers(),
        DaemonThreads.named("turbo-verify-writer"));
    try {
      for (int loop = 1; loop <= settings.loops(); loop++) {
        List<Future<?>> lists = new ArrayList<>();
        ListProgress progress = new ListProgress(loop);
        for (int writer = 0; writer < settings.writers(); writer++) {
          SplittableRandom own = random.split();
          lists.add(writers.submit(() -> {
            writeList(writes, name, own, progress);
            return null;
          }));
        }
        for (Future<?> list : lists) {
          list.get();
        }
        progress("loop %d of %d closed", loop, settings.loops());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while the loops were written");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException failed) {
        throw failed;
      }
      if (e.getCause() instanceof RuntimeException failed) {
        throw failed;
      }
      throw new IOException("a writer failed", e.getCause());
    } finally {
      // A list that failed ends the run: the other writers stop where they are.
      writers.shutdownNow();
    }
  }

  private void writeList(Connection writes, TableName name, SplittableRandom random, ListProgress progress)
      throws IOException {
    try (Table table = writes.getTable(name)) {
      ListWriter writer = new ListWriter(table, random, line -> progress("loop %d: %s", progress.loop, line));
      long[] told = {0};
      writer.writeLoop(settings.nodesPerLoop() / settings.writers(), settings.width(), written -> {
        progress.add(written - told[0]);
        told[0] = written;
      });
    }
  }

  /** A loop's nodes written so far, over its writers, told every tenth of the loop. */
  private final class ListProgress {
    private final int loop;
    private final long step;
    private final AtomicLong written = new AtomicLong();

    ListProgress(int loop) {
      this.loop = loop;
      this.step = Math.max(settings.width(), settings.nodesPerLoop() / 10);
    }

    void add(long nodes) {
      long before = written.getAndAdd(nodes);
      if ((before + nodes) / step > before / step) {
        progress("loop %d of %d: %,d of %,d nodes written", loop, settings.loops(), before + nodes,
            settings.nodesPerLoop());
      }
    }
  }

  /** Reads every node of the table with the native scan and with Prepared Scan, and counts each read. */
  Report verify(Clients clients, Written written) throws IOException {
    TableName name = TableName.valueOf(settings.table());
    Scan scan = new Scan().addFamily(ListWriter.FAMILY).setCaching(CACHING);
    long nativeStart = System.nanoTime();
    ListCounts nativeRead;
    try (Table table = clients.rpc.getTable(name); ResultScanner scanner = table.getScanner(scan)) {
      nativeRead = count(scanner, "the native scan");
    }
    double nativeSeconds = seconds(nativeStart);
    long preparedStart = System.nanoTime();
    ListCounts preparedRead;
    try (PreparedScan prepared = PreparedScan.prepare(clients.writes(), name, new Scan().addFamily(ListWriter.FAMILY));
        ResultScanner scanner = prepared.execute(new byte[0], new byte[0], CACHING)) {
      preparedRead = count(scanner, "Prepared Scan");
    }
    double preparedSeconds = seconds(preparedStart);
    RegisterCounts register = clients.registers().finish();
    progress("registers: %,d reads over %s; %,d stale, %,d of values never written, %,d acknowledged values lost",
        register.byPath().values().stream().mapToLong(RegisterCounts.PathReads::reads).sum(),
        String.join(" and ", register.byPath().keySet()), register.staleReads(), register.phantomReads(),
        register.lostAcknowledged());
    return new Report(settings, nativeRead, preparedRead, agree(nativeRead, preparedRead), written.seconds(),
        List.of(nativeSeconds, preparedSeconds), clients.fast == null ? 0 : clients.fast.counters().served(),
        written.chaos(), register);
  }

  /**
   * The run's clients: HBase's RPC connection, the fast path's where it is asked for, and the register workload's,
   * in a JVM of their own where {@link #registersInOwnJvm}.
   */
  final class Clients implements AutoCloseable {
    private final Connection rpc;
    private final FastPathConnection fast;
    private final Path registersDir;
    private final RegisterClients registers;

    Clients() throws IOException {
      registersDir = Files.createTempDirectory("turbo-verify-registers");
      try {
        rpc = ConnectionFactory.createConnection(clientConfiguration);
        fast = settings.fastPath()
            ? FastPathConnection.wrap(ConnectionFactory.createConnection(clientConfiguration)) : null;
        registers = registerClients();
      } catch (IOException | RuntimeException e) {
        EveryStep.after(e, this::close);
        throw e;
      }
    }

    private RegisterClients registerClients() throws IOException {
      Consumer<String> told = line -> progress("registers: %s", line);
      if (!registersInOwnJvm) {
        return new RegisterWorkload(registerTable(), registerRows(), clientConfiguration, told);
      }
      Optional<ClientHost> host = processes.flatMap(ProcessHBaseCluster::clientHost);
      Configuration own = host.map(on -> on.clientSettings(clientConfiguration)).orElse(clientConfiguration);
      progress("registers: their clients run in a JVM of their own%s",
          host.map(on -> " on the client host " + on.namespace()).orElse(""));
      return RegisterJvm.launch(registerTable(), registerRows(), own, host, registersDir, told);
    }

    RegisterClients registers() {
      return registers;
    }

    /** What writes, and what Prepared Scan executes over: the fast path where it is asked for. */
    Connection writes() {
      return fast != null ? fast : rpc;
    }

    Connection rpc() {
      return rpc;
    }

    @Override
    public void close() throws IOException {
      // Each closed, the last opened first, whatever the others do; those not opened are null.
      try {
        closeIfOpened(registers);
      } finally {
        try {
          closeIfOpened(fast);
        } finally {
          try {
            closeIfOpened(rpc);
          } finally {
            FileTrees.deleteRecursively(registersDir);
          }
        }
      }
    }

    private static void closeIfOpened(Closeable opened) throws IOException {
      if (opened != null) {
        opened.close();
      }
    }
  }

  /**
   * The loops' table and the registers', each with the key space cut into equal ranges by the first 8 bytes (random
   * keys fill them evenly); neither is created where either exists.
   */
  private void createTables(Connection connection, TableName loops, TableName registers) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      for (TableName name : List.of(loops, registers)) {
        if (admin.tableExists(name)) {
          throw new InvalidInputException("table " + name + " exists already; verify writes tables of its own, "
              + loops + " and " + registers + ": give another --table or drop it");
        }
      }
      byte[][] splits = new byte[settings.regions() - 1][];
      for (int i = 1; i < settings.regions(); i++) {
        long high = Long.divideUnsigned(-1L, settings.regions()) * i;
        splits[i - 1] = new NodeKey(high, 0).bytes();
      }
      for (Map.Entry<TableName, byte[]> table : Map.of(loops, ListWriter.FAMILY, registers, RegisterWorkload.FAMILY)
          .entrySet()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(table.getKey()).setColumnFamily(
            ColumnFamilyDescriptorBuilder.newBuilder(table.getValue()).setCompressionType(settings.compression())
                .build()).build(), splits);
      }
    }
  }

  private ListCounts count(ResultScanner scanner, String read) throws IOException {
    ListCounter counter = new ListCounter();
    long rows = 0;
    long step = Math.max(100_000, (long) settings.loops() * settings.nodesPerLoop() / 10);
    for (Result result : scanner) {
      byte[] previous = result.getValue(ListWriter.FAMILY, ListWriter.PREVIOUS);
      counter.add(NodeKey.of(result.getRow()), previous == null ? null : NodeKey.of(previous));
      if (++rows % step == 0) {
        progress("%s: %,d nodes read", read, rows);
      }
    }
    ListCounts counts = counter.counts();
    progress("%s: %,d nodes: %,d referenced, %,d unreferenced, %,d undefined", read, counts.rows(),
        counts.referenced(), counts.unreferenced(), counts.undefined());
    return counts;
  }

  private static boolean agree(ListCounts a, ListCounts b) {
    return a.rows() == b.rows() && a.referenced() == b.referenced() && a.unreferenced() == b.unreferenced()
        && a.undefined() == b.undefined() && a.digest() == b.digest();
  }

  private void progress(String format, Object... args) {
    out.printf("  " + format + "%n", args);
    out.flush();
  }

  private static double seconds(long startNanos) {
    return Duration.ofNanos(System.nanoTime() - startNanos).toMillis() / 1000.0;
  }
}

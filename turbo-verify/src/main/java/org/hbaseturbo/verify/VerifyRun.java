package org.hbaseturbo.verify;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
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
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.wire.codec.CompactCellCodec;

/**
 * {@code turbo verify}: writes {@code loops} closed linked lists ({@link ListWriter}) through the client stack asked
 * for, then reads every node twice, with HBase's native scan and with Prepared Scan (over the fast path where the
 * writes went over it), and counts each read ({@link ListCounter}). Nothing was lost when both reads find every node
 * referred to exactly once and agree node for node.
 */
public final class VerifyRun {
  /** Rows each read asks a RegionServer for at a time. */
  private static final int CACHING = 1_000;

  /**
   * @param nodesPerLoop a multiple of {@code width}, at least two batches of it
   * @param width nodes per batch: a batch refers to the one before it, acknowledged first
   * @param fastPath writes over the fast path, and Prepared Scan's executes too
   * @param compactCodec HBase's RPC with the compact cell codec, for the writes and reads that take it
   * @param regions the table is pre-split into this many regions over the key space
   * @param seed the random keys' seed, in the report, so that a run can be repeated key for key
   */
  public record Settings(String table, int loops, long nodesPerLoop, int width, boolean fastPath,
      boolean compactCodec, int regions, long seed) {
    public Settings {
      requireNonNull(table, "table is null");
      if (width < 1 || nodesPerLoop % width != 0 || nodesPerLoop / width < 2) {
        throw new InvalidInputException("--nodes " + nodesPerLoop + " must be a multiple of --width " + width
            + ", and at least two batches of it: each batch refers to the one written before it");
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
   */
  public record Report(Settings settings, ListCounts nativeRead, ListCounts preparedRead, boolean readsAgree,
      double writeSeconds, List<Double> readSeconds, long fastPathServed) {
    /** Nothing lost: every node found and referred to, by both reads, which agree. */
    public boolean passed() {
      return nativeRead.whole() && preparedRead.whole() && readsAgree
          && nativeRead.rows() == (long) settings.loops() * settings.nodesPerLoop();
    }
  }

  private final Settings settings;
  private final Configuration clientConfiguration;
  private final PrintWriter out;

  public VerifyRun(Settings settings, Configuration clientConfiguration, PrintWriter out) {
    this.settings = requireNonNull(settings, "settings is null");
    this.clientConfiguration = new Configuration(clientConfiguration);
    this.out = requireNonNull(out, "out is null");
    if (settings.compactCodec()) {
      this.clientConfiguration.set(HConstants.RPC_CODEC_CONF_KEY, CompactCellCodec.class.getName());
    }
  }

  /** Writes the loops, then reads and counts every node twice. */
  public Report run() throws IOException {
    try (Clients clients = new Clients()) {
      double writeSeconds = write(clients);
      return verify(clients, writeSeconds);
    }
  }

  /** Writes the loops into a new table; the seconds that took. */
  double write(Clients clients) throws IOException {
    TableName name = TableName.valueOf(settings.table());
    createTable(clients.rpc, name);
    long start = System.nanoTime();
    SplittableRandom random = new SplittableRandom(settings.seed());
    try (Table table = clients.writes().getTable(name)) {
      ListWriter writer = new ListWriter(table, random);
      long step = Math.max(settings.width(), settings.nodesPerLoop() / 10 / settings.width() * settings.width());
      for (int loop = 1; loop <= settings.loops(); loop++) {
        int current = loop;
        writer.writeLoop(settings.nodesPerLoop(), settings.width(), written -> {
          if (written % step == 0) {
            progress("loop %d of %d: %,d of %,d nodes written", current, settings.loops(), written,
                settings.nodesPerLoop());
          }
        });
        progress("loop %d of %d closed", loop, settings.loops());
      }
    }
    return seconds(start);
  }

  /** Reads every node of the table with the native scan and with Prepared Scan, and counts each read. */
  Report verify(Clients clients, double writeSeconds) throws IOException {
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
    return new Report(settings, nativeRead, preparedRead, agree(nativeRead, preparedRead), writeSeconds,
        List.of(nativeSeconds, preparedSeconds), clients.fast == null ? 0 : clients.fast.counters().served());
  }

  /** The run's connections: HBase's RPC, and the fast path's where it is asked for. */
  final class Clients implements AutoCloseable {
    private final Connection rpc;
    private final FastPathConnection fast;

    Clients() throws IOException {
      rpc = ConnectionFactory.createConnection(clientConfiguration);
      try {
        fast = settings.fastPath()
            ? FastPathConnection.wrap(ConnectionFactory.createConnection(clientConfiguration)) : null;
      } catch (IOException | RuntimeException e) {
        rpc.close();
        throw e;
      }
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
      try {
        rpc.close();
      } finally {
        if (fast != null) {
          fast.close();
        }
      }
    }
  }

  /** The nodes' key space cut into equal ranges, by the first 8 bytes: random keys fill them evenly. */
  private void createTable(Connection connection, TableName name) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      if (admin.tableExists(name)) {
        throw new InvalidInputException("table " + name + " exists already; verify writes a table of its own: give"
            + " another --table or drop it");
      }
      byte[][] splits = new byte[settings.regions() - 1][];
      for (int i = 1; i < settings.regions(); i++) {
        long high = Long.divideUnsigned(-1L, settings.regions()) * i;
        splits[i - 1] = new NodeKey(high, 0).bytes();
      }
      admin.createTable(TableDescriptorBuilder.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(ListWriter.FAMILY)).build(), splits);
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

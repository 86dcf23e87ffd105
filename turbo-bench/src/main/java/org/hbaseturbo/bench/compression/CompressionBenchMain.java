package org.hbaseturbo.bench.compression;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
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
import org.hbaseturbo.advisor.FamilyStorage;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.client.stats.ServerCounters;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.common.ProcessCpu;
import org.hbaseturbo.report.JsonFiles;

/**
 * The compression benchmark's client, in its own JVM ({@link CompressionBenchmark} starts it): for each codec,
 * a table with the sensor schema, rows inserted as a stream of single-row requests from several threads, a
 * flush, the storage, and full-table selects of a share of the rows.
 *
 * <p>Arguments: the settings JSON ({@link Settings}) and the path of the results JSON to write.
 */
public final class CompressionBenchMain {
  private static final long PROGRESS_MS = 2_000;
  /**
   * A warm-up pass that inserts less than this much faster than the one before ends the warm-up: about the spread of
   * one codec's inserts/s from run to run on a shared machine, so a rise beyond it is the JIT still at work.
   */
  static final double STEADY = 0.10;
  /** The paper kept HBase's default of its day: three versions per cell. */
  private static final int VERSIONS = 3;

  private CompressionBenchMain() {
  }

  /**
   * What the parent asks for.
   *
   * @param warmUpRows rows per codec and warm-up pass; 0 for no warm-up
   * @param warmUpMinPasses warm-up passes at the least
   * @param warmUpMaxMillis after how long no further warm-up pass starts, steady or not
   */
  public record Settings(String hbaseConfDir, String tablePrefix, List<String> codecs, long rows, int threads,
      List<Integer> selectPercents, long warmUpRows, int warmUpMinPasses, long warmUpMaxMillis) {
  }

  /** The child's answer. */
  public record Results(List<CodecRun> runs) {
  }

  public static void main(String[] args) throws Exception {
    Settings settings = JsonFiles.read(Path.of(args[0]), Settings.class);
    Configuration conf = ClientConfigurations.fromDirectory(Path.of(settings.hbaseConfDir()));
    List<CodecRun> runs = new ArrayList<>();
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      ServerStatsReader stats = new ServerStatsReader(connection);
      if (settings.warmUpRows() > 0) {
        warmUp(connection, admin, settings, stats);
      }
      for (String codec : settings.codecs()) {
        Algorithm algorithm = Algorithm.valueOf(codec);
        TableName table = TableName.valueOf(settings.tablePrefix() + codec.toLowerCase(Locale.ROOT));
        recreate(admin, table, algorithm);
        ServerStatsReader.Reading before = stats.read();
        long cpuBefore = ProcessCpu.nanos();
        long start = System.nanoTime();
        Histogram latency = insert(connection, table, settings.rows(), settings.threads(), codec);
        double seconds = (System.nanoTime() - start) / 1e9;
        long clientCpu = ProcessCpu.nanos() - cpuBefore;
        ServerCounters server = stats.read().since(before);
        if (server != null) {
          server.byProcess().forEach(process -> System.err.println("  " + codec + " inserts: " + process.summary()));
        }
        admin.flush(table);
        FamilyStorage storage = FamilyStorage.settled(admin, conf, table, null, Duration.ofMinutes(3),
            line -> System.err.println("  " + line));
        List<CodecRun.Select> selects = new ArrayList<>();
        for (int percent : settings.selectPercents()) {
          selects.add(select(connection, table, settings.rows(), percent, stats));
        }
        System.err.printf("  %s: %,.0f inserts/s, %,d bytes stored, select %d%% in %.2f s%n", codec,
            settings.rows() / seconds, storage.fileBytes() == null ? -1 : storage.fileBytes(),
            selects.get(selects.size() - 1).percent(), selects.get(selects.size() - 1).seconds());
        runs.add(new CodecRun(codec, settings.rows(), seconds, new Latency(latency.getValueAtPercentile(50),
            latency.getValueAtPercentile(95), latency.getValueAtPercentile(99)), clientCpu, server, storage,
            selects));
        BenchTables.dropIfExists(admin, table);
      }
    }
    JsonFiles.write(Path.of(args[1]), new Results(runs));
    System.exit(0);
  }

  /**
   * Every codec's write, flush and read paths, on both sides, run until they are compiled, before any codec is
   * measured: passes over a table per codec, each inserting, flushing and selecting the warm-up rows, as many as
   * asked at the least and then until a pass inserts less than {@link #STEADY} faster than the one before, or the
   * time asked has gone by. With a single such pass (2,500 rows per codec, some 8 s), the demo's inserts/s
   * still rose with each codec's place in the order, NONE first at 2,789 and the last three at 5,421-5,637: this
   * client JVM is new, and on 2 cores shared with the cluster its JIT needs longer than that. At demo scale on the
   * loaded 2-core machine, passes inserted 3,259, 6,515, 7,350 and 7,749 rows/s in 21 s, and NONE, measured first,
   * then 7,636.
   */
  private static void warmUp(Connection connection, Admin admin, Settings settings, ServerStatsReader stats)
      throws IOException {
    Map<String, TableName> tables = new LinkedHashMap<>();
    for (String codec : settings.codecs()) {
      TableName table = TableName.valueOf(settings.tablePrefix() + "warmup_" + codec.toLowerCase(Locale.ROOT));
      recreate(admin, table, Algorithm.valueOf(codec));
      tables.put(codec, table);
    }
    long start = System.nanoTime();
    double previous = 0;
    for (int pass = 1; ; pass++) {
      long insertNanos = 0;
      for (Map.Entry<String, TableName> table : tables.entrySet()) {
        long inserting = System.nanoTime();
        insert(connection, table.getValue(), settings.warmUpRows(), settings.threads(),
            "warm-up pass " + pass + ", " + table.getKey());
        insertNanos += System.nanoTime() - inserting;
        admin.flush(table.getValue());
        select(connection, table.getValue(), settings.warmUpRows(), 100, stats);
      }
      double rate = tables.size() * settings.warmUpRows() / (insertNanos / 1e9);
      long elapsedMs = (System.nanoTime() - start) / 1_000_000;
      System.err.printf("  warm-up pass %d: %,.0f inserts/s (%.0f s)%n", pass, rate, elapsedMs / 1e3);
      boolean steady = rate < previous * (1 + STEADY);
      if (elapsedMs >= settings.warmUpMaxMillis() || pass >= settings.warmUpMinPasses() && steady) {
        break;
      }
      previous = rate;
    }
    for (TableName table : tables.values()) {
      BenchTables.dropIfExists(admin, table);
    }
  }

  private static void recreate(Admin admin, TableName table, Algorithm algorithm) throws IOException {
    BenchTables.dropIfExists(admin, table);
    TableDescriptorBuilder descriptor = TableDescriptorBuilder.newBuilder(table);
    for (byte[] family : SensorRows.FAMILIES) {
      descriptor.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(family).setCompressionType(algorithm)
          .setMaxVersions(VERSIONS).build());
    }
    admin.createTable(descriptor.build());
  }

  /** Rows 0..rows-1, one request each, spread over the threads in time order; latency in microseconds. */
  private static Histogram insert(Connection connection, TableName name, long rows, int threads, String label)
      throws IOException {
    Histogram latency = new ConcurrentHistogram(3);
    AtomicLong done = new AtomicLong();
    CountDownLatch finished = new CountDownLatch(threads);
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int first = t;
      Thread worker = new Thread(() -> {
        try (Table table = connection.getTable(name)) {
          for (long i = first; i < rows; i += threads) {
            long start = System.nanoTime();
            table.put(SensorRows.row(i));
            latency.recordValue((System.nanoTime() - start) / 1_000);
            done.incrementAndGet();
          }
        } catch (Throwable e) {
          failures.add(e);
        } finally {
          finished.countDown();
        }
      }, "insert-" + t);
      worker.start();
      workers.add(worker);
    }
    long start = System.nanoTime();
    try {
      while (!finished.await(PROGRESS_MS, TimeUnit.MILLISECONDS)) {
        System.err.printf("  %s: %,d / %,d rows inserted, %,.0f rows/s%n", label, done.get(), rows,
            done.get() / ((System.nanoTime() - start) / 1e9));
      }
      for (Thread worker : workers) {
        worker.join();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while inserting into " + name);
    }
    if (!failures.isEmpty()) {
      throw new IOException("inserts into " + name + " failed: " + failures.get(0), failures.get(0));
    }
    return latency;
  }

  private static CodecRun.Select select(Connection connection, TableName name, long rows, int percent,
      ServerStatsReader stats) throws IOException {
    int limit = (int) (rows * percent / 100);
    ServerStatsReader.Reading before = stats.read();
    long cpuBefore = ProcessCpu.nanos();
    long start = System.nanoTime();
    long read = 0;
    try (Table table = connection.getTable(name); ResultScanner scanner = table.getScanner(
        new Scan().setLimit(limit).setCaching(1_000).setCacheBlocks(false))) {
      for (Result ignored : scanner) {
        read++;
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long clientCpu = ProcessCpu.nanos() - cpuBefore;
    ServerCounters server = stats.read().since(before);
    if (read != limit) {
      throw new IOException("select of " + percent + "% of " + name + " returned " + read + " rows, expected "
          + limit);
    }
    return new CodecRun.Select(percent, read, seconds, clientCpu, server == null ? null : server.cpuNanos());
  }
}

package org.hbaseturbo.bench.compression;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.bench.report.JsonFiles;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.client.stats.ServerCounters;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.common.ProcessCpu;
import org.hbaseturbo.advisor.FamilyStorage;

/**
 * The compression benchmark's client, in its own JVM ({@link CompressionBenchmark} starts it): for each codec,
 * a table with the sensor schema, rows inserted as a stream of single-row requests from several threads, a
 * flush, the storage, and full-table selects of a share of the rows.
 *
 * <p>Arguments: the settings JSON ({@link Settings}) and the path of the results JSON to write.
 */
public final class CompressionBenchMain {
  private static final long PROGRESS_MS = 2_000;
  /** The paper kept HBase's default of its day: three versions per cell. */
  private static final int VERSIONS = 3;

  private CompressionBenchMain() {
  }

  /** What the parent asks for. */
  public record Settings(String hbaseConfDir, String tablePrefix, List<String> codecs, long rows, int threads,
      List<Integer> selectPercents, long warmUpRows) {
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
      // Every codec's write and read paths, on both sides, are compiled before any is measured: with a
      // warm-up of one codec only, inserts/s still rose with each codec's place in the order.
      for (String codec : settings.warmUpRows() > 0 ? settings.codecs() : List.<String>of()) {
        TableName warmUp = TableName.valueOf(settings.tablePrefix() + "warmup");
        recreate(admin, warmUp, Algorithm.valueOf(codec));
        insert(connection, warmUp, settings.warmUpRows(), settings.threads(), "warm-up " + codec);
        admin.flush(warmUp);
        select(connection, warmUp, settings.warmUpRows(), 100, stats);
        BenchTables.dropIfExists(admin, warmUp);
      }
      for (String codec : settings.codecs()) {
        Algorithm algorithm = Algorithm.valueOf(codec);
        TableName table = TableName.valueOf(settings.tablePrefix() + codec.toLowerCase(java.util.Locale.ROOT));
        recreate(admin, table, algorithm);
        ServerStatsReader.Reading before = stats.read();
        long cpuBefore = ProcessCpu.nanos();
        long start = System.nanoTime();
        Histogram latency = insert(connection, table, settings.rows(), settings.threads(), codec);
        double seconds = (System.nanoTime() - start) / 1e9;
        long clientCpu = ProcessCpu.nanos() - cpuBefore;
        ServerCounters server = stats.read().since(before);
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
      throws Exception {
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
    while (!finished.await(PROGRESS_MS, TimeUnit.MILLISECONDS)) {
      System.err.printf("  %s: %,d / %,d rows inserted, %,.0f rows/s%n", label, done.get(), rows,
          done.get() / ((System.nanoTime() - start) / 1e9));
    }
    for (Thread worker : workers) {
      worker.join();
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

package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.bench.BenchTables;
import org.hbaseturbo.bench.ycsb.DbBinding;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import org.hbaseturbo.cluster.ClusterTarget;
import site.ycsb.workloads.CoreWorkload;

/**
 * The YCSB runs of {@code bench pcm}'s classes, its adaptivity run and {@code tune calibrate}: one base workload with
 * writes buffered on the client, the classes' mixes and counts over it, and a load that ends flushed and
 * major-compacted.
 */
final class PcmYcsb {
  /** The YCSB property naming the table a phase runs on. */
  static final String TABLE_PROPERTY = CoreWorkload.TABLENAME_PROPERTY;
  /** Base workload; the mix and counts are overridden per class. */
  static final String BASE_WORKLOAD = "a";

  /**
   * YCSB settings over the base workload, with buffered writes: what every phase of {@code bench pcm}, its adaptivity
   * run and {@code tune calibrate} shares.
   */
  static YcsbExperiment.Settings ycsb(long records, Map<String, String> overrides, int regions, int threads,
      YcsbWarmUp warmUp) {
    Map<String, String> properties = new TreeMap<>();
    properties.put("recordcount", Long.toString(records));
    // Runs end by time (maxexecutiontime), loads by their record count.
    properties.put("operationcount", Integer.toString(Integer.MAX_VALUE));
    properties.put("clientbuffering", "true");
    properties.putAll(overrides);
    return new YcsbExperiment.Settings(BASE_WORKLOAD, properties, threads, DbBinding.NATIVE, regions, warmUp,
        Optional.empty(), "loopback");
  }

  /**
   * YCSB settings for a measured run or a load: the user's properties ({@code -p}) under the benchmark's own
   * {@code overrides}, each run warming the client up first as {@code warmUp} says.
   */
  static YcsbExperiment.Settings ycsb(long records, Map<String, String> userProperties,
      Map<String, String> overrides, int regions, int threads, YcsbWarmUp warmUp) {
    Map<String, String> properties = new TreeMap<>(userProperties);
    properties.putAll(overrides);
    return ycsb(records, properties, regions, threads, warmUp);
  }

  /**
   * Loads {@code table} as {@code load} says, then flushes and major-compacts it: the state a loaded table settles
   * in.
   *
   * @param what the load, named in the error if any of its operations failed
   * @return how long the flush and the major compaction took
   */
  static Duration loadAndCompact(ClusterTarget target, YcsbExperiment.Settings load, TableName table, Path dir,
      PrintWriter out, String what) throws IOException {
    requireNoFailures(new YcsbExperiment(target, load, dir, out).load(false), what);
    out.println("  flushing and major-compacting " + table);
    out.flush();
    long start = System.nanoTime();
    try (Admin admin = target.connection().getAdmin()) {
      BenchTables.flushAndCompact(admin, table);
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  static void requireNoFailures(PhaseResult result, String what) throws IOException {
    if (result.failures() > 0) {
      throw new IOException(what + " had " + result.failures() + " failed operations of " + result.operations()
          + "; the benchmark stops, as its results would not be valid");
    }
  }

  private PcmYcsb() {
  }
}

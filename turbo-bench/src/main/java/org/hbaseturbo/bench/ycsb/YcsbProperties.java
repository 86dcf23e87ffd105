package org.hbaseturbo.bench.ycsb;

import static org.hbaseturbo.bench.ycsb.ValueRule.bool;
import static org.hbaseturbo.bench.ycsb.ValueRule.decimal;
import static org.hbaseturbo.bench.ycsb.ValueRule.fraction;
import static org.hbaseturbo.bench.ycsb.ValueRule.oneOf;
import static org.hbaseturbo.bench.ycsb.ValueRule.text;
import static org.hbaseturbo.bench.ycsb.ValueRule.wholeNumber;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.wire.codec.CompactCellCodec;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.workloads.CoreWorkload;

/**
 * The YCSB properties a user may give, each with the values it takes: the one table that {@code -p} and
 * workload files are checked against, before anything starts. YCSB ignores a name it does not know, so a typo
 * ({@code -p operationcont=...}) would run another benchmark than the user asked for; and it reads most values
 * only in the phase's JVM, after the table was created, failing with a stack trace or not at all. The names and
 * values are YCSB 0.17's ({@code Client}, {@code CoreWorkload}, {@code Measurements}) and our bindings'
 * ({@link NativeHBaseClient}); {@link YcsbWorkloadRules} checks the properties that depend on each other.
 */
public final class YcsbProperties {
  /** YCSB counts records and operations in an int ({@code Integer.parseInt} in CoreWorkload and the phase). */
  static final long MAX_COUNT = Integer.MAX_VALUE;
  /** RegionServers refuse bigger cells: {@code hbase.server.keyvalue.maxsize} is 10 MiB unless configured. */
  static final long MAX_FIELD_LENGTH = 10L << 20;
  /** YCSB builds a record's fields in memory for every insert; beyond this a record is a typo, not a benchmark. */
  static final long MAX_FIELD_COUNT = 10_000;
  /** As {@code turbo bench scan --scan-length}: a scan is a range read, not a table dump. */
  static final long MAX_SCAN_LENGTH = 1_000_000;
  /** A batch is what one request carries, not a load: 10,000 of YCSB's 1 KB records are 10 MB an operation. */
  static final long MAX_BATCH_ROWS = 10_000;

  private static final Map<String, ValueRule> RULES = rules();

  /** Names Turbo sets itself, with what the user should say instead; YCSB would not see a user's value. */
  private static final Map<String, String> SET_BY_TURBO = Map.ofEntries(
      Map.entry("db", "use --db"),
      Map.entry("threadcount", "use --threads"),
      Map.entry("dotransactions", "use 'ycsb load' or 'ycsb run'"),
      Map.entry("hbaseconf", "use --conf"),
      Map.entry("measurementtype", "Turbo measures with hdrhistogram"),
      Map.entry("hdrhistogram.percentiles", "Turbo reports p50, p95 and p99"),
      Map.entry("exporter", "use --json"),
      Map.entry("exportfile", "use --json"),
      Map.entry("status", "Turbo always shows progress"),
      Map.entry(YcsbPhaseMain.WARMUP_OPERATIONS, "use --warmup"),
      Map.entry(YcsbPhaseMain.WARMUP_QUIET_SECONDS, "use bench fastpath's --warmup-quiet"),
      Map.entry(YcsbPhaseMain.LINK_INTERFACE, "use --link"),
      Map.entry(YcsbPhaseMain.STOP_FILE, "a benchmark sets it for a phase it ends on a condition"));

  /** Names YCSB's own Client reads and Turbo's phase runner does not: a value would silently change nothing. */
  private static final Map<String, String> NO_EFFECT = Map.ofEntries(
      Map.entry("label", "YCSB's Client prints it, Turbo's reports do not"),
      Map.entry("status.interval", "Turbo shows progress every 2 s"),
      Map.entry("measurement.trackjvm", "Turbo reports the client's CPU time instead"),
      Map.entry("histogram.buckets", "Turbo measures with hdrhistogram"),
      Map.entry("timeseries.granularity", "Turbo measures with hdrhistogram"),
      Map.entry("measurement.raw.output_file", "Turbo measures with hdrhistogram"),
      Map.entry("measurement.raw.no_summary", "Turbo measures with hdrhistogram"));

  private YcsbProperties() {
  }

  /** A run phase that ends after {@code seconds} rather than after a count of operations. */
  public static Map<String, String> timedRun(int seconds) {
    return Map.of(Client.OPERATION_COUNT_PROPERTY, String.valueOf(MAX_COUNT), "maxexecutiontime",
        String.valueOf(seconds));
  }

  /** The names a user may give. */
  public static Set<String> known() {
    return RULES.keySet();
  }

  /**
   * @param where where the property was given, for the message: "given with -p", "in workload file 'w', line 3"
   * @throws InvalidInputException naming the property, where it came from and what was wrong: a name that YCSB
   *     does not know, that Turbo sets itself or that has no effect in Turbo, or a value the property does not
   *     take, with the values it does
   */
  public static void requireValid(String name, String value, String where) {
    if (name.isEmpty()) {
      throw new InvalidInputException("YCSB property " + where + " has no name ('=" + value + "'); expected"
          + " NAME=VALUE");
    }
    if (SET_BY_TURBO.containsKey(name)) {
      throw new InvalidInputException("YCSB property '" + name + "' " + where + " is set by Turbo: "
          + SET_BY_TURBO.get(name));
    }
    if (NO_EFFECT.containsKey(name)) {
      throw new InvalidInputException("YCSB property '" + name + "' " + where + " has no effect in Turbo: "
          + NO_EFFECT.get(name));
    }
    ValueRule rule = RULES.get(name);
    if (rule == null) {
      throw new InvalidInputException("unknown YCSB property '" + name + "' " + where
          + closest(name).map(guess -> "; did you mean '" + guess + "'?").orElse("")
          + " (known: " + String.join(", ", RULES.keySet()) + ")");
    }
    if (!rule.accepts(value)) {
      throw new InvalidInputException("YCSB property '" + name + "' " + where + " is '" + value + "'; expected "
          + rule.expected());
    }
  }

  /** Whether {@code name} is one YCSB knows though Turbo refuses it: set by Turbo, or without effect in Turbo. */
  static boolean refusedThoughKnown(String name) {
    return SET_BY_TURBO.containsKey(name) || NO_EFFECT.containsKey(name);
  }

  private static Optional<String> closest(String name) {
    return RULES.keySet().stream().filter(known -> editDistance(known, name) <= 2)
        .min(Comparator.comparingInt((String known) -> editDistance(known, name)));
  }

  private static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      int[] current = new int[b.length() + 1];
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      previous = current;
    }
    return previous[b.length()];
  }

  private static Map<String, ValueRule> rules() {
    Map<String, ValueRule> rules = new TreeMap<>();
    // What YCSB's Client reads and YcsbPhaseMain reads in its place.
    rules.put(Client.WORKLOAD_PROPERTY, ValueRule.of("a YCSB workload class on the classpath, such as "
        + CoreWorkload.class.getName(), value -> isClass(value, Workload.class)));
    rules.put(Client.RECORD_COUNT_PROPERTY, wholeNumber(1, MAX_COUNT));
    rules.put(Client.OPERATION_COUNT_PROPERTY, wholeNumber(1, MAX_COUNT));
    rules.put(Client.INSERT_COUNT_PROPERTY, wholeNumber(1, MAX_COUNT));
    rules.put(Workload.INSERT_START_PROPERTY, wholeNumber(0, MAX_COUNT - 1));
    // Operations per second over all threads; 0: as fast as the cluster goes.
    rules.put(Client.TARGET_PROPERTY, wholeNumber(0, MAX_COUNT));
    // Seconds after which a phase stops even before its operation count; 0: no limit.
    rules.put(Client.MAX_EXECUTION_TIME, wholeNumber(0, 7 * 24 * 3_600));
    // CoreWorkload, in the order of its init().
    rules.put(CoreWorkload.TABLENAME_PROPERTY, ValueRule.of("an HBase table name: letters, digits, '_', '-' and"
        + " '.', optionally after 'namespace:'", YcsbProperties::isTableName));
    rules.put(CoreWorkload.FIELD_COUNT_PROPERTY, wholeNumber(1, MAX_FIELD_COUNT));
    rules.put(CoreWorkload.FIELD_NAME_PREFIX, text());
    rules.put(CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY,
        oneOf(List.of("constant", "uniform", "zipfian", "histogram")));
    rules.put(CoreWorkload.FIELD_LENGTH_PROPERTY, wholeNumber(1, MAX_FIELD_LENGTH));
    rules.put(CoreWorkload.MIN_FIELD_LENGTH_PROPERTY, wholeNumber(1, MAX_FIELD_LENGTH));
    // A file of field lengths; YcsbWorkloadRules checks that it exists when the distribution is histogram.
    rules.put(CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY, text());
    rules.put(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY,
        oneOf(List.of("uniform", "zipfian", "latest", "hotspot", "sequential", "exponential")));
    rules.put(CoreWorkload.MIN_SCAN_LENGTH_PROPERTY, wholeNumber(1, MAX_SCAN_LENGTH));
    rules.put(CoreWorkload.MAX_SCAN_LENGTH_PROPERTY, wholeNumber(1, MAX_SCAN_LENGTH));
    rules.put(CoreWorkload.SCAN_LENGTH_DISTRIBUTION_PROPERTY, oneOf(List.of("uniform", "zipfian")));
    // Digits a key's number is padded to; hashed keys have up to 19, row keys stay short.
    rules.put(CoreWorkload.ZERO_PADDING_PROPERTY, wholeNumber(1, 100));
    rules.put(CoreWorkload.READ_ALL_FIELDS_PROPERTY, bool());
    rules.put(CoreWorkload.WRITE_ALL_FIELDS_PROPERTY, bool());
    rules.put(CoreWorkload.DATA_INTEGRITY_PROPERTY, bool());
    // YCSB takes anything but "hashed" as ordered.
    rules.put(CoreWorkload.INSERT_ORDER_PROPERTY, oneOf(List.of("hashed", "ordered")));
    for (String proportion : YcsbWorkloadRules.PROPORTIONS.keySet()) {
      rules.put(proportion, fraction());
    }
    rules.put(CoreWorkload.HOTSPOT_DATA_FRACTION, fraction());
    rules.put(CoreWorkload.HOTSPOT_OPN_FRACTION, fraction());
    rules.put(ExponentialGenerator.EXPONENTIAL_PERCENTILE_PROPERTY,
        decimal("a number above 0 and below 100", n -> n > 0 && n < 100));
    rules.put(ExponentialGenerator.EXPONENTIAL_FRAC_PROPERTY, decimal("a number above 0, at most 1",
        n -> n > 0 && n <= 1));
    rules.put(CoreWorkload.INSERTION_RETRY_LIMIT, wholeNumber(0, 100));
    // Seconds between retries.
    rules.put(CoreWorkload.INSERTION_RETRY_INTERVAL, wholeNumber(0, 3_600));
    // Measurements, ClientThread and DBWrapper.
    rules.put(Measurements.MEASUREMENT_INTERVAL, oneOf(List.of("op", "intended", "both")));
    rules.put("hdrhistogram.fileoutput", bool());
    rules.put("hdrhistogram.output.path", text());
    rules.put(OneMeasurementHdrHistogram.VERBOSE_PROPERTY, bool());
    rules.put("spin.sleep", bool());
    rules.put("reportlatencyforeacherror", bool());
    rules.put("latencytrackederrors", text());
    // Our bindings.
    rules.put(NativeHBaseClient.FAMILY, ValueRule.of("a column family name: printable characters, no ':', not"
        + " starting with '.'", YcsbProperties::isFamilyName));
    rules.put(NativeHBaseClient.CLIENT_BUFFERING, bool());
    // Bytes; a buffer beyond 1 GiB is a typo, not a client.
    rules.put(NativeHBaseClient.WRITE_BUFFER_SIZE, wholeNumber(1, 1L << 30));
    rules.put(NativeHBaseClient.DURABILITY,
        oneOf(Arrays.stream(Durability.values()).map(Durability::name).toList()));
    rules.put(NativeHBaseClient.RPC_COMPRESSOR, ValueRule.of("nothing (no compression) or a Hadoop compression"
        + " codec class on the classpath, such as org.apache.hadoop.io.compress.GzipCodec",
        value -> value.isEmpty() || isClass(value, CompressionCodec.class)));
    rules.put(NativeHBaseClient.RPC_CODEC, ValueRule.of("nothing (HBase's default) or an HBase cellblock codec"
        + " class on the classpath, such as " + CompactCellCodec.class.getName(),
        value -> value.isEmpty() || isClass(value, Codec.class)));
    rules.put(NativeHBaseClient.BATCH_ROWS, wholeNumber(1, MAX_BATCH_ROWS));
    rules.put(PreparedHBaseClient.FAST_PATH, bool());
    rules.put(FastPathHBaseClient.TRANSPORTS, ValueRule.of("nothing (every transport the settings allow) or a UCX"
        + " transport list (UCX_TLS), such as sm or tcp", value -> value.matches("[a-z0-9_,^]*")));
    rules.put(FastPathHBaseClient.DEVICES, ValueRule.of("nothing (the client configuration's) or a list of network"
        + " devices (UCX_NET_DEVICES), such as lo or eth0", value -> value.matches("[A-Za-z0-9_.:,-]*")));
    return java.util.Collections.unmodifiableMap(rules);
  }

  private static boolean isClass(String name, Class<?> type) {
    try {
      return type.isAssignableFrom(Class.forName(name, false, YcsbProperties.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static boolean isTableName(String name) {
    try {
      TableName.isLegalFullyQualifiedTableName(Bytes.toBytes(name));
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static boolean isFamilyName(String name) {
    try {
      ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName(Bytes.toBytes(name));
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}

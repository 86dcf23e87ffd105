package org.hbaseturbo.bench.ycsb;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.jvm.ChildJvm;
import site.ycsb.Client;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHdrHistogram;

/**
 * One YCSB phase (load or run) in a child JVM ({@link YcsbPhaseMain}), so that phases do not share YCSB's
 * static state and the client's CPU is accounted apart from the cluster's. On a {@link ClientHost} the child runs
 * in the host's network namespace and reaches the cluster through its link.
 */
public final class YcsbPhase {
  /** Defaults of the column family and table a YCSB run uses unless {@code -p} says otherwise. */
  public static final String DEFAULT_FAMILY = "family";
  public static final String DEFAULT_TABLE = "usertable";
  /** YCSB prints this line on stderr once per client thread; it says nothing a user needs. */
  private static final String YCSB_NOISE = "DBWrapper: report latency for each error";

  public enum Kind {
    LOAD, RUN
  }

  private final Kind kind;
  private final Properties properties;
  private final Path hbaseConfDir;
  private final Path workDir;
  private final Optional<ClientHost> clientHost;
  private final boolean printSummary;

  /**
   * @param workload the workload's properties ({@link YcsbWorkloads#resolve})
   * @param overrides the user's {@code -p} properties, already checked by {@link YcsbExperiment.Settings}
   * @param warmUp what a run phase does before it measures (a load phase does none)
   * @param hbaseConfDir where the child finds the cluster's {@code hbase-site.xml}
   * @param workDir where the phase's files go (properties, result JSON, and its output unless printed)
   * @param stopFile a file whose appearance ends the phase early ({@link YcsbPhaseMain#STOP_FILE}), if any
   * @param printSummary show YCSB's summary on this process's stdout; else it goes to a file in workDir
   */
  YcsbPhase(Kind kind, Properties workload, Map<String, String> overrides, int threads, YcsbWarmUp warmUp,
      DbBinding db, Path hbaseConfDir, Path workDir, Optional<ClientHost> clientHost, Optional<Path> stopFile,
      boolean printSummary) {
    this.kind = requireNonNull(kind, "kind is null");
    this.hbaseConfDir = requireNonNull(hbaseConfDir, "hbaseConfDir is null");
    this.workDir = requireNonNull(workDir, "workDir is null");
    this.clientHost = requireNonNull(clientHost, "clientHost is null");
    this.printSummary = printSummary;
    properties = new Properties();
    properties.setProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, "hdrhistogram");
    properties.setProperty(OneMeasurementHdrHistogram.PERCENTILES_PROPERTY, "50,95,99");
    properties.setProperty(NativeHBaseClient.FAMILY, DEFAULT_FAMILY);
    properties.setProperty(site.ycsb.workloads.CoreWorkload.TABLENAME_PROPERTY, DEFAULT_TABLE);
    properties.putAll(workload);
    properties.putAll(overrides);
    properties.setProperty(Client.DB_PROPERTY, db.className());
    properties.setProperty(Client.THREAD_COUNT_PROPERTY, String.valueOf(threads));
    properties.setProperty(Client.DO_TRANSACTIONS_PROPERTY, String.valueOf(kind == Kind.RUN));
    if (kind == Kind.RUN) {
      properties.setProperty(YcsbPhaseMain.WARMUP_OPERATIONS, String.valueOf(warmUp.operations()));
      properties.setProperty(YcsbPhaseMain.WARMUP_QUIET_SECONDS, String.valueOf(warmUp.quietSeconds()));
    }
    properties.setProperty(NativeHBaseClient.SharedConnection.HBASE_CONF, hbaseConfDir.toAbsolutePath().toString());
    clientHost.ifPresent(host -> {
      properties.setProperty(YcsbPhaseMain.LINK_INTERFACE, host.device());
      // The fast path crosses the link: over TCP on the client's end of it. Shared memory, which reaches across
      // network namespaces, would bypass the link; the cluster's client configuration names the device of the
      // cluster's own host.
      properties.setProperty(FastPathHBaseClient.TRANSPORTS, "tcp");
      properties.setProperty(FastPathHBaseClient.DEVICES, host.device());
    });
    stopFile.ifPresent(file -> properties.setProperty(YcsbPhaseMain.STOP_FILE, file.toAbsolutePath().toString()));
  }

  /** The properties the phase runs with. */
  public Properties properties() {
    Properties copy = new Properties();
    copy.putAll(properties);
    return copy;
  }

  public String table() {
    return properties.getProperty(site.ycsb.workloads.CoreWorkload.TABLENAME_PROPERTY);
  }

  public String family() {
    return properties.getProperty(NativeHBaseClient.FAMILY);
  }

  /** Runs the phase to its end and returns what it measured. */
  public PhaseResult run() throws IOException {
    Files.createDirectories(workDir);
    String name = kind.name().toLowerCase(java.util.Locale.ROOT);
    Path propsFile = workDir.resolve(name + ".properties");
    Path resultFile = workDir.resolve(name + "-result.json");
    Files.deleteIfExists(resultFile);
    try (OutputStream out = Files.newOutputStream(propsFile)) {
      properties.store(out, "YCSB " + name + " phase");
    }
    ProcessBuilder.Redirect summary = printSummary ? ProcessBuilder.Redirect.INHERIT
        : ProcessBuilder.Redirect.to(workDir.resolve(name + "-summary.txt").toFile());
    // A benchmark runs dozens of phases: their JVMs share a class archive.
    int exit = ChildJvm.startArchived("the YCSB " + name + " phase", YcsbPhaseMain.class,
        List.of(propsFile.toAbsolutePath().toString(), resultFile.toAbsolutePath().toString()),
        command -> clientHost.map(host -> host.wrap(command)).orElse(command), summary,
        line -> !line.startsWith(YCSB_NOISE)).waitFor();
    if (exit != 0 || !Files.exists(resultFile)) {
      throw new IOException("the YCSB " + name + " phase failed (exit code " + exit + "); its output above says why");
    }
    return new ObjectMapper().readValue(resultFile.toFile(), PhaseResult.class);
  }
}

package org.hbaseturbo.testing.shaded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ClusterConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.cluster.WithoutNativeUcx;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testing.ShadedClientJars;
import org.hbaseturbo.testing.TestingChildJvm;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.hbaseturbo.wire.codec.CompactCellCodec;
import org.hbaseturbo.wire.codec.CompactCellCounters;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application on hbase-shaded-client gets Turbo by adding turbo-shaded-client and two settings: in a JVM whose
 * classpath is hbase-shaded-client (with the runtime dependencies its pom lists), turbo-shaded-client and the
 * application ({@link ShadedApplicationMain}), and whose hbase-site.xml names {@code FastPathConnection} and the
 * compact codec, its Puts and Gets are served over the fast path and read what this JVM reads over plain RPC, its
 * scans travel in compact cellblocks, and Prepared Scan over the fast path and over a stock connection reads what
 * the native scan reads. Without the native UCX library the same application runs the same over RPC.
 */
@ExtendWith(SharedHBaseCluster.class)
class TurboShadedClientIT {
  private static final Duration CHILD_LIMIT = Duration.ofSeconds(180);
  /** Every Put and Get of the application, served over the fast path. */
  private static final int PUTS_AND_GETS = ShadedApplicationMain.puts().size() + ShadedApplicationMain.gets().size();

  @TempDir
  static Path dir;
  private static Expected expected;
  private static Run withFastPath;

  /** One run of the application with the fast path, which the first two tests read. */
  @BeforeAll
  static void runTheApplication(EmbeddedHBaseCluster cluster, Connection connection) throws Exception {
    expected = Expected.read(connection);
    withFastPath = Run.of(cluster, connection, List.of(), dir.resolve("fast"));
  }

  @Test
  void configurationAloneServesPutsAndGetsOverTheFastPathWithTheCompactCodec() {
    List<String> out = withFastPath.child().stdout();
    assertThat(out).as("the application's classes").contains("unrelocated protobuf on the classpath: false")
        .anySatisfy(line -> assertThat(line).startsWith("turbo from: turbo-shaded-client-"));
    assertThat(out).contains("connection: org.hbaseturbo.client.fastpath.FastPathConnection",
        "fast path carries gets and puts: true");
    assertThat(served(out, "puts and gets")).as("Puts and Gets served over the fast path").isEqualTo(PUTS_AND_GETS);
    assertThat(section(out, "gets")).as("the application's Gets").isEqualTo(expected.gets());
    assertThat(withFastPath.written()).as("what its Puts wrote, scanned by this JVM").isEqualTo(expected.written());
    assertThat(section(out, "scan")).as("the application's scan").isEqualTo(expected.scan());
    assertThat(out).contains("compact cellblocks decoded: true");
    assertThat(withFastPath.serverEncodedBlocks()).as("compact cellblocks the servers encoded").isPositive();
  }

  @Test
  void preparedScanOverTheFastPathAndOverAStockConnectionReadsWhatTheNativeScanReads() {
    List<String> out = withFastPath.child().stdout();
    assertThat(section(out, "prepared scan on the application's connection")).isEqualTo(expected.scan());
    assertThat(section(out, "prepared scan on a stock connection")).isEqualTo(expected.scan());
    assertThat(served(out, "all")).as("operations served over the fast path, the prepared scan's executes among them")
        .isGreaterThan(PUTS_AND_GETS);
  }

  @Test
  void withoutNativeUcxTheFastPathIsOffAndEverythingElseWorks(EmbeddedHBaseCluster cluster, Connection connection)
      throws Exception {
    assumeTrue(WithoutNativeUcx.possible(), WithoutNativeUcx.needs());
    Run run = Run.of(cluster, connection, WithoutNativeUcx.wrapper(), dir.resolve("no-ucx"));
    List<String> out = run.child().stdout();
    assertThat(out).contains("connection: org.hbaseturbo.client.fastpath.FastPathConnection",
        "fast path carries gets and puts: false");
    assertThat(served(out, "all")).as("operations served over the fast path").isZero();
    assertThat(section(out, "gets")).isEqualTo(expected.gets());
    assertThat(run.written()).isEqualTo(expected.written());
    assertThat(section(out, "scan")).isEqualTo(expected.scan());
    assertThat(section(out, "prepared scan on the application's connection")).isEqualTo(expected.scan());
    assertThat(section(out, "prepared scan on a stock connection")).isEqualTo(expected.scan());
  }

  /**
   * How many operations the application's connection had the fast path serve by the line {@code what}, after
   * checking that none was tried and handed to RPC.
   */
  private static long served(List<String> out, String what) {
    String prefix = "fast path served (" + what + "): ";
    String line = out.stream().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow(() -> new AssertionError(
        "no line '" + prefix + "' in " + out));
    assertThat(line).as("fast-path attempts handed to RPC").endsWith(", fell back: 0");
    return Long.parseLong(line.substring(prefix.length(), line.indexOf(',')));
  }

  /** The result lines that follow {@code header} in the application's output. */
  private static List<String> section(List<String> out, String header) {
    assertThat(out).as("the application's output").contains(header);
    return out.subList(out.indexOf(header) + 1, out.size()).stream()
        .takeWhile(line -> line.startsWith("row ") || line.startsWith("  ")).toList();
  }

  /** What the application must read: its Puts written by this JVM to a table of its own, read over plain RPC. */
  private record Expected(List<String> written, List<String> gets, List<String> scan) {
    static Expected read(Connection connection) throws IOException {
      TableName baseline = createTable(connection, "shaded_baseline");
      try (Table table = connection.getTable(baseline)) {
        table.put(ShadedApplicationMain.puts());
        List<String> gets = new ArrayList<>();
        for (Get get : ShadedApplicationMain.gets()) {
          gets.addAll(ResultLines.of(table.get(get)));
        }
        return new Expected(everything(table), gets, ResultLines.cells(table.getScanner(ShadedApplicationMain
            .columns())));
      }
    }
  }

  /**
   * One run of the application on a table of its own.
   *
   * @param written what its table then holds
   * @param serverEncodedBlocks the compact cellblocks the servers encoded meanwhile (they run in this JVM, whose
   *     own connection uses HBase's default codec)
   */
  private record Run(TestingChildJvm child, List<String> written, long serverEncodedBlocks) {
    static Run of(EmbeddedHBaseCluster cluster, Connection connection, List<String> wrapper, Path runDir)
        throws Exception {
      TableName name = createTable(connection, "shaded_app");
      Path confDir = applicationConfiguration(cluster, runDir);
      long encoded = CompactCellCounters.counts().encodedBlocks();
      TestingChildJvm child = TestingChildJvm.run(wrapper, applicationClasspath(), ShadedApplicationMain.class,
          List.of(confDir.toString(), name.getNameAsString()), CHILD_LIMIT, Files.createDirectories(runDir));
      long serverEncodedBlocks = CompactCellCounters.counts().encodedBlocks() - encoded;
      assertThat(child.exitCode()).as("the application's exit code; its stderr:%n%s", child.stderr()).isZero();
      try (Table table = connection.getTable(name)) {
        return new Run(child, everything(table), serverEncodedBlocks);
      }
    }
  }

  /**
   * The cluster's client settings and Turbo's two, in the application's hbase-site.xml: its code names neither
   * the fast path nor the codec.
   */
  private static Path applicationConfiguration(EmbeddedHBaseCluster cluster, Path runDir) throws IOException {
    Configuration site = new Configuration(false);
    site.addResource(new org.apache.hadoop.fs.Path(cluster.writeClientConfiguration(runDir.resolve("cluster"))
        .toUri()));
    site.set(ClusterConnection.HBASE_CLIENT_CONNECTION_IMPL, "org.hbaseturbo.client.fastpath.FastPathConnection");
    site.set(HConstants.RPC_CODEC_CONF_KEY, CompactCellCodec.class.getName());
    Path confDir = Files.createDirectories(runDir.resolve("conf"));
    try (OutputStream out = Files.newOutputStream(confDir.resolve("hbase-site.xml"))) {
      site.writeXml(out);
    }
    return confDir;
  }

  /**
   * hbase-shaded-client and its runtime dependencies, turbo-shaded-client, and the application: this module's test
   * classes, of which it uses {@link ShadedApplicationMain} and {@link ResultLines} (HBase's client API only).
   */
  private static String applicationClasspath() {
    List<Path> entries = new ArrayList<>(ShadedClientJars.hbaseShadedClient());
    entries.add(ShadedClientJars.turboShadedClient());
    entries.add(ShadedClientJars.testClasses());
    return ShadedClientJars.classpath(entries);
  }

  private static List<String> everything(Table table) throws IOException {
    return ResultLines.cells(table.getScanner(new Scan()));
  }

  /** One family, split in two regions (the shared cluster's two RegionServers hold one each, as it balances). */
  private static TableName createTable(Connection connection, String prefix) throws IOException {
    return TestingTables.create(connection, prefix, ShadedApplicationMain.F, ShadedApplicationMain.SPLIT);
  }
}

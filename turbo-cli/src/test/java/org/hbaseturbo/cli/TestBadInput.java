package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input gets one clear line on stderr and exit code 2, and is refused before any cluster is started or
 * touched (each of these returns within seconds).
 */
class TestBadInput {
  @Test
  void unknownWorkload() {
    assertRefused(CommandLineRun.of("ycsb", "run", "--workload", "z"),
        "turbo: unknown workload 'z': expected one of a, b, c, d, e, f or the path of a YCSB workload file");
  }

  @Test
  void unknownOrMisspelledProperty() {
    CommandLineRun run = CommandLineRun.of("ycsb", "load", "-p", "recordcont=10");
    assertRefused(run, null);
    assertThat(run.err()).startsWith("turbo: unknown YCSB property 'recordcont' given with -p; did you mean"
        + " 'recordcount'?");
  }

  @Test
  void propertyThatTurboSetsItself() {
    assertRefused(CommandLineRun.of("demo", "-p", "threadcount=8"),
        "turbo: YCSB property 'threadcount' given with -p is set by Turbo: use --threads");
  }

  @Test
  void unknownBindingAndLinkAndNonPositiveCounts() {
    assertRefused(CommandLineRun.of("ycsb", "run", "--db", "fast"),
        "turbo: unknown YCSB binding 'fast': expected one of native, prepared");
    assertRefused(CommandLineRun.of("ycsb", "run", "--link", "5gbit"),
        "turbo: unknown link '5gbit': expected loopback, 1gbit or 10gbit");
    assertRefused(CommandLineRun.of("ycsb", "run", "--threads", "0"), "turbo: threads must be at least 1, was 0");
    assertRefused(CommandLineRun.of("demo", "--regions", "0"), "turbo: regions must be at least 1, was 0");
  }

  @Test
  void benchScanSettings() {
    assertRefused(CommandLineRun.of("bench", "scan", "--schema", "tpch"),
        "turbo: unknown schema 'tpch': expected paper or ycsb");
    assertRefused(CommandLineRun.of("bench", "scan", "--clients", "4,0"),
        "turbo: --clients must list client counts of at least 1, was [4, 0]");
    assertRefused(CommandLineRun.of("bench", "scan", "--rows", "100", "--scan-length", "101"),
        "turbo: --scan-length must be between 1 and --rows (100), was 101");
  }

  @Test
  void advisorSettings() {
    assertRefused(CommandLineRun.of("compress", "advise", "--table", "t", "--warmup-seconds", "-1"),
        "turbo: --warmup-seconds must be at least 0, was -1");
    assertRefused(CommandLineRun.of("bench", "advisor", "--warmup-seconds", "-1"),
        "turbo: --warmup-seconds must be at least 0, was -1");
    assertRefused(CommandLineRun.of("compress", "advise", "--table", "t", "--jvms", "0"),
        "turbo: --jvms must be at least 1, was 0");
    assertRefused(CommandLineRun.of("bench", "advisor", "--run-off-jvms", "-1"),
        "turbo: --run-off-jvms must be at least 0, was -1");
    assertRefused(CommandLineRun.of("bench", "advisor", "--repeats", "0"),
        "turbo: --repeats must be at least 1, was 0");
    assertRefused(CommandLineRun.of("bench", "advisor", "--datasets", "sensor,tpch"),
        "turbo: unknown dataset 'tpch': expected one of sensor, ycsb, text");
    assertThat(CommandLineRun.of("compress", "advise", "--help").out()).contains("--jvms", "--run-off-jvms",
        "--repeats", "--warmup-seconds", "(default: 10, with --thorough 20)");
  }

  @Test
  void confDirectoryThatIsMissingOrHasNoSiteFile(@TempDir Path dir) {
    Path missing = dir.resolve("nope");
    assertRefused(CommandLineRun.of("--conf", missing.toString(), "ycsb", "run"),
        "turbo: configuration directory '" + missing + "' does not exist");
    assertRefused(CommandLineRun.of("--conf", dir.toString(), "ycsb", "run"),
        "turbo: configuration directory '" + dir + "' has no hbase-site.xml; expected the client configuration"
            + " of an HBase 2.x cluster there");
  }

  @Test
  void unreachableCluster(@TempDir Path dir) throws Exception {
    // Port 1 on loopback: nothing listens there, so the refusal is immediate.
    Files.writeString(dir.resolve("hbase-site.xml"), """
        <configuration>
          <property><name>hbase.zookeeper.quorum</name><value>127.0.0.1</value></property>
          <property><name>hbase.zookeeper.property.clientPort</name><value>1</value></property>
        </configuration>
        """);
    CommandLineRun run = CommandLineRun.of("--conf", dir.toString(), "ycsb", "run");
    assertRefused(run, null);
    assertThat(run.err()).startsWith("turbo: cannot reach the HBase cluster at ZooKeeper 127.0.0.1:1 (from "
        + dir.resolve("hbase-site.xml") + ")");
  }

  @Test
  void linkWithAnExternalClusterAndConfWithClusterStart(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("hbase-site.xml"), "<configuration/>");
    assertRefused(CommandLineRun.of("--conf", dir.toString(), "demo", "--link", "1gbit"),
        "turbo: --link 1gbit works with the embedded cluster only; a cluster given with --conf is reached over"
            + " the real network");
    assertRefused(CommandLineRun.of("--conf", dir.toString(), "cluster", "start"),
        "turbo: 'cluster start' runs an embedded cluster; --conf names an existing one");
  }

  @Test
  void unknownOptionShowsWhereHelpIs() {
    CommandLineRun run = CommandLineRun.of("ycsb", "run", "--bogus");
    assertThat(run.exitCode()).isEqualTo(TurboMain.EXIT_BAD_INPUT);
    assertThat(run.err()).contains("Unknown option: '--bogus'", "turbo ycsb run --help");
  }

  @Test
  void helpExplainsEveryCommand() {
    CommandLineRun run = CommandLineRun.of("--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("--conf=DIR", "demo", "cluster", "ycsb");
    assertThat(CommandLineRun.of("ycsb", "run", "--help").out()).contains("--workload", "--threads", "--db",
        "--json", "--link", "--runs", "--warmup");
  }

  /** Exit code 2, exactly one line on stderr (the given one, unless null), no stack trace, nothing on stdout. */
  private static void assertRefused(CommandLineRun run, String expectedLine) {
    assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(TurboMain.EXIT_BAD_INPUT);
    assertThat(run.err().lines()).hasSize(1);
    if (expectedLine != null) {
      assertThat(run.err().strip()).isEqualTo(expectedLine);
    }
    assertThat(run.err()).doesNotContain("\tat ", "Exception");
    assertThat(run.out()).isEmpty();
  }
}

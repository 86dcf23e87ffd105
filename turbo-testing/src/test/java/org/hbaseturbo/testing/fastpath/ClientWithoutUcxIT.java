package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testing.TestingChildJvm;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application that uses Prepared Scan and the compact codec needs neither jucx nor turbo-transport: in a JVM
 * whose classpath has neither, with the fast path asked for by configuration, it writes and reads as over HBase's
 * RPC, and the process says once why the fast path is off.
 */
@ExtendWith(SharedHBaseCluster.class)
class ClientWithoutUcxIT {
  private static final Duration CHILD_LIMIT = Duration.ofSeconds(120);

  @Test
  void prepareScanAndTheCodecWorkWithoutTheTransport(EmbeddedHBaseCluster cluster, Connection connection,
      @TempDir Path dir) throws Exception {
    TableName table = TestingTables.create(connection, "no_ucx", Bytes.toBytes("f"));
    Path conf = cluster.writeClientConfiguration(dir.resolve("conf")).getParent();
    TestingChildJvm child = TestingChildJvm.run(classpathWithoutTransport(), ClientWithoutUcxMain.class,
        List.of(conf.toString(), table.getNameAsString()), CHILD_LIMIT, dir);
    assertThat(child.exitCode()).as("exit code; stderr:%n%s", child.stderr()).isZero();
    assertThat(child.stdout()).containsExactly("jucx on the classpath: false", "get a value-a", "get b value-b",
        "scan a value-a", "scan b value-b", "fast path served 0");
    assertThat(child.stderr().lines().filter(line -> line.contains("fast path off in this process")).toList())
        .as("one WARN for the process, of three connections").hasSize(1).allSatisfy(line -> assertThat(line)
            .contains("WARN").contains("turbo-transport"));
  }

  /** This JVM's classpath without the fast path's transport: jucx and turbo-transport. */
  private static String classpathWithoutTransport() {
    List<String> entries = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(entry -> !entry.contains("jucx") && !entry.contains("turbo-transport")).toList();
    assertThat(entries).as("the classpath had them to remove").hasSizeLessThan(
        System.getProperty("java.class.path").split(File.pathSeparator).length - 1);
    return String.join(File.pathSeparator, entries);
  }
}

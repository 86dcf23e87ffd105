package org.hbaseturbo.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.apache.hadoop.hbase.util.VersionInfo;
import org.hbaseturbo.server.HBaseLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RegionServer that loads a server jar built for the other HBase line says so once, at ERROR, naming the jar to
 * deploy, and serves on over HBase's RPC: Puts and Gets work, no Turbo coprocessor runs (a Prepared Scan answers
 * {@code NOT_DEPLOYED}), and nothing aborts. The RegionServer runs in a JVM of its own (an embedded cluster), whose
 * classpath starts with a jar that records the other line where the server jar records its own.
 */
class WrongHBaseLineIT {
  private static final Duration CHILD_LIMIT = Duration.ofSeconds(180);

  @Test
  void aServerJarOfTheOtherLineTurnsTurboOffWithOneErrorAndHBaseServesOn(@TempDir Path dir) throws Exception {
    String line = HBaseLine.ofThisJvm();
    String other = line.equals("2.6") ? "2.5" : "2.6";
    Properties record = new Properties();
    try (InputStream in = HBaseLine.class.getResourceAsStream("hbase-line.properties")) {
      record.load(in);
    }
    assertThat(record.getProperty("hbase.line")).as("the server jar's own record").isEqualTo(line);
    record.setProperty("hbase.line", other);
    Path otherLine = recording(dir.resolve("other-line.jar"), record);
    TestingChildJvm child = TestingChildJvm.run(otherLine + File.pathSeparator + System.getProperty("java.class.path"),
        WrongHBaseLineMain.class, List.of(dir.resolve("data").toString()), CHILD_LIMIT, dir);
    assertThat(child.exitCode()).as("exit code; stderr:%n%s", child.stderr()).isZero();
    assertThat(child.stdout()).containsExactly("get a value-a", "prepare NOT_DEPLOYED");
    assertThat(child.stderr().lines().filter(entry -> entry.contains("HBase Turbo's server jar")).toList())
        .as("one ERROR for the RegionServer, of every Turbo coprocessor it loaded").singleElement().asString()
        .contains("ERROR").contains("is built for HBase " + other + ", but this RegionServer runs HBase "
            + VersionInfo.getVersion() + ": deploy turbo-server-" + record.getProperty("version")
            + "-deploy-hbase" + line + ".jar instead");
    assertThat(child.stderr()).doesNotContainIgnoringCase("aborting").doesNotContain("LinkageError")
        .doesNotContain("NoSuchMethodError");
  }

  /** A jar whose only entry is the server jar's line record, as {@code record} has it. */
  private static Path recording(Path jar, Properties record) throws Exception {
    try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
      out.putNextEntry(new JarEntry("org/hbaseturbo/server/hbase-line.properties"));
      record.store(out, "a server jar's record of another HBase line");
      out.closeEntry();
    }
    return jar;
  }
}

package org.hbaseturbo.testing.shaded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.hbaseturbo.testing.ShadedClientJars;
import org.junit.jupiter.api.Test;

/**
 * turbo-shaded-client as an application on hbase-shaded-client gets it: every class its jar refers to is in the JDK,
 * the jar itself or hbase-shaded-client and the dependencies that one's pom lists (read by the JDK's {@code jdeps},
 * so that a package hbase-shaded-client relocates and this jar does not, or a new library, fails here before any
 * cluster test); it holds Turbo's client modules and jucx only; and its pom brings nothing.
 */
class TestTurboShadedClientJar {
  @Test
  void everyClassItNeedsIsInItOrInHbaseShadedClient() {
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("no jdeps in this JDK"));
    StringWriter out = new StringWriter();
    int exit = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:class", "-cp",
        ShadedClientJars.classpath(ShadedClientJars.hbaseShadedClient()), ShadedClientJars.turboShadedClient()
            .toString());
    assertThat(exit).as("jdeps: %s", out).isZero();
    assertThat(out.toString().lines().filter(line -> line.endsWith("not found")).toList())
        .as("classes the jar refers to that neither it nor hbase-shaded-client holds").isEmpty();
    assertThat(out.toString()).as("jdeps found the jar's references").contains("hbase-shaded-client");
  }

  @Test
  void holdsTurbosClientModulesAndJucxOnly() throws IOException {
    try (ZipFile jar = new ZipFile(ShadedClientJars.turboShadedClient().toFile())) {
      List<String> classes = jar.stream().map(ZipEntry::getName).filter(name -> name.endsWith(".class")).toList();
      assertThat(classes).isNotEmpty().allSatisfy(name -> assertThat(name).matches(
          "org/hbaseturbo/(client|wire|protocol|common|transport)/.*|org/openucx/jucx/.*"));
      assertThat(classes).contains("org/hbaseturbo/client/fastpath/FastPathConnection.class",
          "org/hbaseturbo/transport/UcxRuntime.class", "org/openucx/jucx/ucp/UcpContext.class");
      assertThat(jar.getEntry("libjucx_amd64.so")).as("jucx's native glue").isNotNull();
    }
  }

  @Test
  void itsPomHasNoDependencies() throws IOException {
    String pom = Files.readString(ShadedClientJars.turboShadedClientPom());
    assertThat(pom).contains("<artifactId>turbo-shaded-client</artifactId>").doesNotContain("<dependencies>")
        .doesNotContain("<dependency>");
  }
}

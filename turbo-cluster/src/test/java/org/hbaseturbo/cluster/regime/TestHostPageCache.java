package org.hbaseturbo.cluster.regime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** As root (the test suite runs as root): a file just written and read is in the page cache, and then is not. */
class TestHostPageCache {
  @Test
  void dropsAFileJustWrittenAndRead(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("pages");
    byte[] bytes = new byte[8 << 20];
    new Random(1).nextBytes(bytes);
    Files.write(file, bytes);
    Files.readAllBytes(file);
    assertThat(residentPages(file)).as("in the page cache").isPositive();

    HostPageCache.drop();

    assertThat(residentPages(file)).as("dropped").isZero();
  }

  /** The file's pages in the page cache, as util-linux's fincore counts them. */
  private static long residentPages(Path file) throws Exception {
    Process fincore = new ProcessBuilder("fincore", "--noheadings", "--bytes", "--output", "PAGES", file.toString())
        .redirectErrorStream(true).start();
    String out = new String(fincore.getInputStream().readAllBytes()).trim();
    assertThat(fincore.waitFor()).as(out).isZero();
    return Long.parseLong(out);
  }
}

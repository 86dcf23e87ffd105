package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.hbaseturbo.cluster.WithoutNativeUcx;
import org.hbaseturbo.testing.TestingChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a host whose native UCX library is broken (a mount namespace binds /dev/null over libucp), every attempt to
 * open the fast path's transport says why, not only the first: the JVM fails the later ones with "Could not
 * initialize class", which names no cause, and a client, a RegionServer or {@code turbo demo} may first try where
 * nobody reads it.
 */
class BrokenUcxIT {
  private static final Duration CHILD_LIMIT = Duration.ofSeconds(60);

  @Test
  void everyAttemptNamesTheLibraryAndWhyItDidNotLoad(@TempDir Path dir) throws Exception {
    assumeTrue(WithoutNativeUcx.possible(), WithoutNativeUcx.needs());
    TestingChildJvm child = TestingChildJvm.run(WithoutNativeUcx.wrapper(), System.getProperty("java.class.path"),
        BrokenUcxMain.class, List.of(), CHILD_LIMIT, dir);
    assertThat(child.exitCode()).as("exit code; stderr:%n%s", child.stderr()).isZero();
    assertThat(child.stdout()).as("stderr:%n%s", child.stderr()).hasSize(2).allSatisfy(line -> assertThat(line)
        .contains("cannot be loaded", "apt-get install libucx0", "UnsatisfiedLinkError", "libucp.so.0",
            "file too short").doesNotContain("Could not initialize class"));
  }
}

package org.hbaseturbo.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs a process as on a host whose native UCX library is broken: a wrapper command (for
 * {@link ProcessClusterBuilder#regionServerWrapper} or a test's child JVM) that binds /dev/null over libucp in
 * a mount namespace of the process's own, so that jucx fails to load it while the rest of the host is untouched.
 * Needs root and Debian's {@code libucx0}: tests check {@link #possible()} first.
 */
public final class WithoutNativeUcx {
  private static final Path LIBUCP = Path.of("/usr/lib/x86_64-linux-gnu/libucp.so.0.0.0");

  private WithoutNativeUcx() {
  }

  /** Whether this JVM can run the {@link #wrapper()}: it runs as root and libucp is where Debian puts it. */
  public static boolean possible() {
    return ProcessHandle.current().info().user().orElse("").equals("root") && Files.exists(LIBUCP);
  }

  /** Why {@link #possible()} may be false, for a test's assumption. */
  public static String needs() {
    return "needs root, for a mount namespace, and Debian's libucx0 at " + LIBUCP;
  }

  /** The words to put before a command. */
  public static List<String> wrapper() {
    return List.of("unshare", "-m", "sh", "-c", "mount --bind /dev/null " + LIBUCP + " && exec \"$@\"",
        "without-ucx");
  }
}

package org.hbaseturbo.wire.fastpath;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpParams;

/**
 * Opens UCX contexts the way both ends of the fast path need them, and says what was loaded.
 *
 * <p>Every context asks for active messages and wake-ups (threads park in {@code waitForEvents} when idle), and
 * sets {@code MM_ERROR_HANDLING=y}: endpoints use peer error handling, to learn that the other end died, and
 * without that setting UCX never picks shared memory for such endpoints (openucx/ucx#8477).
 */
public final class UcxRuntime {
  /** The UCX transport list ({@code UCX_TLS}), as in {@code "sm,self"} or {@code "tcp"}; empty: UCX chooses. */
  public static final String TRANSPORTS_KEY = "turbo.fastpath.transports";
  /** Shared memory only: nothing leaves the host. */
  public static final String LOCAL_TRANSPORTS = "sm,self";

  private UcxRuntime() {
  }

  /**
   * The transports an end may use under its configuration: {@link #TRANSPORTS_KEY}, or shared memory only when
   * HBase's RPC is configured to encrypt ({@code hbase.rpc.protection=privacy} or TLS), because UCX does not.
   */
  public static String transports(Configuration conf) {
    boolean encrypted = conf.get("hbase.rpc.protection", "").toLowerCase(Locale.ROOT).contains("privacy")
        || conf.getBoolean("hbase.server.netty.tls.enabled", false)
        || conf.getBoolean("hbase.client.netty.tls.enabled", false);
    return encrypted ? LOCAL_TRANSPORTS : conf.get(TRANSPORTS_KEY, "").trim();
  }

  /**
   * How many threads of one end may poll UCX at once by default: half the cores this JVM may use, at least one.
   * With 16 YCSB clients on 2 cores and every waiting client thread polling, the pollers took the cores from the
   * threads that had work (results/README.md, hybrid fast path).
   */
  public static int defaultPollers() {
    return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
  }

  /**
   * @param transports a UCX transport list, or empty for every transport UCX finds
   * @throws FastPathUnavailableException when the native UCX is missing or refuses the settings
   */
  public static UcpContext openContext(String transports) throws FastPathUnavailableException {
    UcpParams params = new UcpParams().requestAmFeature().requestWakeupFeature();
    String tls = transports.trim().toLowerCase(Locale.ROOT);
    if (!tls.isEmpty()) {
      params.setConfig("TLS", tls);
    }
    if (tls.isEmpty() || tls.contains("sm") || tls.contains("posix") || tls.contains("sysv")) {
      params.setConfig("MM_ERROR_HANDLING", "y");
    }
    try {
      return new UcpContext(params);
    } catch (LinkageError e) {
      throw new FastPathUnavailableException("the native UCX library (libucp.so.0) cannot be loaded: install UCX"
          + " (Debian and Ubuntu: apt-get install libucx0; see README, fast path): " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new FastPathUnavailableException("UCX refused to start with transports '"
          + (tls.isEmpty() ? "(UCX's choice)" : tls) + "': " + e.getMessage(), e);
    }
  }

  /** The jucx version and the native libucp this process loaded, for reports and {@code fastpath check}. */
  public static String describe() {
    String jucx = UcpContext.class.getPackage().getImplementationVersion();
    return "jucx " + (jucx == null ? jucxVersionFromPom() : jucx) + ", " + loadedLibucp();
  }

  private static String jucxVersionFromPom() {
    try (var in = UcpContext.class.getResourceAsStream("/META-INF/maven/org.openucx/jucx/pom.properties")) {
      if (in == null) {
        return "(version unknown)";
      }
      java.util.Properties pom = new java.util.Properties();
      pom.load(in);
      return pom.getProperty("version", "(version unknown)");
    } catch (IOException e) {
      return "(version unknown)";
    }
  }

  /** The file the dynamic linker mapped for libucp, from /proc/self/maps (Linux). */
  private static String loadedLibucp() {
    try {
      return Files.readAllLines(Path.of("/proc/self/maps")).stream().filter(line -> line.contains("libucp.so"))
          .map(line -> line.substring(line.indexOf('/'))).findFirst().map(path -> "libucp " + resolved(path))
          .orElse("libucp not loaded");
    } catch (IOException | RuntimeException e) {
      return "libucp (cannot read /proc/self/maps)";
    }
  }

  private static String resolved(String path) {
    try {
      return Path.of(path).toRealPath().toString();
    } catch (IOException e) {
      return path;
    }
  }
}

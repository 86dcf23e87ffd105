package org.hbaseturbo.transport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.ChannelSettings.Transports;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.openucx.jucx.ucp.UcpConstants;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpParams;
import org.openucx.jucx.ucp.UcpWorker;
import org.openucx.jucx.ucp.UcpWorkerParams;
import org.openucx.jucx.ucs.UcsConstants;

/**
 * Opens UCX contexts the way both ends of the fast path need them, and says what was loaded.
 *
 * <p>Every context asks for active messages and wake-ups (threads park in {@code waitForEvents} when idle), and
 * sets {@code MM_ERROR_HANDLING=y}: endpoints use peer error handling, to learn that the other end died, and
 * without that setting UCX never picks shared memory for such endpoints (openucx/ucx#8477). It also sets
 * {@code PROTO_INDIRECT_ID=on}: UCX then looks the endpoint and request ids its peers send up in a table, which
 * refuses an unknown one, rather than taking them for pointers.
 *
 * <p>A context is checked before it is handed out: a worker is made and the kernel read for what it opened. One that
 * made SysV segments (mode 0660, open to the group: {@link ChannelSettings}) is closed and refused, whatever names
 * the settings gave UCX.
 */
public final class UcxRuntime {
  /**
   * This JVM's first failure to load UCX, which names the cause (the library missing, broken, of another version).
   * Every later attempt fails with "Could not initialize class", which Java 17 gives without that cause.
   */
  private static final AtomicReference<LinkageError> FIRST_LOAD_FAILURE = new AtomicReference<>();

  private UcxRuntime() {
  }

  /**
   * @param transports what the end may use ({@link ChannelSettings#transports})
   * @throws FastPathUnavailableException when the native UCX is missing or broken, or refuses the settings: the
   *     caller carries on over RPC. Never an {@link Error} of the native library's loading.
   */
  public static UcpContext openContext(Transports transports) throws FastPathUnavailableException {
    try {
      UcpParams params = new UcpParams().requestAmFeature().requestWakeupFeature();
      params.setConfig("TLS", transports.tls());
      if (transports.network()) {
        params.setConfig("NET_DEVICES", transports.netDevices());
      }
      params.setConfig("MM_ERROR_HANDLING", "y");
      params.setConfig("PROTO_INDIRECT_ID", "on");
      UcpContext context = new UcpContext(params);
      try {
        refuseSysvSegments(context, transports);
      } catch (FastPathUnavailableException | RuntimeException e) {
        context.close();
        throw e;
      }
      return context;
    } catch (LinkageError e) {
      // UnsatisfiedLinkError the first time jucx's glue cannot load libucp, NoClassDefFoundError every time after,
      // NoClassDefFoundError too where jucx itself is not on the classpath. Each names the first, which says why.
      LinkageError earlier = FIRST_LOAD_FAILURE.compareAndExchange(null, e);
      LinkageError first = earlier == null ? e : earlier;
      FastPathUnavailableException unavailable = new FastPathUnavailableException("the native UCX library"
          + " (libucp.so.0) or jucx cannot be loaded; install UCX on this host (Debian and Ubuntu: "
          + FastPathUnavailableException.INSTALL_UCX + "): " + first, first);
      if (first != e) {
        unavailable.addSuppressed(e);
      }
      throw unavailable;
    } catch (RuntimeException e) {
      throw new FastPathUnavailableException("UCX refused to start with transports " + transports.describe() + ": "
          + e.getMessage(), e);
    }
  }

  /** Makes a worker of the context and refuses the context if that made SysV segments. */
  private static void refuseSysvSegments(UcpContext context, Transports transports)
      throws FastPathUnavailableException {
    try {
      Set<String> before = UcxExposure.sysvSegments();
      UcpWorker probe = context.newWorker(new UcpWorkerParams());
      Set<String> made;
      try {
        made = UcxExposure.sysvSegments();
      } finally {
        probe.close();
      }
      made.removeAll(before);
      if (!made.isEmpty()) {
        throw new FastPathUnavailableException("UCX made SysV shared-memory segments (mode 0660, open to the"
            + " server's group) with transports " + transports.describe() + "; name posix or sm in "
            + ChannelSettings.TRANSPORTS_KEY);
      }
    } catch (IOException e) {
      throw new FastPathUnavailableException("cannot read what UCX made (/proc/sysvipc/shm): " + e, e);
    }
  }

  /**
   * Gives every active message id below {@code handled}, the highest id the worker handles, a handler that drops
   * the message. UCX 1.13.1 keeps its handlers in an array as long as the highest id registered, and calls through
   * an uninitialized pointer for an id below that with none: a peer's single message of such an id crashed the
   * process (FastPathUnderFuzzIT found it). Ids above the highest registered UCX drops itself, with a warning.
   */
  public static void dropUnhandledMessages(UcpWorker worker, int handled) {
    for (int id = 0; id < handled; id++) {
      worker.setAmRecvHandler(id, (header, headerLength, data, replyEndpoint) -> UcsConstants.STATUS.UCS_OK,
          UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
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

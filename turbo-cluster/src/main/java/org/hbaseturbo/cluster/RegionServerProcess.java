package org.hbaseturbo.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.jvm.JvmOptions;
import org.hbaseturbo.jvm.WatchedProcess;

/**
 * One RegionServer in a JVM of its own, started through HBase's own entry point ({@code HRegionServer start}) with
 * the classpath of an operator's RegionServer ({@link RegionServerClasspath}) and its settings in its own
 * {@code hbase-site.xml}, so that an edited file and {@code update_config} behave as on a real cluster. It ends
 * when the JVM that started it ends, however that ends ({@link WatchedProcess}).
 */
final class RegionServerProcess {
  /** Far above the milliseconds that the watch takes to start the JVM: only a machine in trouble waits that long. */
  private static final Duration JAVA_START = Duration.ofSeconds(10);
  private static final Duration JAVA_POLL = Duration.ofMillis(50);
  private static final String INFO_BIND_ADDRESS_KEY = "hbase.regionserver.info.bindAddress";

  private final int index;
  private final int port;
  private final int infoPort;
  private final String infoHost;
  private final WatchedProcess watch;
  private final ProcessHandle server;
  private final StartLog log;
  private final StartLog out;

  private RegionServerProcess(int index, int port, int infoPort, String infoHost, WatchedProcess watch,
      ProcessHandle server, StartLog log, StartLog out) {
    this.index = index;
    this.port = port;
    this.infoPort = infoPort;
    this.infoHost = infoHost;
    this.watch = watch;
    this.server = server;
    this.log = log;
    this.out = out;
  }

  /**
   * @param settings the cluster's server settings; this server's own directory and the distributed mode are added
   * @param heap the JVM's maximum heap, as {@code -Xmx} takes it ("1g")
   * @param wrapper a command the JVM runs under (its words first on the command line), or none
   */
  static RegionServerProcess start(int index, Path dataDir, Configuration settings, String heap, List<String> wrapper)
      throws IOException {
    Path home = dataDir.resolve("regionservers").resolve("rs-" + index);
    Path conf = home.resolve("conf");
    Files.createDirectories(conf);
    provideWebApps(conf);
    // A port known before it starts tells which server of the master's list this process is.
    int port = freePort();
    // Its info server (web UI, /jmx, /prometheus) on a port of its own too, printed with the cluster's addresses.
    int infoPort = freePort();
    writeSite(home, settings, port, infoPort);
    Path logs = dataDir.resolve("logs");
    Files.createDirectories(logs);
    Path log = logs.resolve("regionserver-" + index + ".log");
    Path out = logs.resolve("regionserver-" + index + ".out");
    Files.writeString(conf.resolve("log4j.properties"), String.join("\n",
        "log4j.rootLogger=INFO,file",
        "log4j.appender.file=org.apache.log4j.FileAppender",
        "log4j.appender.file.file=" + log,
        "log4j.appender.file.append=true",
        "log4j.appender.file.layout=org.apache.log4j.PatternLayout",
        "log4j.appender.file.layout.ConversionPattern=%d{ISO8601} %-5p [%t] %c{2}: %m%n",
        "log4j.logger.org.apache.zookeeper=WARN", ""));
    List<String> command = new ArrayList<>(wrapper);
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + heap);
    command.addAll(JvmOptions.hbaseFlags());
    command.add("-cp");
    // The conf directory first, as HBase's own scripts put $HBASE_CONF_DIR.
    command.add(conf + java.io.File.pathSeparator + RegionServerClasspath.locate());
    command.add(HRegionServer.class.getName());
    command.add("start");
    // Both files are appended to by every start on this data directory; what this start wrote begins here.
    StartLog logOfThisStart = StartLog.from(log);
    StartLog outOfThisStart = StartLog.from(out);
    WatchedProcess watch = WatchedProcess.start(new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile())));
    return new RegionServerProcess(index, port, infoPort, infoHostOf(settings), watch,
        javaOf(watch, index, outOfThisStart), logOfThisStart, outOfThisStart);
  }

  /**
   * Writes its {@code hbase-site.xml}: the cluster's settings, with its own directory, ports and the distributed
   * mode. A running server reads the file again on {@code update_config}.
   */
  private static void writeSite(Path home, Configuration settings, int port, int infoPort) throws IOException {
    Configuration site = new Configuration(settings);
    // Without it, HRegionServer's command line refuses to start a server of its own ("Not starting a distinct
    // region server") and exits 0.
    site.setBoolean("hbase.cluster.distributed", true);
    site.set("hbase.tmp.dir", home.resolve("tmp").toString());
    site.setInt(HConstants.REGIONSERVER_PORT, port);
    site.setInt(HConstants.REGIONSERVER_INFO_PORT, infoPort);
    // On the address the server binds to (loopback unless a link is emulated), as its RPC port: not on every
    // interface, HBase's default, since a local cluster's servers are for this host alone.
    site.set(INFO_BIND_ADDRESS_KEY, infoHostOf(settings));
    Path file = home.resolve("conf").resolve("hbase-site.xml");
    Path written = file.resolveSibling("hbase-site.xml.tmp");
    try (OutputStream out = Files.newOutputStream(written)) {
      site.writeXml(out);
    }
    // Whole or not at all: the server may read it at any moment.
    Files.move(written, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }

  /** Rewrites its {@code hbase-site.xml} with {@code settings}, for an {@code update_config} to read. */
  void rewriteSite(Path dataDir, Configuration settings) throws IOException {
    writeSite(dataDir.resolve("regionservers").resolve("rs-" + index), settings, port, infoPort);
  }

  /** The settings of the first RegionServer of the process cluster on {@code dataDir}, as its own file says. */
  static Map<String, String> currentSettings(Path dataDir) throws IOException {
    Path site = dataDir.resolve("regionservers").resolve("rs-0").resolve("conf").resolve("hbase-site.xml");
    return Files.exists(site) ? ServerSiteFile.settingsIn(site) : Map.of();
  }

  /**
   * HBase's info server does not start without {@code hbase-webapps/regionserver} on the classpath (the RegionServer
   * then exits). A deployed HBase has it; the hbase-server jar this build resolves carries no web apps, so the server
   * gets empty ones in its conf directory, first on its classpath: {@code /jmx}, {@code /prometheus} and the status
   * page are HBase's servlets and need nothing from them. Where the jar has them, they are left alone.
   */
  private static void provideWebApps(Path conf) throws IOException {
    if (RegionServerProcess.class.getClassLoader().getResource("hbase-webapps/regionserver") == null) {
      Files.createDirectories(conf.resolve("hbase-webapps").resolve("regionserver"));
      Files.createDirectories(conf.resolve("hbase-webapps").resolve("static"));
    }
  }

  private static String infoHostOf(Configuration settings) {
    return settings.get("hbase.regionserver.hostname", ClusterSettings.LOOPBACK);
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  /** @param out what the JVM prints, which says why when it ends at once */
  private static ProcessHandle javaOf(WatchedProcess watch, int index, StartLog out) throws IOException {
    // The command's process keeps its id through a wrapper's exec of the JVM: the first sight of it is the JVM's.
    AtomicReference<ProcessHandle> java = new AtomicReference<>();
    try {
      Await.until(() -> {
        watch.command().ifPresent(command -> java.compareAndSet(null, command));
        return java.get() != null || !watch.isAlive();
      }, JAVA_START, JAVA_POLL, "RegionServer " + index + "'s JVM",
          () -> new IOException("RegionServer " + index + " did not start a JVM within " + JAVA_START.toSeconds()
              + " s"));
      if (java.get() == null) {
        throw new IOException("RegionServer " + index + "'s JVM ended as it started: "
            + out.lastLine().orElse("it printed nothing") + "; see " + out.file());
      }
      return java.get();
    } catch (IOException e) {
      watch.stop();
      throw e;
    }
  }

  int index() {
    return index;
  }

  /** Its RPC port, on the cluster's host. */
  int port() {
    return port;
  }

  /** Its info server's address: HBase's web UI, with its {@code /jmx} and {@code /prometheus}. */
  String infoAddress() {
    return "http://" + infoHost + ":" + infoPort;
  }

  long pid() {
    return server.pid();
  }

  /**
   * @throws IOException naming it and quoting its log, when it gave up starting: it logged an ABORTING line (its JVM
   *     may take a while to end, or never end) or its JVM ended
   */
  void requireStarting() throws IOException {
    Optional<String> aborting = log.abortLine();
    if (aborting.isPresent()) {
      throw new IOException(this + " aborted while starting: " + aborting.get() + "; see " + log.file());
    }
    if (!watch.isAlive()) {
      Optional<String> cause = log.lastError();
      if (cause.isEmpty()) {
        // Not HBase's: the JVM's own, such as a flag it refused.
        cause = out.lastLine();
      }
      throw new IOException(this + " exited while starting: " + cause.orElse("it logged no error") + "; see "
          + log.file() + " and " + out.file());
    }
  }

  @Override
  public String toString() {
    return "RegionServer " + index + " (pid " + server.pid() + ")";
  }

  /** Waits for it and its watch to end by itself (the master stopped the cluster); after {@code timeout}, kills it. */
  void awaitExit(Duration timeout) throws IOException {
    try {
      watch.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      kill();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill();
      throw new IOException("interrupted while RegionServer " + index + " stopped", e);
    } catch (ExecutionException e) {
      throw new IOException("waiting for RegionServer " + index + " to stop failed", e);
    }
  }

  /** SIGKILL: nothing flushed, as a crash. Returns once it and its watch have ended. */
  void kill() {
    server.destroyForcibly();
    watch.onExit().join();
  }
}

package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.hbaseturbo.jvm.WatchedProcess;
import org.hbaseturbo.jvm.WatchedProcess.EndOrder;

/**
 * One RegionServer in a JVM of its own, started through HBase's own entry point ({@code HRegionServer start}) with
 * the classpath of an operator's RegionServer ({@link RegionServerClasspath}) and its settings in its own
 * {@code hbase-site.xml}, so that an edited file and {@code update_config} behave as on a real cluster. It ends
 * when the JVM that started it ends, however that ends ({@link WatchedProcess}).
 */
final class RegionServerProcess {
  private static final String INFO_BIND_ADDRESS_KEY = "hbase.regionserver.info.bindAddress";

  private final int index;
  private final int port;
  private final int infoPort;
  private final String infoHost;
  /** When its JVM was launched: its startcode, which HBase takes at the server's start, is not earlier. */
  private final long launchedAtMillis;
  private final ServerJvm jvm;

  private RegionServerProcess(int index, int port, int infoPort, String infoHost, long launchedAtMillis,
      ServerJvm jvm) {
    this.index = index;
    this.port = port;
    this.infoPort = infoPort;
    this.infoHost = infoHost;
    this.launchedAtMillis = launchedAtMillis;
    this.jvm = jvm;
  }

  /**
   * @param settings the cluster's server settings; this server's own directory and the distributed mode are added
   * @param heap the JVM's maximum heap, as {@code -Xmx} takes it ("1g")
   * @param wrapper a command the JVM runs under (its words first on the command line), or none
   * @param order {@link HdfsCluster#writersOrder} on HDFS, so that HDFS outlives it when the launcher dies
   */
  static RegionServerProcess start(int index, Path dataDir, Configuration settings, String heap, List<String> wrapper,
      EndOrder order) throws IOException {
    // A port known before it starts tells which server of the master's list this process is. Its info server (web
    // UI, /jmx, /prometheus) gets a port of its own too, printed with the cluster's addresses.
    return start(index, dataDir, settings, heap, wrapper, order, FreePorts.take(), FreePorts.take());
  }

  /**
   * Starts a server in place of this one, which was killed, on its ports: as a host's RegionServer comes back on
   * its fixed port, which tells the master that the old one is dead without waiting for its ZooKeeper session to
   * expire.
   */
  RegionServerProcess startAgain(Path dataDir, Configuration settings, String heap, List<String> wrapper,
      EndOrder order) throws IOException {
    return start(index, dataDir, settings, heap, wrapper, order, port, infoPort);
  }

  private static RegionServerProcess start(int index, Path dataDir, Configuration settings, String heap,
      List<String> wrapper, EndOrder order, int port, int infoPort) throws IOException {
    Path home = dataDir.resolve("regionservers").resolve("rs-" + index);
    Path conf = home.resolve("conf");
    Files.createDirectories(conf);
    provideWebApps(conf);
    writeSite(home, settings, port, infoPort);
    long launchedAtMillis = System.currentTimeMillis();
    ServerJvm jvm = ServerJvm.start("RegionServer " + index, conf, dataDir.resolve("logs"), "regionserver-" + index,
        heap, wrapper, order, HRegionServer.class.getName(), List.of("start"));
    return new RegionServerProcess(index, port, infoPort, infoHostOf(settings), launchedAtMillis, jvm);
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
    // Whole or not at all: the server may read it at any moment.
    NoFollowFiles.writeXml(home.resolve("conf").resolve("hbase-site.xml"), site);
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
   * gets empty ones in its conf directory, on its classpath: {@code /jmx}, {@code /prometheus} and the status
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

  /** Once it serves: {@link ServerJvm#served}. */
  void served() {
    jvm.served();
  }

  int index() {
    return index;
  }

  /** Its RPC port, on the cluster's host. */
  int port() {
    return port;
  }

  /**
   * Whether the master's {@code name} is this process: its address, and a startcode no earlier than its launch (a
   * server killed on the same port stays on the master's list until it is expired).
   */
  boolean is(ServerName name) {
    return name.getPort() == port && name.getStartCode() >= launchedAtMillis;
  }

  /** Its info server's address: HBase's web UI, with its {@code /jmx} and {@code /prometheus}. */
  String infoAddress() {
    return "http://" + infoHost + ":" + infoPort;
  }

  long pid() {
    return jvm.pid();
  }

  /** {@link ServerJvm#requireStarting}. */
  void requireStarting() throws IOException {
    jvm.requireStarting();
  }

  @Override
  public String toString() {
    return jvm.toString();
  }

  /**
   * Waits for it to end by itself (the master stopped the cluster, or it aborted); after {@code timeout}, kills it.
   *
   * @return whether it ended by itself
   */
  boolean awaitExit(Duration timeout) throws IOException {
    return jvm.awaitExit(timeout);
  }

  boolean isAlive() {
    return jvm.watch().isAlive();
  }

  /**
   * SIGSTOP: the JVM does nothing, as in a long stall of its host or a collection that does not end, and its
   * ZooKeeper session runs out unheard, until {@link #resume}.
   */
  void pause() throws IOException {
    HostCommand.run(List.of("kill", "-STOP", Long.toString(pid())), "is procps installed?");
  }

  /** SIGCONT, after {@link #pause}: the JVM goes on where it stopped, and learns what happened meanwhile. */
  void resume() throws IOException {
    HostCommand.run(List.of("kill", "-CONT", Long.toString(pid())), "is procps installed?");
  }

  /** SIGKILL: nothing flushed, as a crash. Returns once it and its watch have ended. */
  void kill() {
    jvm.kill();
  }
}

package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.jvm.WatchedProcess.EndOrder;

/**
 * One HDFS daemon, a NameNode or a DataNode, in a JVM of its own started through Hadoop's own entry point with the
 * RegionServers' lib on its classpath (it holds {@code hadoop-hdfs}), its settings in its own conf directory
 * ({@code core-site.xml}, {@code hdfs-site.xml}), its logs beside the RegionServers'.
 */
final class HdfsDaemon {
  /** Enough for a NameNode of a few thousand files and a DataNode's buffers; HDFS's default takes a quarter of RAM. */
  private static final String HEAP = "256m";
  private final ServerJvm jvm;

  private HdfsDaemon(ServerJvm jvm) {
    this.jvm = jvm;
  }

  /**
   * @param home its own directory: conf/ is written there
   * @param settings its HDFS settings, written to both of its site files (Hadoop reads each key from either)
   */
  static HdfsDaemon start(String name, Path home, Path logs, String logName, Map<String, String> settings,
      String mainClass, List<String> args) throws IOException {
    return start(name, home, logs, logName, settings, mainClass, args, List.of(), EndOrder.NONE);
  }

  /**
   * @param wrapper a command the JVM runs under (its words first on the command line): its host's, or none
   * @param order how its end stands among HBase's servers' when the launcher dies
   */
  static HdfsDaemon start(String name, Path home, Path logs, String logName, Map<String, String> settings,
      String mainClass, List<String> args, List<String> wrapper, EndOrder order) throws IOException {
    Path conf = writeConf(home, settings);
    return new HdfsDaemon(ServerJvm.start(name, conf, logs, logName, HEAP, wrapper, order, mainClass, args));
  }

  /**
   * Writes its conf directory: the settings, and the empty web apps its web server needs to start (Hadoop's jar here
   * carries none, and the daemon exits without them); its status pages are not used.
   */
  static Path writeConf(Path home, Map<String, String> settings) throws IOException {
    Path conf = home.resolve("conf");
    for (String webApp : List.of("hdfs", "datanode", "static")) {
      Files.createDirectories(conf.resolve("webapps").resolve(webApp));
    }
    Configuration site = new Configuration(false);
    settings.forEach(site::set);
    for (String file : List.of("core-site.xml", "hdfs-site.xml")) {
      NoFollowFiles.writeXml(conf.resolve(file), site);
    }
    return conf;
  }

  ServerJvm jvm() {
    return jvm;
  }

  boolean isAlive() {
    return jvm.watch().isAlive();
  }

  /** Stops it as HDFS's scripts do (SIGTERM: it shuts down cleanly), and returns at once. */
  void stop() throws IOException {
    jvm.watch().stop();
  }

  /** SIGKILL, as a crash. */
  void kill() {
    jvm.kill();
  }

  long pid() {
    return jvm.pid();
  }
}

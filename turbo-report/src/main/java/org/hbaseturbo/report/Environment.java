package org.hbaseturbo.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.hbase.util.VersionInfo;

/** The machine and software versions a benchmark ran on, for its report. */
public final class Environment {
  private Environment() {
  }

  public static Map<String, Object> machine() {
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("cpu_model", cpuModel());
    machine.put("cores", Runtime.getRuntime().availableProcessors());
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      machine.put("memory_bytes", os.getTotalMemorySize());
    }
    machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    machine.put("arch", System.getProperty("os.arch"));
    return machine;
  }

  /**
   * Versions of Turbo, the libraries it was built with, the JVM, and the cluster's HBase (which differs
   * from the client's when {@code --conf} points at another cluster).
   */
  public static Map<String, String> versions(String clusterHBaseVersion) {
    Map<String, String> versions = new LinkedHashMap<>();
    Properties built = new Properties();
    try (InputStream in = Environment.class.getResourceAsStream("versions.properties")) {
      built.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read versions.properties", e);
    }
    built.stringPropertyNames().stream().sorted().forEach(key -> versions.put(key, built.getProperty(key)));
    versions.put("hbase_client_runtime", VersionInfo.getVersion());
    versions.put("hbase_cluster", clusterHBaseVersion);
    versions.put("java", System.getProperty("java.runtime.version"));
    return versions;
  }

  private static String cpuModel() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(line -> line.startsWith("model name"))
          .map(line -> line.substring(line.indexOf(':') + 1).strip()).findFirst().orElse("unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}

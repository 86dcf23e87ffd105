package org.hbaseturbo.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The JVM flags HBase needs on Java 17. They are kept once, in the repository's {@code jvm.options}: the
 * {@code turbo} script passes that file to {@code java} as an argument file, Surefire does the same, and
 * JVMs started from Java code (YCSB phases, clusters in other processes) get them from here.
 */
public final class JvmOptions {
  /**
   * The environment variable whose words every JVM started from Java code gets after HBase's flags: RegionServers,
   * HDFS daemons, YCSB clients. Children inherit it, so it reaches every JVM below the one it was set for.
   */
  public static final String CHILD_OPTIONS_VARIABLE = "TURBO_CHILD_JAVA_OPTS";
  private static final String RESOURCE = "jvm.options";

  private JvmOptions() {
  }

  /** The flags, one element each, in file order. */
  public static List<String> hbaseFlags() {
    try (InputStream in = JvmOptions.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("resource " + RESOURCE + " is missing from turbo-common's jar");
      }
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        return reader.lines().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#"))
            .toList();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
  }

  /** The flags of a JVM started from this one: {@link #hbaseFlags()}, then {@value #CHILD_OPTIONS_VARIABLE}'s words. */
  public static List<String> childFlags() {
    return childFlags(System.getenv());
  }

  static List<String> childFlags(Map<String, String> environment) {
    List<String> flags = new ArrayList<>(hbaseFlags());
    String more = environment.getOrDefault(CHILD_OPTIONS_VARIABLE, "").strip();
    if (!more.isEmpty()) {
      flags.addAll(List.of(more.split("\\s+")));
    }
    return flags;
  }
}

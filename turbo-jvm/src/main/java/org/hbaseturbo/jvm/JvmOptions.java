package org.hbaseturbo.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The JVM flags HBase needs on Java 17. They are kept once, in the repository's {@code jvm.options}: the
 * {@code turbo} script passes that file to {@code java} as an argument file, Surefire does the same, and
 * JVMs started from Java code (YCSB phases, clusters in other processes) get them from here.
 */
public final class JvmOptions {
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
}

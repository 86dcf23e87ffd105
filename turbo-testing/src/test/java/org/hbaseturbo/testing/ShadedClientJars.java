package org.hbaseturbo.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What this module's pom copies beside its test classes for applications on hbase-shaded-client, which run in JVMs
 * of their own: as dependencies of this module the jars would clash with the unshaded HBase and turbo-client that
 * its tests run on.
 */
public final class ShadedClientJars {
  private ShadedClientJars() {
  }

  /** hbase-shaded-client and the runtime dependencies its pom lists. */
  public static List<Path> hbaseShadedClient() {
    return files("shaded-client", ".jar");
  }

  /** turbo-shaded-client's jar. */
  public static Path turboShadedClient() {
    return files("turbo-shaded-client", ".jar").get(0);
  }

  /** The pom turbo-shaded-client publishes. */
  public static Path turboShadedClientPom() {
    return files("turbo-shaded-client", ".pom").get(0);
  }

  /** This module's test classes, where the applications' main classes are. */
  public static Path testClasses() {
    try {
      return Path.of(ShadedClientJars.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public static String classpath(List<Path> entries) {
    return String.join(File.pathSeparator, entries.stream().map(Path::toString).toList());
  }

  /** The files ending in {@code suffix} that the pom copied to {@code copied}, sorted. */
  private static List<Path> files(String copied, String suffix) {
    try (Stream<Path> files = Files.list(testClasses().resolveSibling(copied))) {
      List<Path> found = files.filter(file -> file.toString().endsWith(suffix)).sorted().toList();
      if (found.isEmpty()) {
        throw new IllegalStateException("no " + suffix + " in " + testClasses().resolveSibling(copied));
      }
      return found;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.hbaseturbo.server.HBaseLine;

/**
 * The classpath of a RegionServer of the process cluster: the directory that the turbo-regionserver module builds
 * for this build's HBase line ({@code lib-hbaseLINE}), HBase's jars and the server jar, as an operator's
 * {@code $HBASE_HOME/lib} holds them after deployment. Found under the checkout that {@value #HOME_PROPERTY} names
 * (the {@code turbo} script sets it), or else the working directory or one of its parents.
 */
final class RegionServerClasspath {
  static final String HOME_PROPERTY = "turbo.home";
  /** The directory of the HBase line this tool was built for, as the server jar in it is. */
  private static final Path LIB = Path.of("turbo-regionserver", "target", "lib-hbase" + HBaseLine.ofThisJvm());
  private static final String SERVER_JAR = "-deploy-hbase" + HBaseLine.ofThisJvm() + ".jar";

  private RegionServerClasspath() {
  }

  /** The directory of jars, checked to hold the server jar. */
  static Path locate() throws IOException {
    Path lib = find().orElseThrow(() -> new IOException("the RegionServer classpath " + LIB + " was not found under "
        + Optional.ofNullable(System.getProperty(HOME_PROPERTY)).orElse(System.getProperty("user.dir"))
        + " or its parents; build it with '" + HBaseLine.buildCommand(HBaseLine.ofThisJvm()) + "' in the checkout"));
    try (var jars = Files.list(lib)) {
      if (jars.noneMatch(jar -> jar.getFileName().toString().endsWith(SERVER_JAR))) {
        throw new IOException(lib + " holds no server jar (*" + SERVER_JAR + "); build it with '"
            + HBaseLine.buildCommand(HBaseLine.ofThisJvm()) + "'");
      }
    }
    return lib;
  }

  private static Optional<Path> find() {
    String home = System.getProperty(HOME_PROPERTY);
    if (home != null) {
      return Optional.of(Path.of(home).toAbsolutePath().resolve(LIB)).filter(Files::isDirectory);
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve(LIB))) {
        return Optional.of(dir.resolve(LIB));
      }
    }
    return Optional.empty();
  }
}

package org.hbaseturbo.server;

import com.google.protobuf.Service;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hbase.util.VersionInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HBase line (major.minor) this server jar was built for, against the line of the HBase it runs in. A jar built
 * for the other line would fail later and worse: at the first call of an API that differs between 2.5 and 2.6, with
 * a {@link LinkageError} in a coprocessor's start or hook, which can abort the RegionServer. So every Turbo
 * coprocessor asks {@link #matches} first thing in its start, and offers HBase no service or observer where the line
 * is wrong: the first to ask logs one ERROR naming the jar to deploy, and the RegionServer serves over its own RPC
 * as if Turbo were not there (a Prepared Scan then answers {@code NOT_DEPLOYED}).
 *
 * <p>The build writes the line into {@value #RESOURCE} beside this class ({@code -Phbase-2.5} builds for 2.5).
 */
public final class HBaseLine {
  static final String RESOURCE = "hbase-line.properties";
  /** The lines Turbo builds for ({@link #buildCommand}). */
  static final Set<String> LINES = Set.of("2.5", "2.6");

  private static final Logger LOG = LoggerFactory.getLogger(HBaseLine.class);
  private static final AtomicBoolean REPORTED = new AtomicBoolean();
  private static final Optional<String> MISMATCH = mismatchHere();

  /** What the build recorded: the line the jar is for, and Turbo's version (part of the jar's name). */
  record Built(String line, String turboVersion) {
    /**
     * Why this jar must not run on HBase {@code running} (a version, as {@link VersionInfo} gives it), naming the
     * jar to deploy; empty where the lines match.
     */
    Optional<String> mismatch(String running) {
      String runningLine = lineOf(running);
      if (runningLine.equals(line)) {
        return Optional.empty();
      }
      String off = "; every Turbo coprocessor is off, and the RegionServer serves over HBase's RPC alone";
      if (!LINES.contains(runningLine)) {
        return Optional.of("HBase Turbo's server jar " + jarName(line) + " is built for HBase " + line
            + ", but this RegionServer runs HBase " + running + ", for which Turbo has no build (it builds for "
            + "HBase 2.5 and 2.6)" + off);
      }
      return Optional.of("HBase Turbo's server jar " + jarName(line) + " is built for HBase " + line
          + ", but this RegionServer runs HBase " + running + ": deploy " + jarName(runningLine) + " instead ("
          + buildCommand(runningLine) + ")" + off);
    }

    String jarName(String forLine) {
      return "turbo-server-" + turboVersion + "-deploy-hbase" + forLine + ".jar";
    }
  }

  private HBaseLine() {
  }

  /**
   * Whether Turbo may run in this RegionServer: its HBase is of the line this jar was built for. The first call that
   * finds it is not logs one ERROR saying which jar to deploy.
   */
  public static boolean matches() {
    if (MISMATCH.isEmpty()) {
      return true;
    }
    if (REPORTED.compareAndSet(false, true)) {
      LOG.error(MISMATCH.get());
    }
    return false;
  }

  /** A coprocessor's {@code getServices}: its service where the line {@link #matches}, none where it does not. */
  public static Iterable<Service> services(Service service) {
    return matches() ? List.of(service) : List.of();
  }

  /** A coprocessor's {@code getRegionObserver} and the like: itself where the line {@link #matches}. */
  public static <T> Optional<T> observer(T observer) {
    return matches() ? Optional.of(observer) : Optional.empty();
  }

  /**
   * The line of the HBase on this JVM's classpath: in a RegionServer the one it runs, in a tool the one it was built
   * with (and so the server jar it deploys, {@code turbo-server-VERSION-deploy-hbaseLINE.jar}).
   */
  public static String ofThisJvm() {
    return lineOf(VersionInfo.getVersion());
  }

  /** The Maven command, run in the checkout, that builds Turbo for HBase {@code line}. */
  public static String buildCommand(String line) {
    return "mvn -B" + (line.equals("2.6") ? "" : " -Phbase-" + line) + " -DskipTests package";
  }

  /** The line of an HBase version: {@code 2.6} of {@code 2.6.4-hadoop3}. */
  static String lineOf(String version) {
    String[] parts = version.split("[.-]", 3);
    return parts.length < 2 ? version : parts[0] + "." + parts[1];
  }

  private static Optional<String> mismatchHere() {
    return read().map(built -> built.mismatch(VersionInfo.getVersion())).orElse(Optional.of("HBase Turbo's server"
        + " jar records no HBase line (" + RESOURCE + " is missing): it was not built by Maven; every Turbo"
        + " coprocessor is off, and the RegionServer serves over HBase's RPC alone"));
  }

  /** What the build recorded beside this class; empty where it recorded nothing. */
  static Optional<Built> read() {
    Properties built = new Properties();
    try (InputStream in = HBaseLine.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return Optional.empty();
      }
      built.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Optional.of(new Built(built.getProperty("hbase.line"), built.getProperty("version")));
  }
}

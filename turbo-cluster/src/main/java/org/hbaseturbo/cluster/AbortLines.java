package org.hbaseturbo.cluster;

import java.io.Closeable;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * The lines in which HBase servers give up: "***** ABORTING region server NAME: REASON *****" (or "ABORTING master"),
 * which HBase logs as a server aborts, and which is the only place that keeps the reason. The servers of this JVM log
 * theirs to wherever this JVM's log goes, so a start captures them here ({@link #capture()}) to name the server that
 * gave up and quote why; a RegionServer in a JVM of its own writes them to its own log ({@link StartLog}).
 */
final class AbortLines extends AppenderSkeleton implements Closeable {
  private static final String STARS = "***** ";
  private static final String START = STARS + "ABORTING ";
  private static final String END = " *****";
  private static final List<Class<?>> SERVERS = List.of(HRegionServer.class, HMaster.class);

  private final List<String> lines = new CopyOnWriteArrayList<>();

  private AbortLines() {
  }

  /** Captures the ABORTING lines of this JVM's servers until it is closed. */
  static AbortLines capture() {
    AbortLines capture = new AbortLines();
    SERVERS.forEach(server -> Logger.getLogger(server).addAppender(capture));
    return capture;
  }

  /** The ABORTING line of server {@code name}, quoted, once it logged one. */
  Optional<String> of(ServerName name) {
    String server = " " + name + ": ";
    return lines.stream().filter(line -> line.contains(server)).findFirst();
  }

  /** {@code line} from its "ABORTING" to the reason's end, when it is an ABORTING line. */
  static Optional<String> quote(String line) {
    int start = line.indexOf(START);
    if (start < 0) {
      return Optional.empty();
    }
    String quoted = line.substring(start + STARS.length()).stripTrailing();
    return Optional.of(quoted.endsWith(END) ? quoted.substring(0, quoted.length() - END.length()) : quoted);
  }

  @Override
  protected void append(LoggingEvent event) {
    quote(event.getRenderedMessage()).ifPresent(lines::add);
  }

  @Override
  public boolean requiresLayout() {
    return false;
  }

  @Override
  public void close() {
    SERVERS.forEach(server -> Logger.getLogger(server).removeAppender(this));
  }
}

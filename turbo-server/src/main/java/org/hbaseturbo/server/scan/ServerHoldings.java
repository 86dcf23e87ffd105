package org.hbaseturbo.server.scan;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.hbaseturbo.server.FairShare;
import org.hbaseturbo.server.PerRegionServer;
import org.hbaseturbo.server.settings.LiveSettings;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;

/**
 * The prepared state and the open cursors all regions of one RegionServer keep, per user and in all, held against
 * that server's {@link ServerLimits}. Each region's {@link RegionPreparedScans} reserves here before it stores a
 * prepared scan or opens a cursor and releases what it drops, so that no user, and no crowd of users, can fill the
 * RegionServer's heap or pin its store files.
 */
final class ServerHoldings {
  /** One per RegionServer, found through the region's environment; gone with the server object. */
  private static final PerRegionServer<ServerHoldings> BY_SERVER = new PerRegionServer<>();

  /** The limits in force: update_config changes them for what is reserved next; what is held stays. */
  private final Supplier<ServerLimits> limits;
  /** Only users who hold something: an entry goes when its holdings drop to nothing. */
  private final Map<String, Held> byUser = new HashMap<>();
  private long scans;
  private long bytes;
  private long cursors;

  ServerHoldings(Supplier<ServerLimits> limits) {
    this.limits = limits;
  }

  /** The holdings of the RegionServer serving the region, created with the server's own limits. */
  static ServerHoldings of(RegionCoprocessorEnvironment env) {
    return of(env.getOnlineRegions(), LiveSettings.regionServerConfiguration(env));
  }

  /**
   * The holdings of {@code server}, kept while it is reachable, created with the limits {@code conf} sets, which
   * {@code update_config} changes.
   */
  static ServerHoldings of(Object server, Configuration conf) {
    return BY_SERVER.of(server, () -> new ServerHoldings(LiveSettings.watch(
        "Prepared Scan (RegionServer limits)", conf, conf, ServerLimits::from)));
  }

  /**
   * Counts one more prepared scan of {@code chargedBytes} for {@code user}.
   *
   * @throws PreparedScanException {@link PreparedScanError#LIMIT_EXCEEDED} naming the limit, nothing counted
   */
  synchronized void reserve(String user, long chargedBytes) throws PreparedScanException {
    ServerLimits limits = this.limits.get();
    Held held = byUser.getOrDefault(user, new Held());
    if (held.scans + 1 > limits.maxScansPerUser()) {
      throw exceeded("you keep " + held.scans + " prepared scans on this RegionServer", limits.maxScansPerUser(),
          ServerLimits.MAX_SCANS_PER_USER_KEY);
    }
    if (held.bytes + chargedBytes > limits.maxBytesPerUser()) {
      throw exceeded("your prepared scans on this RegionServer would take " + (held.bytes + chargedBytes)
          + " bytes", limits.maxBytesPerUser(), ServerLimits.MAX_BYTES_PER_USER_KEY);
    }
    if (bytes + chargedBytes > limits.maxBytesPerServer()) {
      throw exceeded("this RegionServer's prepared scans, all users' together, are at their limit",
          limits.maxBytesPerServer(), ServerLimits.MAX_BYTES_PER_SERVER_KEY);
    }
    if (!FairShare.allows(held.bytes, chargedBytes, bytes, limits.maxBytesPerServer())) {
      throw refused("your prepared scans on this RegionServer take " + held.bytes + " bytes; " + FairShare.refusal(
          held.bytes, bytes, limits.maxBytesPerServer(), ServerLimits.MAX_BYTES_PER_SERVER_KEY),
          "Close prepared scans you no longer use");
    }
    held.scans++;
    held.bytes += chargedBytes;
    byUser.put(user, held);
    scans++;
    bytes += chargedBytes;
  }

  /** Takes back what {@link #reserve} counted for one prepared scan. */
  synchronized void release(String user, long chargedBytes) {
    Held held = byUser.get(user);
    if (held == null) {
      throw new IllegalStateException("release of a prepared scan that user '" + user + "' does not hold");
    }
    held.scans--;
    held.bytes -= chargedBytes;
    scans--;
    bytes -= chargedBytes;
    forgetIfEmpty(user, held);
  }

  /**
   * Counts one more open cursor for {@code user}.
   *
   * @throws PreparedScanException {@link PreparedScanError#LIMIT_EXCEEDED} naming the limit, nothing counted
   */
  synchronized void reserveCursor(String user) throws PreparedScanException {
    ServerLimits limits = this.limits.get();
    Held held = byUser.getOrDefault(user, new Held());
    if (held.cursors + 1 > limits.maxCursorsPerUser()) {
      throw cursorsExceeded("you have " + held.cursors + " open cursors on this RegionServer",
          limits.maxCursorsPerUser(), ServerLimits.MAX_CURSORS_PER_USER_KEY);
    }
    if (cursors + 1 > limits.maxCursorsPerServer()) {
      throw cursorsExceeded("this RegionServer has " + cursors + " open cursors, all users' together",
          limits.maxCursorsPerServer(), ServerLimits.MAX_CURSORS_PER_SERVER_KEY);
    }
    if (!FairShare.allows(held.cursors, 1, cursors, limits.maxCursorsPerServer())) {
      throw refused("you have " + held.cursors + " open cursors on this RegionServer; " + FairShare.refusal(
          held.cursors, cursors, limits.maxCursorsPerServer(), ServerLimits.MAX_CURSORS_PER_SERVER_KEY),
          "Close the scanners of executes you no longer read");
    }
    held.cursors++;
    byUser.put(user, held);
    cursors++;
  }

  /** Takes back what {@link #reserveCursor} counted for one cursor. */
  synchronized void releaseCursor(String user) {
    Held held = byUser.get(user);
    if (held == null) {
      throw new IllegalStateException("release of a cursor that user '" + user + "' does not hold");
    }
    held.cursors--;
    cursors--;
    forgetIfEmpty(user, held);
  }

  private void forgetIfEmpty(String user, Held held) {
    if (held.scans == 0 && held.cursors == 0) {
      byUser.remove(user);
    }
  }

  synchronized long scansOf(String user) {
    Held held = byUser.get(user);
    return held == null ? 0 : held.scans;
  }

  synchronized long bytesOf(String user) {
    Held held = byUser.get(user);
    return held == null ? 0 : held.bytes;
  }

  synchronized long scans() {
    return scans;
  }

  synchronized long bytes() {
    return bytes;
  }

  synchronized long cursorsOf(String user) {
    Held held = byUser.get(user);
    return held == null ? 0 : held.cursors;
  }

  synchronized long cursors() {
    return cursors;
  }

  /** The holdings of every RegionServer of this JVM at this instant. */
  static List<ServerHoldings> all() {
    return BY_SERVER.all();
  }

  /** A prepared scan refused: {@code what} would pass the limit. */
  static PreparedScanException exceeded(String what, long limit, String key) {
    return refused(what, limit, key, "Close prepared scans you no longer use");
  }

  /** An execute refused before it opened a cursor: {@code what} is at the limit. */
  static PreparedScanException cursorsExceeded(String what, long limit, String key) {
    return refused(what, limit, key, "Close the scanners of executes you no longer read");
  }

  private static PreparedScanException refused(String what, long limit, String key, String remedy) {
    return refused(what + "; the limit is " + limit + " (" + key + ")", remedy);
  }

  private static PreparedScanException refused(String why, String remedy) {
    return new PreparedScanException(PreparedScanError.LIMIT_EXCEEDED, why + ". " + remedy
        + "; an operator may raise the limit");
  }

  private static final class Held {
    long scans;
    long bytes;
    long cursors;
  }
}

package org.hbaseturbo.server.scan;

import com.google.protobuf.ByteString;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.hbaseturbo.wire.scan.PreparedScanException;

/**
 * The paper's region-level map: the prepared scans of one region, and the cursors they left open.
 * Everything here expires after a lease without use, so that a client that dies without closing leaves
 * nothing behind; a client that comes back after its lease simply prepares again (the reply says so).
 *
 * <p>A prepared scan is found by its user and its id together: a caller can reach only their own, and an id
 * another user prepared looks to them exactly like one nobody prepared. What the region holds counts against
 * its {@link PreparedScanConfig limits} and the RegionServer's ({@link ServerHoldings}); a prepared scan that
 * would go over one is refused and nothing is stored, and so is an execute that would open a cursor over one.
 */
final class RegionPreparedScans {
  /** Whose prepared scan, and which. */
  record Key(String user, ByteString id) {
  }

  private final Map<Key, PreparedState> prepared = new ConcurrentHashMap<>();
  private final Map<Long, Cursor> cursors = new ConcurrentHashMap<>();
  /** The region's settings in force: update_config changes the limits for what is stored next, and the lease. */
  private final Supplier<PreparedScanConfig> settings;
  private final ServerHoldings server;
  /** Guarded by this: what {@link #prepared} holds, as the limits count it. */
  private long heldBytes;
  /**
   * Guarded by this: cursors open in this region, in {@link #cursors} or taken out by a request; each pins a region
   * scanner either way.
   */
  private int openCursors;
  private volatile boolean closed;

  RegionPreparedScans(Supplier<PreparedScanConfig> settings, ServerHoldings server) {
    this.settings = settings;
    this.server = server;
  }

  /**
   * Stores the prepared scan unless the region holds it already (two executes that both found it missing);
   * returns the one stored.
   *
   * @throws PreparedScanException when storing it would exceed a limit of the region or the RegionServer
   */
  synchronized PreparedState add(Key key, PreparedState state) throws PreparedScanException {
    PreparedState stored = prepared.get(key);
    if (stored != null) {
      return stored;
    }
    PreparedScanConfig config = settings.get();
    if (prepared.size() + 1 > config.maxScansPerRegion()) {
      throw ServerHoldings.exceeded("this region keeps " + prepared.size() + " prepared scans",
          config.maxScansPerRegion(), PreparedScanConfig.MAX_SCANS_PER_REGION_KEY);
    }
    if (heldBytes + state.chargedBytes() > config.maxBytesPerRegion()) {
      throw ServerHoldings.exceeded("this region's prepared scans would take " + (heldBytes + state.chargedBytes())
          + " bytes", config.maxBytesPerRegion(), PreparedScanConfig.MAX_BYTES_PER_REGION_KEY);
    }
    server.reserve(key.user(), state.chargedBytes());
    heldBytes += state.chargedBytes();
    prepared.put(key, state);
    return state;
  }

  /** The prepared scan, or null when this region does not hold it. */
  PreparedState get(Key key, long nowNanos) {
    PreparedState state = prepared.get(key);
    if (state != null) {
      state.touch(nowNanos);
    }
    return state;
  }

  /** Takes the cursor out for one request; null when it expired, was closed, or is another scan's. */
  Cursor take(long cursorId, PreparedState state, long nowNanos) {
    Cursor cursor = cursors.remove(cursorId);
    if (cursor != null && cursor.state() != state) {
      cursors.put(cursorId, cursor);
      return null;
    }
    if (cursor != null) {
      cursor.touch(nowNanos);
    }
    return cursor;
  }

  /**
   * Counts one more open cursor of {@code user}'s, in this region and on the RegionServer, before its scanner opens.
   *
   * @return what gives the count back, once, when the cursor closes (or its scanner does not open)
   * @throws PreparedScanException when one more cursor would exceed a limit of the region or the RegionServer
   */
  synchronized Runnable reserveCursor(String user) throws PreparedScanException {
    PreparedScanConfig config = settings.get();
    if (openCursors + 1 > config.maxCursorsPerRegion()) {
      throw ServerHoldings.cursorsExceeded("this region has " + openCursors + " open cursors",
          config.maxCursorsPerRegion(), PreparedScanConfig.MAX_CURSORS_PER_REGION_KEY);
    }
    server.reserveCursor(user);
    openCursors++;
    return () -> releaseCursor(user);
  }

  private synchronized void releaseCursor(String user) {
    openCursors--;
    server.releaseCursor(user);
  }

  /** A new cursor id, or the id of a cursor given back after a request. */
  long newCursorId() {
    long id;
    do {
      id = ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE;
    } while (cursors.containsKey(id));
    return id;
  }

  /** Puts a cursor back after a request. A region that closed meanwhile closes it instead. */
  void giveBack(Cursor cursor) {
    cursors.put(cursor.id(), cursor);
    if (closed && cursors.remove(cursor.id(), cursor)) {
      cursor.close();
    }
  }

  /** Forgets the caller's prepared scan and closes its cursors; returns how many cursors were open. */
  int close(Key key) {
    PreparedState state = prepared.get(key);
    if (state == null || !remove(key, state)) {
      return 0;
    }
    return closeCursors(state);
  }

  private int closeCursors(PreparedState state) {
    int released = 0;
    for (Cursor cursor : cursors.values()) {
      if (cursor.state() == state && cursors.remove(cursor.id(), cursor)) {
        cursor.close();
        released++;
      }
    }
    return released;
  }

  /** Drops what was not used for a lease. */
  void expire(long nowNanos) {
    long leaseNanos = settings.get().lease().toNanos();
    for (Map.Entry<Key, PreparedState> entry : prepared.entrySet()) {
      if (nowNanos - entry.getValue().lastUseNanos() > leaseNanos) {
        remove(entry.getKey(), entry.getValue());
      }
    }
    for (Cursor cursor : cursors.values()) {
      if (nowNanos - cursor.lastUseNanos() > leaseNanos && cursors.remove(cursor.id(), cursor)) {
        cursor.close();
      }
    }
  }

  /** The region is closing: everything goes. */
  void closeAll() {
    closed = true;
    for (Map.Entry<Key, PreparedState> entry : prepared.entrySet()) {
      remove(entry.getKey(), entry.getValue());
    }
    for (Cursor cursor : cursors.values()) {
      if (cursors.remove(cursor.id(), cursor)) {
        cursor.close();
      }
    }
  }

  /** Removes the entry if it still maps to {@code state}, giving back what it was charged. */
  private synchronized boolean remove(Key key, PreparedState state) {
    if (!prepared.remove(key, state)) {
      return false;
    }
    heldBytes -= state.chargedBytes();
    server.release(key.user(), state.chargedBytes());
    return true;
  }

  int preparedCount() {
    return prepared.size();
  }

  synchronized int cursorCount() {
    return openCursors;
  }
}

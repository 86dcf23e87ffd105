package org.hbaseturbo.server.scan;

import com.google.protobuf.ByteString;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;

/**
 * The paper's region-level map: the prepared scans of one region by id, and the cursors they left open.
 * Everything here expires after a lease without use, so that a client that dies without closing leaves
 * nothing behind; a client that comes back after its lease simply prepares again (the reply says so).
 */
final class RegionPreparedScans {
  private final Map<ByteString, PreparedState> prepared = new ConcurrentHashMap<>();
  private final Map<Long, Cursor> cursors = new ConcurrentHashMap<>();
  private final long leaseNanos;
  private volatile boolean closed;

  RegionPreparedScans(long leaseNanos) {
    this.leaseNanos = leaseNanos;
  }

  /**
   * Stores the prepared scan unless the region holds it already (two executes that both found it missing);
   * returns the one stored.
   *
   * @throws PreparedScanException when another user prepared that id
   */
  PreparedState add(ByteString id, PreparedState state) throws PreparedScanException {
    PreparedState stored = prepared.putIfAbsent(id, state);
    if (stored == null) {
      return state;
    }
    checkOwner(stored, state.owner());
    return stored;
  }

  /**
   * The prepared scan, or null when this region does not hold it.
   *
   * @throws PreparedScanException when another user prepared it
   */
  PreparedState get(ByteString id, String user, long nowNanos) throws PreparedScanException {
    PreparedState state = prepared.get(id);
    if (state == null) {
      return null;
    }
    checkOwner(state, user);
    state.touch(nowNanos);
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

  /** Forgets the prepared scan and closes its cursors; returns how many cursors were open. */
  int close(ByteString id, String user) throws PreparedScanException {
    PreparedState state = prepared.get(id);
    if (state == null) {
      return 0;
    }
    checkOwner(state, user);
    prepared.remove(id, state);
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
    prepared.values().removeIf(state -> nowNanos - state.lastUseNanos() > leaseNanos);
    for (Cursor cursor : cursors.values()) {
      if (nowNanos - cursor.lastUseNanos() > leaseNanos && cursors.remove(cursor.id(), cursor)) {
        cursor.close();
      }
    }
  }

  /** The region is closing: everything goes. */
  void closeAll() {
    closed = true;
    prepared.clear();
    for (Cursor cursor : cursors.values()) {
      if (cursors.remove(cursor.id(), cursor)) {
        cursor.close();
      }
    }
  }

  int preparedCount() {
    return prepared.size();
  }

  int cursorCount() {
    return cursors.size();
  }

  private static void checkOwner(PreparedState state, String user) throws PreparedScanException {
    if (!state.owner().equals(user)) {
      throw new PreparedScanException(PreparedScanError.NOT_OWNER, "prepared scan belongs to another user");
    }
  }
}

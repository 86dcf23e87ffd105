package org.hbaseturbo.wire.fastpath;

/**
 * How a RegionServer answered an authenticated fast-path request; travels as one byte. A request of no session, or
 * not signed with its session's key, gets no answer at all (FastPathFrames).
 */
public enum FastPathStatus {
  /** Done; the body is the operation's protobuf response (HBase's own, for a Get or a Put). */
  OK,
  /**
   * HBase's request path threw (region moved, split or closing, access denied, no such family, ...); the body
   * names the exception. The client replays the operation over HBase RPC, whose retries and exceptions the caller
   * then sees, exactly as from a stock client.
   */
  REPLAY_OVER_RPC,
  /**
   * The reply would exceed the largest the channel carries. The operation was executed: harmless for a Get; a
   * Prepared Scan execute checks its reply's size before it is done and fails instead, having closed its cursor.
   */
  REPLY_TOO_LARGE,
  /** The request could not be parsed, or asks for what the fast path does not serve. Nothing was executed. */
  MALFORMED,
  /**
   * The RegionServer cannot be sure it still holds its regions (its ZooKeeper session was last confirmed too long
   * ago: a pause, a partition). Nothing was executed. The client asks HBase again where the region is, and uses RPC.
   */
  NOT_SERVING;

  private static final FastPathStatus[] BY_CODE = values();

  public byte code() {
    return (byte) ordinal();
  }

  /** @return null for a code no status has */
  public static FastPathStatus of(byte code) {
    return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
  }
}

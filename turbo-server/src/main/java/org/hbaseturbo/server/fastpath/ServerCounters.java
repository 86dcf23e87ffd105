package org.hbaseturbo.server.fastpath;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one RegionServer's fast path did since it started: for the stats endpoint, the metrics
 * ({@link FastPathMetrics}), the check and tests.
 */
final class ServerCounters {
  /** Why a request was not executed. */
  enum Refusal {
    /** Not a fast-path request, an unknown operation, a body that does not parse, or over the size limit. */
    MALFORMED,
    /** The session is unknown or expired. */
    NO_SESSION,
    /** The mac is not that of the session's key: forged, or changed on the way. */
    NOT_SIGNED,
    /** The sequence is not above its stream's last: a request sent again. */
    REPLAYED,
    /** The caller's deadline had passed before the request began, so it was dropped unanswered. */
    EXPIRED,
    /** The RegionServer could not be sure it still holds its regions: its ZooKeeper lease had lapsed. */
    NOT_SURE
  }

  /** Bytes of the messages received, requests or not. */
  final LongAdder bytesReceived = new LongAdder();
  /** Bytes of the replies handed to UCX. */
  final LongAdder bytesSent = new LongAdder();
  final LongAdder executed = new LongAdder();
  /** Executed, but the reply was over the channel's limit: the client repeats the operation over RPC. */
  final LongAdder replyTooLarge = new LongAdder();
  /** HBase's request path threw (region moved, access denied, ...): the client replays the operation over RPC. */
  final LongAdder requestFailed = new LongAdder();
  /** Messages that asked for no reply (no reply endpoint), or whose reply could not be sent or was over budget. */
  final LongAdder unanswered = new LongAdder();
  /** Sessions asked for by users {@link FastPathUsers} does not name: they use RPC. */
  final LongAdder sessionsNotAllowed = new LongAdder();
  /** Workers that died anyway and were replaced. */
  final LongAdder workersReplaced = new LongAdder();
  private final Map<Refusal, LongAdder> refused = new EnumMap<>(Refusal.class);

  ServerCounters() {
    for (Refusal refusal : Refusal.values()) {
      refused.put(refusal, new LongAdder());
    }
  }

  void refused(Refusal refusal) {
    refused.get(refusal).increment();
  }

  long refusedFor(Refusal refusal) {
    return refused.get(refusal).sum();
  }

  long bytes() {
    return bytesReceived.sum() + bytesSent.sum();
  }
}

package org.hbaseturbo.server.fastpath;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** What one RegionServer's fast path did since it started: for the stats endpoint, the check and tests. */
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
    /** The worker's queue was full. */
    BUSY,
    /** The caller's deadline had passed before the request began, so it was dropped unanswered. */
    EXPIRED
  }

  final LongAdder bytes = new LongAdder();
  final LongAdder executed = new LongAdder();
  /** Messages that asked for no reply (no reply endpoint), or whose reply could not be sent or was over budget. */
  final LongAdder unanswered = new LongAdder();
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
}

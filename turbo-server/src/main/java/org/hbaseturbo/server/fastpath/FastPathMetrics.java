package org.hbaseturbo.server.fastpath;

import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.hbaseturbo.server.fastpath.ServerCounters.Refusal;
import org.hbaseturbo.server.metrics.TurboMetricsSource;

/**
 * The fast path's figures as the metrics source {@code RegionServer,sub=TurboFastPath}: the counters of
 * {@link ServerCounters} and the state of every {@link FastPathServer} of this JVM, summed (docs/operating.md,
 * Metrics, lists each with its unit).
 */
final class FastPathMetrics extends TurboMetricsSource {
  static final String NAME = "TurboFastPath";
  private static final MetricsInfo LOADED = info("loaded", "RegionServers of this JVM that load the fast path");
  private static final MetricsInfo UP = info("up", "RegionServers of this JVM whose fast path is on");
  private static final MetricsInfo UNAVAILABLE = info("unavailable",
      "why the fast path is off (the first such RegionServer's reason), empty while it is on");
  private static final MetricsInfo WORKERS = info("workers", "UCX workers serving requests");
  private static final MetricsInfo SESSIONS = info("sessions", "sessions open");
  private static final MetricsInfo SESSIONS_OPENED = info("sessionsOpened", "sessions opened");
  private static final MetricsInfo SESSIONS_NOT_ALLOWED = info("sessionsNotAllowed",
      "sessions refused to users turbo.fastpath.users does not name: they use RPC");
  private static final MetricsInfo QUEUE_DEPTH = info("queueDepth",
      "requests taken by a worker and not yet answered (each worker answers one at a time)");
  private static final MetricsInfo EXECUTED = info("executed", "requests executed (operations served)");
  private static final MetricsInfo BYTES_RECEIVED = info("bytesReceived", "bytes of messages received");
  private static final MetricsInfo BYTES_SENT = info("bytesSent", "bytes of replies sent");
  private static final MetricsInfo FALLBACK_REPLY_TOO_LARGE = info("fallbackReplyTooLarge",
      "requests executed whose reply was over the limit: the client repeats them over RPC");
  private static final MetricsInfo FALLBACK_REQUEST_FAILED = info("fallbackRequestFailed",
      "requests HBase's request path failed (region moved, access denied): the client replays them over RPC");
  private static final MetricsInfo REFUSED_MALFORMED = info("refusedMalformed",
      "messages that were no request, or over the size limit");
  private static final MetricsInfo REFUSED_NO_SESSION = info("refusedNoSession",
      "requests of an unknown or expired session");
  private static final MetricsInfo REFUSED_NOT_SIGNED = info("refusedNotSigned",
      "requests not signed with their session's key");
  private static final MetricsInfo REFUSED_REPLAYED = info("refusedReplayed", "requests sent again");
  private static final MetricsInfo REFUSED_NOT_SURE = info("refusedNotSure",
      "requests refused unrun while the RegionServer could not be sure it holds its regions (its ZooKeeper lease"
          + " had lapsed): the client looks the region up again and uses RPC");
  private static final MetricsInfo DROPPED_EXPIRED = info("droppedExpired",
      "requests dropped unanswered because their caller's deadline had passed");
  private static final MetricsInfo UNANSWERED = info("unanswered", "messages that got no reply");
  private static final MetricsInfo WORKERS_REPLACED = info("workersReplaced", "workers that died and were replaced");

  FastPathMetrics() {
    super(NAME, "HBase Turbo fast path");
  }

  @Override
  protected void snapshot(MetricsRecordBuilder record) {
    int loaded = 0;
    int up = 0;
    String unavailable = "";
    int workers = 0;
    int sessions = 0;
    long opened = 0;
    int queued = 0;
    Totals totals = new Totals();
    for (FastPathServer server : FastPathServer.running()) {
      loaded++;
      String whyNot = server.unavailable();
      FastPathWorkers serverWorkers = server.workers();
      if (whyNot == null) {
        up++;
      } else if (unavailable.isEmpty()) {
        unavailable = whyNot;
      }
      if (whyNot == null && serverWorkers != null) {
        workers += serverWorkers.size();
        queued += serverWorkers.inFlight();
      }
      Sessions serverSessions = server.sessions();
      if (serverSessions != null) {
        sessions += serverSessions.size();
        opened += serverSessions.opened();
      }
      totals.add(server.counters());
    }
    record.tag(UNAVAILABLE, tagValue(unavailable))
        .addGauge(LOADED, loaded)
        .addGauge(UP, up)
        .addGauge(WORKERS, workers)
        .addGauge(SESSIONS, sessions)
        .addCounter(SESSIONS_OPENED, opened)
        .addCounter(SESSIONS_NOT_ALLOWED, totals.sessionsNotAllowed)
        .addGauge(QUEUE_DEPTH, queued)
        .addCounter(EXECUTED, totals.executed)
        .addCounter(BYTES_RECEIVED, totals.bytesReceived)
        .addCounter(BYTES_SENT, totals.bytesSent)
        .addCounter(FALLBACK_REPLY_TOO_LARGE, totals.replyTooLarge)
        .addCounter(FALLBACK_REQUEST_FAILED, totals.requestFailed)
        .addCounter(REFUSED_MALFORMED, totals.refused[Refusal.MALFORMED.ordinal()])
        .addCounter(REFUSED_NO_SESSION, totals.refused[Refusal.NO_SESSION.ordinal()])
        .addCounter(REFUSED_NOT_SIGNED, totals.refused[Refusal.NOT_SIGNED.ordinal()])
        .addCounter(REFUSED_REPLAYED, totals.refused[Refusal.REPLAYED.ordinal()])
        .addCounter(DROPPED_EXPIRED, totals.refused[Refusal.EXPIRED.ordinal()])
        .addCounter(REFUSED_NOT_SURE, totals.refused[Refusal.NOT_SURE.ordinal()])
        .addCounter(UNANSWERED, totals.unanswered)
        .addCounter(WORKERS_REPLACED, totals.workersReplaced);
  }

  /** The counters of this JVM's RegionServers, summed. */
  private static final class Totals {
    long executed;
    long bytesReceived;
    long bytesSent;
    long replyTooLarge;
    long requestFailed;
    long unanswered;
    long workersReplaced;
    long sessionsNotAllowed;
    final long[] refused = new long[Refusal.values().length];

    void add(ServerCounters counters) {
      executed += counters.executed.sum();
      bytesReceived += counters.bytesReceived.sum();
      bytesSent += counters.bytesSent.sum();
      replyTooLarge += counters.replyTooLarge.sum();
      requestFailed += counters.requestFailed.sum();
      unanswered += counters.unanswered.sum();
      workersReplaced += counters.workersReplaced.sum();
      sessionsNotAllowed += counters.sessionsNotAllowed.sum();
      for (Refusal refusal : Refusal.values()) {
        refused[refusal.ordinal()] += counters.refusedFor(refusal);
      }
    }
  }
}

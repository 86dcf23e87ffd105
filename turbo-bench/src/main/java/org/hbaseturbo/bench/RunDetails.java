package org.hbaseturbo.bench;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.hbaseturbo.bench.ycsb.FastPathOutcome;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import org.hbaseturbo.client.fastpath.ReplyWaits;

/**
 * What each result's runs did besides their figures, by result and client count ("read fastpath-shm x16"): how their
 * client JVMs warmed up, and, where the fast path carried their operations, how its attempts ended. A fast-path
 * figure means what it says only when the fast path served the operations; the report carries both.
 */
final class RunDetails {
  private final PrintWriter progress;
  private final Map<String, Map<String, Object>> warmUps = new LinkedHashMap<>();
  private final Map<String, Map<String, Object>> outcomes = new LinkedHashMap<>();

  RunDetails(PrintWriter progress) {
    this.progress = progress;
  }

  /** Keeps what {@code phases}, the runs of {@code result}, did; says so when fast-path attempts went over RPC. */
  void record(String result, List<PhaseResult> phases) {
    warmUps.put(result, warmUpFields(phases));
    phases.stream().map(PhaseResult::fastPath).filter(Objects::nonNull).reduce(FastPathOutcome::plus)
        .ifPresent(outcome -> {
          outcomes.put(result, outcomeFields(outcome));
          if (outcome.overRpc() > 0) {
            progress.printf("note: %s: %,d of %,d fast-path attempts went over RPC (%,d served)%n", result,
                outcome.overRpc(), outcome.served() + outcome.overRpc(), outcome.served());
          }
        });
  }

  void putParameters(Map<String, Object> parameters) {
    parameters.put("warm_up", warmUps);
    parameters.put("fast_path_outcomes", outcomes);
    parameters.put("fast_path_waits", "per variant, summed over its runs' client JVMs (their measured runs, not"
        + " the warm-ups): replies, the share caught while the waiter polled, parks in UCX's wait for events and"
        + " wake-ups that found nothing new per reply, sleeps after two or more such wake-ups in a row per reply,"
        + " deadline alarms set per reply, and the mean time from the server's sending a reply to its waiter running"
        + " with it (both read one clock on one host): all replies, those caught polling, those whose waiter parked");
  }

  private static Map<String, Object> warmUpFields(List<PhaseResult> phases) {
    List<PhaseResult.WarmUp> warmUps = phases.stream().map(PhaseResult::warmUp).filter(Objects::nonNull).toList();
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("runs", warmUps.size());
    fields.put("jit_quiet_runs", warmUps.stream().filter(w -> Boolean.TRUE.equals(w.jitQuiet())).count());
    fields.put("seconds_by_run", warmUps.stream().map(w -> w.millis() / 1000.0).toList());
    fields.put("last_second_compile_ms_by_run", warmUps.stream().map(PhaseResult.WarmUp::lastSecondCompileMs)
        .toList());
    return fields;
  }

  private static Map<String, Object> outcomeFields(FastPathOutcome outcome) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("served", outcome.served());
    fields.put("over_rpc", outcome.overRpc());
    ReplyWaits.Snapshot waits = outcome.waits();
    long replies = Math.max(1, waits.replies());
    fields.put("replies", waits.replies());
    fields.put("caught_polling_share", (double) waits.caughtPolling() / replies);
    fields.put("parks_per_reply", (double) waits.parks() / replies);
    fields.put("idle_wake_ups_per_reply", (double) waits.idleWakeUps() / replies);
    fields.put("sleeps_per_reply", (double) waits.sleeps() / replies);
    fields.put("alarms_per_reply", (double) waits.alarms() / replies);
    fields.put("reply_to_caller_us", orNull(waits.replyToCallerUs()));
    fields.put("reply_to_poller_us", orNull(waits.replyToPollerUs()));
    fields.put("reply_to_parked_us", orNull(waits.replyToParkedUs()));
    return fields;
  }

  private static Double orNull(double value) {
    return Double.isNaN(value) ? null : value;
  }
}

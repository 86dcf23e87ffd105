package org.hbaseturbo.bench.ycsb;

import java.util.List;
import java.util.Map;
import org.hbaseturbo.client.stats.ServerCounters;

/**
 * What one YCSB phase measured, written by the phase's JVM as JSON.
 *
 * @param phase "load" or "run"
 * @param operations operations done by all client threads
 * @param runtimeMs wall time from the first thread's start to the last thread's end
 * @param clientCpuNanos CPU time the client JVM spent over the same interval
 * @param server what the phase cost the RegionServers; null when they do not run the stats endpoint
 * @param serverUnavailableReason why {@code server} is null, else empty
 * @param linkBytes bytes through the emulated link's client interface (both directions, IP and TCP headers
 *     included) over the phase; null without an emulated link
 * @param byOperation YCSB's measurements per operation type (READ, UPDATE, INSERT, SCAN, ...)
 * @param startEpochMs when the client threads started, by the wall clock
 * @param timeline operations done, sampled every second while the threads ran
 * @param fastPath how the fast-path attempts ended; null unless the binding was {@code fastpath}
 * @param warmUp what the run's warm-up did before it measured; null without one
 */
public record PhaseResult(String phase, int threads, long operations, long runtimeMs, long clientCpuNanos,
    ServerCounters server, String serverUnavailableReason, Long linkBytes,
    Map<String, OperationStats> byOperation, long startEpochMs, List<Sample> timeline, FastPathOutcome fastPath,
    WarmUp warmUp) {

  /**
   * A run's unmeasured warm-up.
   *
   * @param operations operations done by all its threads
   * @param millis how long it took, the JVM's start not included
   * @param jitQuiet whether the JIT went quiet ({@link JitQuiet}) within its bound; null when not waited for
   * @param lastSecondCompileMs milliseconds compiled in the last second looked at; null when not waited for, -1 when
   *     the JVM does not tell
   */
  public record WarmUp(long operations, long millis, Boolean jitQuiet, Long lastSecondCompileMs) {
  }

  /** Operations done by all threads at a moment of the phase. */
  public record Sample(long epochMs, long operations) {
  }

  public double throughputOpsPerSecond() {
    return runtimeMs == 0 ? 0 : operations * 1000.0 / runtimeMs;
  }

  public long failures() {
    return byOperation.values().stream().mapToLong(OperationStats::failures).sum();
  }
}

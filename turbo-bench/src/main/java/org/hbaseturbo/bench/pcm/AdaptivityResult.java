package org.hbaseturbo.bench.pcm;

import java.util.List;
import java.util.Map;

/**
 * The adaptivity run: one YCSB run whose mix shifts, watched only (the same monitor, as a dry run) and then with PCM
 * applying policies (the paper's, and the calibrated ones where given), each on a fresh cluster.
 *
 * @param settings the deployment's tuner settings for every run, the run's own, and the policy files each run that
 *     applied policies used
 * @param runs the dry run first
 */
public record AdaptivityResult(Map<String, String> settings, List<Run> runs) {

  /**
   * @param name "defaults" (the dry run), "PCM" or "calibrated"
   * @param phases each phase of the mix, in order
   * @param periods every watched period
   * @param fractions the servers' memstore and block-cache fractions, sampled every second
   */
  public record Run(String name, List<Phase> phases, List<Period> periods, List<FractionSample> fractions) {
  }

  /**
   * One phase of the shifting mix.
   *
   * @param expectedClass the class its mix belongs to
   * @param detectedAfterS from the phase's start to the end of the first period classified as it; null if none
   * @param switchedAfterS from the phase's start until its class's policy was applied (planned in a dry run)
   * @param inForceAfterS from the phase's start until the servers ran with its policy's heap fractions; null if
   *     they did not within the phase, or never were to (a dry run)
   * @param opsPerSecond throughput in each second of the phase
   */
  public record Phase(String name, String expectedClass, long startEpochMs, long runtimeMs, long operations,
      double throughputOpsS, long failures, Double detectedAfterS, Double switchedAfterS, Double inForceAfterS,
      List<Long> opsPerSecond) {
  }

  /**
   * A watched period: when it ended, its class, and the switch made at its end, if any.
   *
   * @param judgments a trial that ended in this period (kept, reverted or inconclusive, with its figures), then a
   *     switch held back, if any
   */
  public record Period(long endEpochMs, String observed, String switchedTo, long switchDoneEpochMs,
      List<String> applied, List<String> judgments) {
  }

  /** The servers' average memstore and block-cache fractions of the heap at a moment. */
  public record FractionSample(long epochMs, double memstore, double blockCache) {
  }
}

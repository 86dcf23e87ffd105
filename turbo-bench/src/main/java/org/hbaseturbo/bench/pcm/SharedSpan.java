package org.hbaseturbo.bench.pcm;

import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.bench.ycsb.PhaseResult;

/**
 * The span of time in which phases begun together all ran: from the last one's start to the first one's end. A phase
 * that ran on alone after the others ended had the host to itself, and one whose count of records ended it sooner
 * (a load) ran that much less beside it; over the shared span each phase's throughput is taken on the same terms.
 *
 * @param startEpochMs when the last of the phases started
 * @param endEpochMs when the first of them ended
 */
record SharedSpan(long startEpochMs, long endEpochMs) {

  static SharedSpan of(List<PhaseResult> phases) {
    return new SharedSpan(phases.stream().mapToLong(PhaseResult::startEpochMs).max().orElseThrow(),
        phases.stream().mapToLong(SharedSpan::endEpochMs).min().orElseThrow());
  }

  /**
   * {@code phase}'s operations a second within the span, its count at the span's ends read from its timeline, a
   * straight line between two samples; its own throughput where the phases shared no time at all.
   */
  double throughput(PhaseResult phase) {
    if (endEpochMs <= startEpochMs) {
      return phase.throughputOpsPerSecond();
    }
    return (operationsAt(phase, endEpochMs) - operationsAt(phase, startEpochMs)) * 1000.0
        / (endEpochMs - startEpochMs);
  }

  private static long endEpochMs(PhaseResult phase) {
    return phase.startEpochMs() + phase.runtimeMs();
  }

  /** The phase's operations done by {@code epochMs}, from its timeline, which begins at 0 and ends at its count. */
  private static double operationsAt(PhaseResult phase, long epochMs) {
    List<PhaseResult.Sample> points = new ArrayList<>();
    points.add(new PhaseResult.Sample(phase.startEpochMs(), 0));
    phase.timeline().stream().filter(sample -> sample.epochMs() > phase.startEpochMs()
        && sample.epochMs() < endEpochMs(phase)).forEach(points::add);
    points.add(new PhaseResult.Sample(endEpochMs(phase), phase.operations()));
    for (int i = 1; i < points.size(); i++) {
      PhaseResult.Sample before = points.get(i - 1);
      PhaseResult.Sample after = points.get(i);
      if (epochMs <= after.epochMs()) {
        if (after.epochMs() == before.epochMs()) {
          return after.operations();
        }
        return before.operations() + (after.operations() - before.operations())
            * (double) (epochMs - before.epochMs()) / (after.epochMs() - before.epochMs());
      }
    }
    return phase.operations();
  }
}

package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hbaseturbo.client.stats.OperationLatencies;
import org.hbaseturbo.common.LatencyBuckets;
import org.junit.jupiter.api.Test;

/**
 * A switch stays only where its trial measured no worse than its baseline, beyond the baseline's own noise: in
 * throughput, and in p99 where the servers counted latencies.
 */
class TestPolicyTrial {
  private static final List<PolicyTrial.Window> STEADY = List.of(window(1000), window(1000));
  private static final List<PolicyTrial.Window> NOISY = List.of(window(900), window(1100));

  @Test
  void keepsASwitchThatRanFaster() {
    PolicyTrial.Verdict verdict = judge(STEADY, window(1200), window(1300));

    assertThat(verdict.keep()).isTrue();
    assertThat(verdict.ratio()).isCloseTo(1.25, within(1e-9));
    assertThat(verdict.evidence()).startsWith("throughput trial/baseline 1.250, at least 0.970")
        .endsWith("p99 not judged: the servers counted no latencies");
  }

  @Test
  void revertsASwitchSlowerThanTheFloorOnASteadyBaseline() {
    PolicyTrial.Verdict verdict = judge(STEADY, window(960), window(960));

    assertThat(verdict.noise()).isZero();
    assertThat(verdict.margin()).isEqualTo(PolicyTrial.NOISE_FLOOR);
    assertThat(verdict.keep()).isFalse();
    assertThat(verdict.evidence()).startsWith("throughput trial/baseline 0.960, below 0.970");
  }

  @Test
  void keepsWhatANoisyBaselineCannotTellApart() {
    // The baseline's windows are 10% either side of its throughput: 8% less is within its noise.
    PolicyTrial.Verdict verdict = judge(NOISY, window(920), window(920));

    assertThat(verdict.noise()).isCloseTo(0.1, within(1e-9));
    assertThat(verdict.keep()).isTrue();
    assertThat(judge(NOISY, window(880), window(880)).keep()).as("12% less is beyond it").isFalse();
  }

  @Test
  void theCostOfASwitchTakenOnlineCountsAgainstIt() {
    // The first window holds the switch: the later ones must repay it. Its median would have kept it.
    assertThat(judge(STEADY, window(400), window(1100), window(1100)).keep()).isFalse();
    assertThat(judge(STEADY, window(700), window(1200), window(1200)).keep()).isTrue();
  }

  @Test
  void aSwitchThatReopenedRegionsIsJudgedAfterItsWarmUp() {
    PolicyTrial trial = new PolicyTrial(WorkloadClass.MIX_W, "c", STEADY, 2, 1);

    assertThat(trial.add(window(400))).as("the warm-up").isNull();
    assertThat(trial.add(window(1100))).isNull();
    PolicyTrial.Verdict verdict = trial.add(window(1100));
    assertThat(trial.measured()).isEqualTo(trial.periods()).isEqualTo(3);
    assertThat(verdict.keep()).as("the two windows after the warm-up ran faster").isTrue();
    assertThat(verdict.ratio()).isCloseTo(1.1, within(1e-9));
    assertThat(verdict.trialText()).isEqualTo("1100.0 ops/s over [5.0 s at 1100.0; 5.0 s at 1100.0] after a warm-up"
        + " of 400.0 ops/s over [5.0 s at 400.0]");
  }

  @Test
  void weighsWindowsByTheirLength() {
    PolicyTrial trial = new PolicyTrial(WorkloadClass.RO_READ, "c", STEADY, 2, 0);
    trial.add(new PolicyTrial.Window(1, 500, OperationLatencies.NONE));
    PolicyTrial.Verdict verdict = trial.add(new PolicyTrial.Window(9, 9 * 1050, OperationLatencies.NONE));

    assertThat(verdict.trialRate()).isCloseTo(995, within(1e-9));
    assertThat(verdict.keep()).isTrue();
  }

  @Test
  void givesNoVerdictBeforeItsLastWindow() {
    PolicyTrial trial = new PolicyTrial(WorkloadClass.RO_READ, "c", STEADY, 3, 0);

    assertThat(trial.add(window(100))).isNull();
    assertThat(trial.add(window(100))).isNull();
    assertThat(trial.add(window(100))).isNotNull();
  }

  @Test
  void revertsASwitchThatKeptItsThroughputButRaisedItsP99BeyondTheMargin() {
    List<PolicyTrial.Window> baseline = List.of(window(1000, 8), window(1000, 8));
    PolicyTrial.Verdict slower = judge(baseline, window(1050, 20), window(1050, 20));

    assertThat(slower.throughputKept()).isTrue();
    assertThat(slower.latency()).hasValueSatisfying(bound -> {
      assertThat(bound.baselineMillis()).isEqualTo(8);
      assertThat(bound.trialMillis()).isEqualTo(23);
      assertThat(bound.margin()).isEqualTo(PolicyTrial.LATENCY_NOISE_FLOOR);
      assertThat(bound.limitMillis()).isEqualTo(11);
    });
    assertThat(slower.keep()).isFalse();
    assertThat(slower.evidence()).startsWith("throughput trial/baseline 1.050, at least 0.970")
        .endsWith("p99 23 ms against 8 ms, above 11 ms (baseline noise 0.0%, margin 25.0%)");
    assertThat(slower.trialText()).isEqualTo("1050.0 ops/s over [5.0 s at 1050.0, p99 23 ms; 5.0 s at 1050.0,"
        + " p99 23 ms]");
  }

  @Test
  void keepsAP99WithinOneBucketOrTheBaselinesOwnSpread() {
    List<PolicyTrial.Window> steady = List.of(window(1000, 8), window(1000, 8));
    assertThat(judge(steady, window(1000, 10), window(1000, 10)).keep()).as("8 -> 10 ms: within 25% and 1 ms").isTrue();
    assertThat(judge(steady, window(1000, 12), window(1000, 12)).keep()).as("8 -> 12 ms: beyond them").isFalse();
    // Baseline windows of 8 and 40 ms have a p99 of 47 ms together (the bound of 40's bucket), and a spread of 83%
    // around it: a trial at 60 ms (bucket bound 63) is within it.
    List<PolicyTrial.Window> spread = List.of(window(1000, 8), window(1000, 40));
    PolicyTrial.Verdict verdict = judge(spread, window(1000, 60), window(1000, 60));
    assertThat(verdict.latency()).hasValueSatisfying(bound -> {
      assertThat(bound.baselineMillis()).isEqualTo(47);
      assertThat(bound.trialMillis()).isEqualTo(63);
      assertThat(bound.noise()).isCloseTo(39.0 / 47, within(1e-9));
    });
    assertThat(verdict.keep()).isTrue();
  }

  private static PolicyTrial.Verdict judge(List<PolicyTrial.Window> baseline, PolicyTrial.Window... windows) {
    PolicyTrial trial = new PolicyTrial(WorkloadClass.RO_READ, "c", baseline, windows.length, 0);
    PolicyTrial.Verdict verdict = null;
    for (PolicyTrial.Window window : windows) {
      verdict = trial.add(window);
    }
    return verdict;
  }

  private static PolicyTrial.Window window(double opsPerSecond) {
    return new PolicyTrial.Window(5, 5 * opsPerSecond, OperationLatencies.NONE);
  }

  /** A window whose every operation took {@code millis}. */
  private static PolicyTrial.Window window(double opsPerSecond, long millis) {
    List<Long> buckets = new ArrayList<>(Collections.nCopies(LatencyBuckets.COUNT, 0L));
    buckets.set(LatencyBuckets.of(millis), (long) (5 * opsPerSecond));
    return new PolicyTrial.Window(5, 5 * opsPerSecond, OperationLatencies.of(buckets));
  }
}

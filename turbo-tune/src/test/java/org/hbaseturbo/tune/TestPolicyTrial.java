package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A switch stays only where its trial measured no worse than its baseline, beyond the baseline's own noise. */
class TestPolicyTrial {
  private static final List<PolicyTrial.Window> STEADY = List.of(window(1000), window(1000));
  private static final List<PolicyTrial.Window> NOISY = List.of(window(900), window(1100));

  @Test
  void keepsASwitchThatRanFaster() {
    PolicyTrial.Verdict verdict = judge(STEADY, window(1200), window(1300));

    assertThat(verdict.keep()).isTrue();
    assertThat(verdict.ratio()).isCloseTo(1.25, within(1e-9));
    assertThat(verdict.evidence()).startsWith("trial/baseline 1.250; kept:");
  }

  @Test
  void revertsASwitchSlowerThanTheFloorOnASteadyBaseline() {
    PolicyTrial.Verdict verdict = judge(STEADY, window(960), window(960));

    assertThat(verdict.noise()).isZero();
    assertThat(verdict.margin()).isEqualTo(PolicyTrial.NOISE_FLOOR);
    assertThat(verdict.keep()).isFalse();
    assertThat(verdict.evidence()).contains("reverted: below at least 0.970");
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
  void theSwitchsOwnCostCountsAgainstIt() {
    // The first window holds the reopening: the later ones must repay it. Its median would have kept it.
    assertThat(judge(STEADY, window(400), window(1100), window(1100)).keep()).isFalse();
    assertThat(judge(STEADY, window(700), window(1200), window(1200)).keep()).isTrue();
  }

  @Test
  void weighsWindowsByTheirLength() {
    PolicyTrial trial = new PolicyTrial(WorkloadClass.RO_READ, "c", STEADY, 2);
    trial.add(new PolicyTrial.Window(1, 500));
    PolicyTrial.Verdict verdict = trial.add(new PolicyTrial.Window(9, 9 * 1050));

    assertThat(verdict.trialRate()).isCloseTo(995, within(1e-9));
    assertThat(verdict.keep()).isTrue();
  }

  @Test
  void givesNoVerdictBeforeItsLastWindow() {
    PolicyTrial trial = new PolicyTrial(WorkloadClass.RO_READ, "c", STEADY, 3);

    assertThat(trial.add(window(100))).isNull();
    assertThat(trial.add(window(100))).isNull();
    assertThat(trial.add(window(100))).isNotNull();
  }

  private static PolicyTrial.Verdict judge(List<PolicyTrial.Window> baseline, PolicyTrial.Window... windows) {
    PolicyTrial trial = new PolicyTrial(WorkloadClass.RO_READ, "c", baseline, windows.length);
    PolicyTrial.Verdict verdict = null;
    for (PolicyTrial.Window window : windows) {
      verdict = trial.add(window);
    }
    return verdict;
  }

  private static PolicyTrial.Window window(double opsPerSecond) {
    return new PolicyTrial.Window(5, 5 * opsPerSecond);
  }
}

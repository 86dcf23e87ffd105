package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A class's rounds end at --max-rounds, or at the rounds a choice rests on where the budget is short. */
class TestRoundCap {
  private static final int MIN = CalibrationJudge.MIN_ROUNDS;

  @Test
  void aBudgetThatHoldsEveryNeedBoundsNothing() {
    RoundCap cap = RoundCap.of(0, false);
    assertThat(cap.reached(1_000)).isFalse();
  }

  @Test
  void aShortBudgetEndsEachClassAtTheRoundsAChoiceRestsOn() {
    RoundCap cap = RoundCap.of(0, true);
    assertThat(cap.reached(MIN - 1)).isFalse();
    assertThat(cap.reached(MIN)).isTrue();
    assertThat(cap.maxRounds()).isFalse();
    assertThat(cap.ended("the classes after it")).isEqualTo("the class had the " + MIN + " rounds a choice rests"
        + " on, the budget being short of every class's need: the time left going to the classes after it");
  }

  @Test
  void maxRoundsBoundsWhereItIsTheFewer() {
    assertThat(RoundCap.of(MIN + 3, false)).isEqualTo(new RoundCap(MIN + 3, true));
    assertThat(RoundCap.of(2, true)).isEqualTo(new RoundCap(2, true));
    assertThat(RoundCap.of(2, true).ended("the classes after it")).isEqualTo("the class had its 2 rounds"
        + " (--max-rounds)");
    assertThat(RoundCap.of(MIN + 3, true)).as("the budget's cap is the fewer").isEqualTo(new RoundCap(MIN, false));
  }
}

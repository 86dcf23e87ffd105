package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A calibration's budget goes to each part by its need, and whole to the first parts where it holds too little. */
class TestCalibrationBudget {
  private static final long SECOND = Duration.ofSeconds(1).toNanos();
  /** No candidate's copy written anew. */
  private static final Duration NO_REWRITES = Duration.ZERO;

  @Test
  void tableRoundsCountEveryArmsRunsThroughTheHalvingToTheRoundsAChoiceNeeds() {
    Duration run = Duration.ofSeconds(3).plus(CalibrationBudget.RUN_OVERHEAD);
    // Six candidates: a warming round of 8 arms, counted twice, 2 rounds of 8, then 3 of the better half (3) and the
    // two defaults.
    assertThat(CalibrationBudget.tableRounds(6, false, 3, NO_REWRITES)).isEqualTo(CalibrationBudget.COPY.multipliedBy(9)
        .plus(CalibrationBudget.WARM_UP).plus(run.multipliedBy(2 * 8 + 16 + 15)));
    // One candidate: 3 arms in every round, the warming one too.
    assertThat(CalibrationBudget.tableRounds(1, false, 3, NO_REWRITES)).isEqualTo(CalibrationBudget.COPY.multipliedBy(4)
        .plus(CalibrationBudget.WARM_UP).plus(run.multipliedBy(2 * 3 + 15)));
    // A load's five: no warming round, each run dearer.
    Duration loadRun = Duration.ofSeconds(3).plus(CalibrationBudget.LOAD_RUN_OVERHEAD);
    assertThat(CalibrationBudget.tableRounds(5, true, 3, NO_REWRITES)).isEqualTo(CalibrationBudget.COPY.multipliedBy(8)
        .plus(CalibrationBudget.WARM_UP).plus(loadRun.multipliedBy(14 + 15)));
    assertThat(CalibrationBudget.tableRounds(0, false, 3, Duration.ofMinutes(5))).isZero();
  }

  @Test
  void theBudgetCountsFromTheCommandsStartAndKeepsTheWrapUpAndTheStopOfAClusterItStarted() {
    long started = 1_000_000_000L;
    Duration budget = Duration.ofMinutes(30);
    assertThat(CalibrationBudget.deadline(started, budget, false))
        .isEqualTo(started + budget.minus(CalibrationBudget.WRAP_UP).toNanos());
    assertThat(CalibrationBudget.deadline(started, budget, true)).isEqualTo(
        started + budget.minus(CalibrationBudget.WRAP_UP).minus(CalibrationBudget.CLUSTER_STOP).toNanos());
  }

  @Test
  void copiesWrittenAnewAddWhatTheirMajorCompactionsTake() {
    Duration rewrites = Duration.ofSeconds(2 * 170);
    assertThat(CalibrationBudget.tableRounds(2, false, 3, rewrites).minus(
        CalibrationBudget.tableRounds(2, false, 3, NO_REWRITES))).isEqualTo(rewrites);
  }

  @Test
  void heapRoundsAreTwoSwapsAndFourRunsARoundTheSwapsLongerAsTheClassUpdatesMore() {
    Duration round = CalibrationBudget.HEAP_SWAP.plus(Duration.ofSeconds(6)).multipliedBy(2);
    assertThat(CalibrationBudget.heapRounds(3, 0)).isEqualTo(CalibrationBudget.COPY.multipliedBy(2)
        .plus(CalibrationBudget.WARM_UP).plus(round.multipliedBy(CalibrationJudge.MIN_ROUNDS)));
    assertThat(CalibrationBudget.heapRounds(3, 1).minus(CalibrationBudget.heapRounds(3, 0)))
        .isEqualTo(CalibrationBudget.HEAP_SWAP_FLUSH.multipliedBy(2L * CalibrationJudge.MIN_ROUNDS));
  }

  @Test
  void aBudgetThatHoldsEveryNeedIsSplitByNeed() {
    assertThat(CalibrationBudget.share(1000 * SECOND, Duration.ofSeconds(100), Duration.ofSeconds(400)))
        .isEqualTo(250 * SECOND);
    assertThat(CalibrationBudget.share(1000 * SECOND, Duration.ofSeconds(300), Duration.ofSeconds(300)))
        .as("the last part takes what is left").isEqualTo(1000 * SECOND);
  }

  @Test
  void aBudgetTooSmallGivesEachPartInTurnItsNeedWhileItLasts() {
    assertThat(CalibrationBudget.share(300 * SECOND, Duration.ofSeconds(200), Duration.ofSeconds(600)))
        .as("all of its need, not a third of what is left").isEqualTo(200 * SECOND);
    assertThat(CalibrationBudget.share(100 * SECOND, Duration.ofSeconds(200), Duration.ofSeconds(400)))
        .as("no more than is left").isEqualTo(100 * SECOND);
    assertThat(CalibrationBudget.share(-5, Duration.ofSeconds(200), Duration.ofSeconds(400))).isZero();
    assertThat(CalibrationBudget.share(100 * SECOND, Duration.ZERO, Duration.ZERO)).isEqualTo(100 * SECOND);
  }

  @Test
  void aRoundPastItsShareRunsOnlyToReachTheRoundsAChoiceNeedsWithinWhatTheLaterPartsLeave() {
    int oneShort = CalibrationJudge.MIN_ROUNDS - 1;
    assertThat(CalibrationBudget.pastShare(100 * SECOND, 120 * SECOND, oneShort)).as("BL's 5th round").isTrue();
    assertThat(CalibrationBudget.pastShare(130 * SECOND, 120 * SECOND, oneShort))
        .as("into the time the classes after it need").isFalse();
    assertThat(CalibrationBudget.pastShare(100 * SECOND, 120 * SECOND, CalibrationJudge.MIN_ROUNDS))
        .as("a choice can be made already").isFalse();
  }

  @Test
  void theSharesOfAllPartsNameWhichGetLessThanTheyNeed() {
    List<Duration> needs = List.of(Duration.ofSeconds(498), Duration.ofSeconds(212), Duration.ofSeconds(303),
        Duration.ofSeconds(303));
    assertThat(seconds(CalibrationBudget.shares(Duration.ofSeconds(1000), needs))).as("too little: the first in turn")
        .containsExactly(498L, 212L, 290L, 0L);
    assertThat(seconds(CalibrationBudget.shares(Duration.ofSeconds(2632), needs))).as("twice the needs")
        .containsExactly(996L, 424L, 606L, 606L);
  }

  /** To the nearest second: a share is a fraction of the budget, in nanoseconds rounded down. */
  private static List<Long> seconds(List<Duration> shares) {
    return shares.stream().map(share -> Math.round(share.toNanos() / 1e9)).toList();
  }
}

package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A candidate replaces HBase's defaults only where its throughput over theirs, round by round, beats the noise
 * that two copies of the defaults measured in the same rounds, at a p99 not much above theirs.
 */
class TestCalibrationJudge {
  private static final CalibrationJudge.Paired QUIET = paired(1.0, 1.004, 0.998, 1.002, 0.999);

  @Test
  void theNoiseIsAtLeastTheAaArmsMedianDistanceFromOneAndTheMarginAtLeastOnePercent() {
    assertThat(CalibrationJudge.noise(paired(0.95, 1.05, 1.06))).isCloseTo(0.05, within(1e-9));
    assertThat(CalibrationJudge.margin(paired(0.95, 1.05, 1.06))).isCloseTo(0.05, within(1e-9));
    assertThat(CalibrationJudge.margin(QUIET)).isEqualTo(CalibrationJudge.MIN_GAIN);
  }

  @Test
  void aWidelySpreadAaArmWidensTheMarginBeyondItsMediansDistance() {
    // The A/A rounds of RO-read in the first calibration on this host: median 1.016, most rounds within 15%.
    CalibrationJudge.Paired spread = paired(0.977, 0.838, 1.062, 1.148, 0.831, 1.126, 1.025, 1.006, 1.595, 1.003);
    assertThat(CalibrationJudge.margin(spread)).isCloseTo(0.092, within(0.002));
    assertThat(CalibrationJudge.choose(Map.of("paper", paired(1.016, 0.977, 1.03, 1.38, 0.961, 1.074, 1.064, 1.078,
        1.062, 1.153)), spread)).as("its median of 1.063 is within that noise").isEmpty();
  }

  @Test
  void oneDisturbedAaRoundDoesNotMakeEveryGainNoise() {
    CalibrationJudge.Paired disturbed = paired(1.0, 0.41, 1.004, 0.996, 1.005);
    assertThat(CalibrationJudge.margin(disturbed)).isEqualTo(CalibrationJudge.MIN_GAIN);
    assertThat(CalibrationJudge.choose(Map.of("a", paired(1.05, 1.06, 1.07, 1.06, 1.04)), disturbed)).contains("a");
  }

  @Test
  void aCandidateOfFewRoundsMustBeatTheNoiseOfAMedianOfThatFew() {
    // A/A rounds as a warm client measures them on this host: median 0.989, most rounds within 12%.
    CalibrationJudge.Paired aa = paired(0.988, 0.86, 1.12, 0.93, 1.05, 0.90, 1.08, 0.97, 1.01, 0.88, 1.10, 0.99, 1.03,
        0.94, 1.06, 0.92, 1.00, 0.95, 1.04, 0.98);
    assertThat(CalibrationJudge.margin(aa, 20)).isCloseTo(0.046, within(0.001));
    assertThat(CalibrationJudge.margin(aa, 2)).isCloseTo(0.145, within(0.001));
    assertThat(CalibrationJudge.choose(Map.of("two rounds", paired(1.15, 1.09)), aa)).as("1.12 of 2 rounds").isEmpty();
    assertThat(CalibrationJudge.choose(Map.of("twenty rounds", paired(1.15, 1.09, 1.12, 1.12, 1.11, 1.13, 1.12, 1.12,
        1.10, 1.14, 1.12, 1.12, 1.11, 1.13, 1.12, 1.12, 1.10, 1.14, 1.12, 1.12)), aa)).contains("twenty rounds");
  }

  @Test
  void nothingIsChosenFromFewerRoundsThanTellTheNoise() {
    // MixR at the command's defaults on 2026-12-04: the budget left 2 rounds for 8 arms; the best of six candidates
    // beat an A/A arm whose two rounds agreed, so its margin was the 1% floor.
    CalibrationJudge.Paired twoQuietRounds = paired(1.005, 1.005);
    Map<String, CalibrationJudge.Paired> candidates = new LinkedHashMap<>();
    candidates.put("flush size alone", paired(1.009, 1.026));
    candidates.put("block multiplier alone", paired(1.007, 1.020));
    candidates.put("compaction.min alone", paired(1.008, 1.007));
    assertThat(CalibrationJudge.margin(twoQuietRounds, 2)).isEqualTo(CalibrationJudge.MIN_GAIN);
    assertThat(CalibrationJudge.choose(candidates, twoQuietRounds)).as("2 rounds").isEmpty();
    assertThat(CalibrationJudge.choose(Map.of("five rounds", paired(1.03, 1.03, 1.03, 1.03, 1.03)),
        twoQuietRounds)).as("an A/A arm of 2 rounds").isEmpty();
    assertThat(CalibrationJudge.choose(Map.of("four rounds", paired(1.03, 1.03, 1.03, 1.03)), QUIET))
        .as("a candidate of 4 rounds").isEmpty();
    assertThat(CalibrationJudge.choose(Map.of("five rounds", paired(1.03, 1.03, 1.03, 1.03, 1.03)), QUIET))
        .contains("five rounds");
  }

  @Test
  void aCandidateBeyondTheNoiseIsChosenAndTheBestOfSeveral() {
    Map<String, CalibrationJudge.Paired> candidates = new LinkedHashMap<>();
    candidates.put("a", paired(1.04, 1.06, 1.05, 1.05, 1.05));
    candidates.put("b", paired(1.10, 1.12, 1.08, 1.10, 1.10));
    assertThat(CalibrationJudge.choose(candidates, QUIET)).contains("b");
  }

  @Test
  void theDefaultsStayWhereNoCandidateBeatsTheNoise() {
    Map<String, CalibrationJudge.Paired> candidates = Map.of("a", paired(1.04, 1.06, 1.05, 1.05, 1.05));
    assertThat(CalibrationJudge.choose(candidates, paired(1.05, 1.06, 1.07, 1.06, 1.06))).as("6% noise").isEmpty();
    assertThat(CalibrationJudge.choose(Map.of("slower", paired(0.9, 0.95, 0.92, 0.93, 0.92)), QUIET)).isEmpty();
  }

  @Test
  void aFasterCandidateWhoseP99RoseTooMuchIsPassedOver() {
    Map<String, CalibrationJudge.Paired> candidates = new LinkedHashMap<>();
    candidates.put("fast but slow answers", new CalibrationJudge.Paired(List.of(1.2, 1.2, 1.2, 1.2, 1.2),
        List.of(1.5, 1.4, 1.5, 1.4, 1.5)));
    candidates.put("faster", new CalibrationJudge.Paired(List.of(1.1, 1.1, 1.1, 1.1, 1.1),
        List.of(1.0, 1.1, 1.0, 1.1, 1.0)));
    assertThat(CalibrationJudge.choose(candidates, QUIET)).contains("faster");
  }

  @Test
  void theBetterHalfGoesOnBestFirstAndAtLeastOne() {
    Map<String, CalibrationJudge.Paired> candidates = new LinkedHashMap<>();
    candidates.put("a", paired(0.9));
    candidates.put("b", paired(1.2));
    candidates.put("c", paired(1.0));
    assertThat(CalibrationJudge.betterHalf(candidates)).containsExactly("b", "c");
    assertThat(CalibrationJudge.betterHalf(Map.of("only", paired(0.5)))).containsExactly("only");
  }

  @Test
  void aCandidateWithoutAnAaArmMustBeatTwoStandardErrorsOfItsOwnMedian() {
    // Tight rounds 3% up: the spread's margin is below 1%, so the 1% floor holds, and 3% beats it.
    CalibrationJudge.Paired tight = paired(1.03, 1.031, 1.029, 1.03, 1.03);
    assertThat(CalibrationJudge.beatsOnItsOwn(tight)).isTrue();
    assertThat(CalibrationJudge.ownMargin(tight)).isEqualTo(CalibrationJudge.MIN_GAIN);
    assertThat(CalibrationJudge.beatsOnItsOwn(paired(1.03, 1.031, 1.029, 1.03))).as("4 rounds, too few").isFalse();
    // The same median, rounds spread by 15%: two standard errors of a median of 5 are about 0.13.
    CalibrationJudge.Paired spread = paired(0.88, 0.95, 1.03, 1.11, 1.18);
    assertThat(CalibrationJudge.ownMargin(spread)).isGreaterThan(0.1);
    assertThat(CalibrationJudge.beatsOnItsOwn(spread)).isFalse();
    assertThat(CalibrationJudge.beatsOnItsOwn(paired(0.96, 0.97, 0.96, 0.97, 0.96))).as("slower").isFalse();
    CalibrationJudge.Paired slowTail = new CalibrationJudge.Paired(List.of(1.05, 1.05, 1.05, 1.05, 1.05),
        List.of(1.4, 1.4, 1.4, 1.4, 1.4));
    assertThat(CalibrationJudge.beatsOnItsOwn(slowTail)).as("its p99 rose 40%").isFalse();
  }

  @Test
  void aTableHoldingMoreInItsMemstoresThanTheDefaultsCouldDeferredItsFlushes() {
    long mib = 1L << 20;
    long hbaseFlushSize = 128 * mib;
    // 4 regions flushed at HBase's 128 MiB hold 512 MiB at most: a copy under that, or under what the defaults' copy
    // holds now, deferred nothing.
    assertThat(CalibrationJudge.deferredFlushBytes(500 * mib, 300 * mib, 4, hbaseFlushSize)).isZero();
    assertThat(CalibrationJudge.deferredFlushBytes(600 * mib, 650 * mib, 4, hbaseFlushSize)).isZero();
    // The paper's WO-update table after its rounds: 753 MiB a region, nothing flushed.
    assertThat(CalibrationJudge.deferredFlushBytes(2_100 * mib, 310 * mib, 4, hbaseFlushSize))
        .isEqualTo(1_588 * mib);
    assertThat(CalibrationJudge.deferredFlushBytes(2_100 * mib, 310 * mib, 16, hbaseFlushSize))
        .as("more regions hold more").isEqualTo(52 * mib);
    assertThat(CalibrationJudge.deferredFlushBytes(2_100 * mib, 310 * mib, 4, 768 * mib))
        .as("a cluster whose own flush size is 768 MiB: its defaults could hold as much").isZero();
  }

  @Test
  void aCandidateThatDeferredItsFlushesIsRefusedAndTheBestThatDidNotIsChosen() {
    CalibrationJudge.Paired aa = paired(1.0, 1.0, 1.0, 1.0, 1.0);
    Map<String, CalibrationJudge.Paired> candidates = Map.of("flush size", paired(1.3, 1.3, 1.3, 1.3, 1.3),
        "blocking multiplier", paired(1.2, 1.2, 1.2, 1.2, 1.2), "compaction", paired(1.1, 1.1, 1.1, 1.1, 1.1),
        "store files", paired(0.9, 0.9, 0.9, 0.9, 0.9));
    CalibrationJudge.Choice choice = CalibrationJudge.choose(candidates, aa, Map.of("flush size", 1L << 30,
        "blocking multiplier", 0L, "compaction", 0L, "store files", 1L << 20));
    assertThat(choice.chosen()).contains("blocking multiplier");
    assertThat(choice.deferring()).as("those that beat the defaults only").containsExactly("flush size");

    CalibrationJudge.Choice none = CalibrationJudge.choose(candidates, aa, Map.of("flush size", 1L, "blocking"
        + " multiplier", 1L, "compaction", 1L, "store files", 0L));
    assertThat(none.chosen()).as("the defaults stay").isEmpty();
    assertThat(none.deferring()).as("best first").containsExactly("flush size", "blocking multiplier",
        "compaction");
  }

  @Test
  void roundsEndWhenEveryCandidateLeftHasLostByMoreThanTheNoiseOverEnoughRounds() {
    // RO-read on 2026-12-04: the paper's 32 KiB blocks at 0.976-0.981 a round, the A/A arm at 0.989-0.996.
    CalibrationJudge.Paired aa = paired(0.995, 0.992, 0.989, 0.992, 0.989);
    CalibrationJudge.Paired blocks = paired(0.976, 0.978, 0.981, 0.978, 0.976);
    assertThat(CalibrationJudge.allLost(Map.of("32 KiB blocks", blocks), aa)).isTrue();
    assertThat(CalibrationJudge.allLost(Map.of("4 rounds", paired(0.976, 0.978, 0.981, 0.978)), aa))
        .as("fewer rounds than a choice rests on").isFalse();
    assertThat(CalibrationJudge.allLost(Map.of("32 KiB blocks", blocks), paired(0.995, 0.992, 0.989, 0.992)))
        .as("an A/A arm of fewer rounds").isFalse();
    assertThat(CalibrationJudge.allLost(Map.of("32 KiB blocks", blocks, "within the noise", paired(0.995, 0.996,
        0.994, 0.995, 0.995)), aa)).as("one candidate still within the noise below 1").isFalse();
    assertThat(CalibrationJudge.allLost(Map.of("32 KiB blocks", blocks), paired(0.95, 1.05, 0.99, 1.04, 0.96)))
        .as("an A/A arm spread wider than the loss").isFalse();
    assertThat(CalibrationJudge.allLost(Map.of(), aa)).as("no candidate to settle").isFalse();
  }

  @Test
  void heapRoundsEndWhenThePolicysFractionsHaveLostByMoreThanTheirOwnMargin() {
    assertThat(CalibrationJudge.lostOnItsOwn(paired(0.750, 0.712, 0.765, 0.74, 0.76))).isTrue();
    assertThat(CalibrationJudge.lostOnItsOwn(paired(0.750, 0.712, 0.765))).as("3 rounds").isFalse();
    assertThat(CalibrationJudge.lostOnItsOwn(paired(1.027, 1.001, 1.036, 0.994, 1.053))).isFalse();
    assertThat(CalibrationJudge.lostOnItsOwn(paired(0.8, 1.2, 0.9, 1.1, 0.95))).as("below 1 within its spread")
        .isFalse();
  }

  @Test
  void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertThat(paired(1.0, 1.2, 0.9, 1.1).median()).isCloseTo(1.05, within(1e-9));
  }

  private static CalibrationJudge.Paired paired(Double... ratios) {
    return new CalibrationJudge.Paired(List.of(ratios), List.of(ratios).stream().map(ratio -> 1.0).toList());
  }
}

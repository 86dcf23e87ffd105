package org.hbaseturbo.bench.pcm;

/**
 * The measured rounds a class's table settings and its heap fractions each get at most, and why the rounds end when
 * they have had them.
 *
 * <p>Where the budget holds every class's need, a class spends its whole share, and rounds beyond the {@link
 * CalibrationJudge#MIN_ROUNDS} a choice rests on resolve smaller differences. Where it does not, each class in turn
 * gets its need, an estimate; a class whose rounds ran faster than the estimate would spend the rest of its share on
 * rounds it does not need while the last classes get none. In a calibration of every class at 30 minutes on
 * 2026-12-04 (results/pcm/calibrate-budget-2026-12-04/second), MixR, MixRW and MixW ran 7 or 8 rounds where 5 were
 * their need, about 170 s, and WO-update, last, got one round. There, each class ends at the rounds a choice rests on,
 * and what it saves goes to the classes after it.
 *
 * @param rounds 0 for no bound
 * @param maxRounds whether the bound is {@code --max-rounds}'s, not the budget's
 */
record RoundCap(int rounds, boolean maxRounds) {
  /** No bound: the rounds end with the class's share of the budget, or once settled. */
  static final RoundCap NONE = new RoundCap(0, false);

  /**
   * The fewer of {@code --max-rounds} and, where the budget is short of every class's need, the rounds a choice rests
   * on.
   *
   * @param maxRounds {@code --max-rounds}, 0 for none
   * @param budgetShort whether the budget left after the load is less than every class's need, by estimate
   */
  static RoundCap of(int maxRounds, boolean budgetShort) {
    if (maxRounds > 0 && (!budgetShort || maxRounds <= CalibrationJudge.MIN_ROUNDS)) {
      return new RoundCap(maxRounds, true);
    }
    return budgetShort ? new RoundCap(CalibrationJudge.MIN_ROUNDS, false) : NONE;
  }

  /** Whether {@code done} rounds are all the cap allows. */
  boolean reached(int done) {
    return rounds > 0 && done >= rounds;
  }

  /**
   * What the rounds' end says when they had them.
   *
   * @param timeLeftGoesTo where the part's time left goes when the budget's cap ended it: "the classes after it"
   */
  String ended(String timeLeftGoesTo) {
    return maxRounds ? "the class had its " + rounds + " rounds (--max-rounds)" : "the class had the " + rounds
        + " rounds a choice rests on, the budget being short of every class's need: the time left going to "
        + timeLeftGoesTo;
  }
}

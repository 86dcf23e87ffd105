package org.hbaseturbo.bench.pcm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How a calibration splits its budget: between its classes, and within a class between its table settings' rounds
 * and its heap fractions'. Each part's share follows its need, the time it takes to reach the {@link
 * CalibrationJudge#MIN_ROUNDS} rounds a choice rests on. Split evenly, as until 2026-12-04, a budget gave a class of
 * one candidate ten rounds and a class of six two, from which nothing may be chosen
 * (results/pcm/calibrate-all-2026-12-04).
 *
 * <p>Where the budget holds every need, each part gets its need's part of the budget; where it does not, each part
 * in turn gets its need whole while the budget lasts, so that the parts that come first are judged and the last ones
 * are told they got no time, rather than every part getting too little to judge. Time a part leaves unspent (its
 * rounds settled: {@link CalibrationJudge#allLost}) goes to the parts after it.
 *
 * <p>The needs are estimates, from the constants below, which come from the 2-core host's calibration of every class
 * on 2026-12-04; they split the budget and are not reported as measurements.
 */
final class CalibrationBudget {
  /** Creating and placing a copy of the records for an arm. */
  static final Duration COPY = Duration.ofSeconds(3);
  /** A client's warm-up on a class's copies, until its JIT is quiet. */
  static final Duration WARM_UP = Duration.ofSeconds(10);
  /** What an arm's run takes beyond its length: the pacer's start and stop, the round's bookkeeping. */
  static final Duration RUN_OVERHEAD = Duration.ofMillis(600);
  /**
   * What a load's arm's run takes beyond its length: its table made empty again, with its splits, its regions placed,
   * and its first inserts, unmeasured, and its share of the pacer's emptying each round: 9.1 s a run of 3 s, 58 runs in
   * 526 s, in a calibration of BL alone on 2026-12-04 (results/pcm/calibrate-budget-2026-12-04/bl-moves). The 15.8 s
   * measured that morning came from a pacer never made empty, which the client went on filling between runs.
   */
  static final Duration LOAD_RUN_OVERHEAD = Duration.ofSeconds(6);
  /**
   * A swap of the heap fractions, until both servers' tuners hold them, for a class that reads only; a round of RO-read
   * or RO-scan took 20 s on 2026-12-04, of which 12 s its four runs.
   */
  static final Duration HEAP_SWAP = Duration.ofSeconds(4);
  /**
   * What a swap takes more for a class that only updates: the server whose memstore shrinks flushes first. A round of
   * MixW, three updates in four, took 40 s.
   */
  static final Duration HEAP_SWAP_FLUSH = Duration.ofSeconds(10);

  /**
   * Stopping a cluster the command started, once the classes end: 15 s from the policy files written to the end of
   * a calibration in the disk regime on 2026-12-06 (results/pcm/calibrate-disk-pastshare-2026-12-06), whose
   * RegionServers flush their memstores to throttled disks as they stop.
   */
  static final Duration CLUSTER_STOP = Duration.ofSeconds(15);
  /**
   * What follows the last class's rounds before the policy files are written: its servers given back their heap
   * fractions, and its copies and the records' table disabled (their memstores flushed, to throttled disks in the disk
   * regime) and dropped. In the disk regime's calibration of 2026-12-06 (results/pcm/calibrate-disk-budget-2026-12-06)
   * the files came 7 s past the classes' deadline; in the next, a class's copies took 1.5-6.5 s to drop
   * (results/pcm/calibrate-disk-wrapup-2026-12-06).
   */
  static final Duration WRAP_UP = Duration.ofSeconds(20);

  private CalibrationBudget() {
  }

  /**
   * When the classes must end ({@link System#nanoTime}): {@code budget} from the command's start, less {@link
   * #WRAP_UP}, and less {@link #CLUSTER_STOP} where the command stops its cluster after them.
   */
  static long deadline(long startedNanos, Duration budget, boolean stopsItsCluster) {
    return startedNanos + budget.minus(WRAP_UP).minus(stopsItsCluster ? CLUSTER_STOP : Duration.ZERO).toNanos();
  }

  /**
   * The time the table settings' rounds of {@code candidates} candidates take to reach {@link
   * CalibrationJudge#MIN_ROUNDS}: the copies and the rewriting of those whose files differ, the client's warm-up, the
   * unmeasured round that warms every arm (not for a load, whose arms begin every run empty), and the measured rounds,
   * halved in stages as {@link ClassCalibration} runs them; zero for no candidate.
   *
   * @param rewrites what the copies of the candidates whose files differ take to be major-compacted, by estimate: in
   *     the disk regime, 3,000,000 records' copies took minutes each, and left the read classes no round in a budget
   *     that held them without (results/pcm/calibrate-disk-30m-2026-12-05)
   */
  static Duration tableRounds(int candidates, boolean load, int runSeconds, Duration rewrites) {
    if (candidates == 0) {
      return Duration.ZERO;
    }
    int arms = candidates + 2;
    // The warming round's runs count twice: an arm's first run fills its caches and compiles the paths it takes (on
    // 2026-12-04, 19 s for 3 arms of 3 s runs, 53 s for 8, where a measured round ran 3.2 s an arm).
    long runs = load ? 0 : 2L * arms;
    int alive = candidates;
    int stageRounds = ClassCalibration.FIRST_STAGE_ROUNDS;
    int rounds = 0;
    while (rounds < CalibrationJudge.MIN_ROUNDS) {
      for (int i = 0; i < stageRounds && rounds < CalibrationJudge.MIN_ROUNDS; i++, rounds++) {
        runs += alive + 2;
      }
      alive = Math.max(1, (alive + 1) / 2);
      stageRounds *= 2;
    }
    Duration run = Duration.ofSeconds(runSeconds).plus(load ? LOAD_RUN_OVERHEAD : RUN_OVERHEAD);
    // The copies: one for each arm, and the pacer's.
    return COPY.multipliedBy(arms + 1L).plus(rewrites).plus(WARM_UP).plus(run.multipliedBy(runs));
  }

  /**
   * The time the heap fractions' rounds take to reach {@link CalibrationJudge#MIN_ROUNDS}: two copies, the client's
   * warm-up, and rounds of two swaps, each followed by a run unmeasured and one measured ({@link
   * HeapFractionRounds}).
   *
   * @param updates the share of the class's operations that are updates, 0 to 1
   */
  static Duration heapRounds(int runSeconds, double updates) {
    Duration swap = HEAP_SWAP.plus(Duration.ofMillis(Math.round(HEAP_SWAP_FLUSH.toMillis() * updates)));
    Duration round = swap.plus(Duration.ofSeconds(2L * runSeconds)).multipliedBy(2);
    return COPY.multipliedBy(2).plus(WARM_UP).plus(round.multipliedBy(CalibrationJudge.MIN_ROUNDS));
  }

  /**
   * Whether a round that ends at {@code end}, past its part's share, may run: only to reach the {@link
   * CalibrationJudge#MIN_ROUNDS} a choice rests on, and only where it ends by {@code latest}, the budget's end less
   * what the parts after it need, by estimate.
   *
   * @param rounds the part's measured rounds so far
   */
  static boolean pastShare(long end, long latest, int rounds) {
    return rounds < CalibrationJudge.MIN_ROUNDS && end <= latest;
  }

  /**
   * What each part gets, by estimate, of the budget {@code left} where the parts spend their shares in full (none
   * settling early): its whole need where the budget holds every need.
   *
   * @param needs each part's need, in the order they run
   */
  static List<Duration> shares(Duration left, List<Duration> needs) {
    long remaining = left.toNanos();
    Duration needsLeft = needs.stream().reduce(Duration.ZERO, Duration::plus);
    List<Duration> shares = new ArrayList<>(needs.size());
    for (Duration need : needs) {
      long share = share(remaining, need, needsLeft);
      shares.add(Duration.ofNanos(share));
      remaining -= share;
      needsLeft = needsLeft.minus(need);
    }
    return shares;
  }

  /**
   * A part's share of what is left: its need's part of the needs left where they all fit, its need whole where they
   * do not, and never more than is left.
   *
   * @param left the budget left, nanoseconds
   * @param need this part's need
   * @param needsLeft the needs of this part and of every part after it
   */
  static long share(long left, Duration need, Duration needsLeft) {
    if (left <= 0) {
      return 0;
    }
    if (needsLeft.isZero()) {
      return left;
    }
    double part = (double) need.toNanos() / needsLeft.toNanos();
    return Math.min(left, Math.max(need.toNanos(), (long) (left * part)));
  }
}

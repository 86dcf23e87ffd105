package org.hbaseturbo.bench.pcm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a calibration compares the candidates of a class: by each one's throughput over HBase's defaults' run at the
 * same time (paired ratios), against the noise measured in those rounds by the defaults against a second copy of
 * themselves (the A/A arm).
 */
final class CalibrationJudge {
  /**
   * The least gain a candidate must show, whatever the A/A arm measured: a few rounds can show none by chance. 1%, not
   * the 2% a user cares about: an arm runs at once with the defaults, sharing the servers' queues, and a difference
   * shows there at about a third of its size alone (results/pcm/concurrent-pairs-2026-12-01).
   */
  static final double MIN_GAIN = 0.01;
  /**
   * The fewest rounds a choice rests on, for a candidate and for the A/A arm whose spread gives its noise: the median
   * absolute deviation of 2 or 3 rounds says little of the spread (two rounds of 1.05 and 1.06 would give a margin of
   * 1.3% where rounds spread 5-25% here), and the best of six candidates over 2 rounds beats such a margin by chance
   * (MixR's flush size alone: 1.026 over 2 rounds against an A/A arm of 1.005 and 1.005, chosen so in
   * results/pcm/calibrate-all-2026-12-04 before this bound).
   */
  static final int MIN_ROUNDS = 5;
  /** How far a candidate's p99 may rise over the defaults' in its rounds (median of the paired ratios). */
  static final double MAX_P99_RISE = 0.25;

  private CalibrationJudge() {
  }

  /** One arm's rounds: its throughput and p99 over the defaults' run at the same time. */
  record Paired(List<Double> ratios, List<Double> p99Ratios) {
    Paired {
      ratios = List.copyOf(ratios);
      p99Ratios = List.copyOf(p99Ratios);
    }

    double median() {
      return median(ratios);
    }

    double p99Median() {
      return median(p99Ratios);
    }

    double min() {
      return ratios.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    double max() {
      return ratios.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    static double median(List<Double> values) {
      if (values.isEmpty()) {
        return Double.NaN;
      }
      List<Double> sorted = values.stream().sorted().toList();
      int middle = sorted.size() / 2;
      return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
  }

  /**
   * How far a median of the A/A arm's rounds can land from 1 when nothing differs: its own median's distance from 1,
   * or two standard errors of a median of as many rounds, from the spread of its rounds (their median absolute
   * deviation, robust to one run disturbed by a compaction or a collection), whichever is larger. Not the largest
   * round's distance: one disturbed A/A run (1.595 of the defaults' in the first calibration on this host) would make
   * every gain look like noise.
   */
  static double noise(Paired aa) {
    return noise(aa, aa.ratios().size());
  }

  /**
   * The noise of a median of {@code rounds} rounds: as {@link #noise(Paired)}, with the standard error of a median of
   * that many rounds. A candidate halved out after 2 rounds has a median far noisier than the A/A arm's of 40.
   */
  static double noise(Paired aa, int rounds) {
    List<Double> ratios = aa.ratios();
    if (ratios.isEmpty() || rounds < 1) {
      return 0;
    }
    return Math.max(Math.abs(aa.median() - 1), twoStandardErrors(ratios, rounds));
  }

  /**
   * Two standard errors of a median of {@code rounds} draws, from the spread of {@code ratios}: their median absolute
   * deviation, robust to one disturbed run.
   */
  private static double twoStandardErrors(List<Double> ratios, int rounds) {
    double median = Paired.median(ratios);
    double deviation = Paired.median(ratios.stream().map(ratio -> Math.abs(ratio - median)).toList());
    // A normal spread's standard deviation is 1.4826 times its median absolute deviation, and a median of n draws
    // has a standard error of 1.2533 standard deviations over the square root of n.
    return 2 * 1.2533 * 1.4826 * deviation / Math.sqrt(rounds);
  }

  /**
   * What the median of a candidate measured without an A/A arm must beat 1 by: two standard errors of it, from the
   * spread of its own rounds, at least {@link #MIN_GAIN}. For rounds whose design cancels what differs between the
   * two sides (the heap fractions' swapped servers), so that only the spread, not a bias, is left to fear.
   */
  static double ownMargin(Paired candidate) {
    List<Double> ratios = candidate.ratios();
    return ratios.isEmpty() ? Double.NaN : Math.max(twoStandardErrors(ratios, ratios.size()), MIN_GAIN);
  }

  /**
   * Whether such a candidate beats the defaults: its median above 1 by its own margin, its p99 within bounds, over
   * {@link #MIN_ROUNDS} rounds at least.
   */
  static boolean beatsOnItsOwn(Paired candidate) {
    return candidate.ratios().size() >= MIN_ROUNDS && candidate.median() > 1 + ownMargin(candidate)
        && p99InBounds(candidate);
  }

  /**
   * Whether every candidate has lost for good: each, and the A/A arm, over {@link #MIN_ROUNDS} rounds at least, its
   * median below 1 by more than the margin a gain of as many rounds must show. More rounds would then be spent on a
   * question answered: to be chosen, a candidate's median would have to climb twice that margin, some four standard
   * errors of it. Whether any candidate wins is not settled early: a choice rests on all the rounds the budget gives.
   */
  static boolean allLost(Map<String, Paired> candidates, Paired aa) {
    return !candidates.isEmpty() && aa.ratios().size() >= MIN_ROUNDS && candidates.values().stream()
        .allMatch(candidate -> candidate.ratios().size() >= MIN_ROUNDS
            && candidate.median() < 1 - margin(aa, candidate.ratios().size()));
  }

  /**
   * As {@link #allLost}, for a candidate measured without an A/A arm ({@link #beatsOnItsOwn}): over {@link
   * #MIN_ROUNDS} rounds at least, its median below 1 by more than its own margin.
   */
  static boolean lostOnItsOwn(Paired candidate) {
    return candidate.ratios().size() >= MIN_ROUNDS && candidate.median() < 1 - ownMargin(candidate);
  }

  /** What the A/A arm's own median must beat 1 by: its noise, at least {@link #MIN_GAIN}. */
  static double margin(Paired aa) {
    return margin(aa, aa.ratios().size());
  }

  /** What a median of {@code rounds} rounds must beat 1 by: their noise, at least {@link #MIN_GAIN}. */
  static double margin(Paired aa, int rounds) {
    return Math.max(noise(aa, rounds), MIN_GAIN);
  }

  /**
   * What an arm's table holds in its memstores beyond what the defaults' copy could hold, or 0: its flushes were
   * deferred past its rounds where positive. The defaults' copy flushes a region at the cluster's flush size, so it
   * holds at most about that for each region; a candidate holding more (a larger flush size that its rounds never
   * reached) was measured without the flushes and compactions the defaults paid in the same rounds, and a longer run
   * charges it them: at 60 s, the paper's WO-update settings ran 0.54x the defaults they beat at 10 s
   * (results/pcm/wo-update-60s-2026-12-03).
   *
   * @param armBytes the arm's table's memstores now, across its regions
   * @param defaultsBytes the defaults arm's table's memstores now
   * @param regions the arm's table's regions
   * @param flushSize the flush size of a table that sets none: the cluster's {@code hbase.hregion.memstore.flush.size}
   */
  static long deferredFlushBytes(long armBytes, long defaultsBytes, int regions, long flushSize) {
    long couldHold = Math.max(defaultsBytes, regions * flushSize);
    return Math.max(0, armBytes - couldHold);
  }

  /** The better half of the candidates by median ratio (at least one), best first: a stage's survivors. */
  static List<String> betterHalf(Map<String, Paired> candidates) {
    List<String> ranked = ranked(candidates);
    return new ArrayList<>(ranked.subList(0, Math.max(1, (ranked.size() + 1) / 2)));
  }

  /**
   * The candidate chosen over HBase's defaults: the best by median ratio of those whose median beats 1 by more than
   * the margin of as many rounds as it had, and whose p99 rose by no more than {@link #MAX_P99_RISE}, it and the A/A
   * arm over {@link #MIN_ROUNDS} rounds at least; none when no candidate does, and the defaults stay.
   */
  static Optional<String> choose(Map<String, Paired> candidates, Paired aa) {
    return ranked(candidates).stream().filter(name -> beats(candidates.get(name), aa)).findFirst();
  }

  /**
   * Whether {@code candidate} beats the defaults by more than the A/A noise of its rounds, at a p99 in bounds, both
   * over enough rounds to tell.
   */
  private static boolean beats(Paired candidate, Paired aa) {
    int rounds = candidate.ratios().size();
    return rounds >= MIN_ROUNDS && aa.ratios().size() >= MIN_ROUNDS && candidate.median() > 1 + margin(aa, rounds)
        && p99InBounds(candidate);
  }

  /** Whether the candidate's p99 rose by no more than {@link #MAX_P99_RISE}; a NaN median of no p99 is not a rise. */
  private static boolean p99InBounds(Paired candidate) {
    return !(candidate.p99Median() > 1 + MAX_P99_RISE);
  }

  /**
   * What {@link #choose(Map, Paired, Map)} decided.
   *
   * @param chosen the candidate chosen over HBase's defaults; empty when the defaults stay
   * @param deferring the candidates that beat the defaults but deferred flushes past their rounds, best first
   */
  record Choice(Optional<String> chosen, List<String> deferring) {
    Choice {
      deferring = List.copyOf(deferring);
    }
  }

  /**
   * As {@link #choose(Map, Paired)}, of the candidates that deferred no flushes past their rounds: one that beat the
   * defaults by holding its writes in memory is refused, and the best that beat them without doing so is chosen.
   *
   * @param deferredFlushBytes each candidate's {@link #deferredFlushBytes}
   */
  static Choice choose(Map<String, Paired> candidates, Paired aa, Map<String, Long> deferredFlushBytes) {
    Map<String, Paired> flushed = new LinkedHashMap<>(candidates);
    flushed.keySet().removeIf(name -> deferredFlushBytes.get(name) > 0);
    List<String> deferring = ranked(candidates).stream().filter(name -> !flushed.containsKey(name))
        .filter(name -> beats(candidates.get(name), aa)).toList();
    return new Choice(choose(flushed, aa), deferring);
  }

  private static List<String> ranked(Map<String, Paired> candidates) {
    return candidates.keySet().stream()
        .sorted(Comparator.comparingDouble((String name) -> candidates.get(name).median()).reversed()).toList();
  }
}

package org.hbaseturbo.bench.pcm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a calibration compares the candidates of a class: by each one's throughput over HBase's defaults' in the
 * same round (paired ratios), against the noise measured in those rounds by the defaults against a second copy of
 * themselves (the A/A arm).
 */
final class CalibrationJudge {
  /** The least gain a candidate must show, whatever the A/A spread: a few rounds can show none by chance. */
  static final double MIN_GAIN = 0.02;
  /** How far a candidate's p99 may rise over the defaults' in its rounds (median of the paired ratios). */
  static final double MAX_P99_RISE = 0.25;

  private CalibrationJudge() {
  }

  /** One arm's rounds: its throughput and p99 over the defaults' in the same round. */
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

    private static double median(List<Double> values) {
      if (values.isEmpty()) {
        return Double.NaN;
      }
      List<Double> sorted = values.stream().sorted().toList();
      int middle = sorted.size() / 2;
      return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
  }

  /** The A/A arm's largest distance from 1: how far two copies of the same settings measured apart. */
  static double noise(Paired aa) {
    return aa.ratios().stream().mapToDouble(ratio -> Math.abs(ratio - 1)).max().orElse(0);
  }

  /** What a candidate's median must beat 1 by: the noise, at least {@link #MIN_GAIN}. */
  static double margin(Paired aa) {
    return Math.max(noise(aa), MIN_GAIN);
  }

  /** The better half of the candidates by median ratio (at least one), best first: a stage's survivors. */
  static List<String> betterHalf(Map<String, Paired> candidates) {
    List<String> ranked = ranked(candidates);
    return new ArrayList<>(ranked.subList(0, Math.max(1, (ranked.size() + 1) / 2)));
  }

  /**
   * The candidate chosen over HBase's defaults: the best by median ratio of those whose median beats 1 by more than
   * the margin and whose p99 rose by no more than {@link #MAX_P99_RISE}; none when no candidate does, and the
   * defaults stay.
   */
  static Optional<String> choose(Map<String, Paired> candidates, Paired aa) {
    double margin = margin(aa);
    return ranked(candidates).stream().filter(name -> {
      Paired paired = candidates.get(name);
      return paired.median() > 1 + margin && !(paired.p99Median() > 1 + MAX_P99_RISE);
    }).findFirst();
  }

  private static List<String> ranked(Map<String, Paired> candidates) {
    return candidates.keySet().stream()
        .sorted(Comparator.comparingDouble((String name) -> candidates.get(name).median()).reversed()).toList();
  }
}

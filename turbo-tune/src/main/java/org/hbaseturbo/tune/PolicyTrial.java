package org.hbaseturbo.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A policy switch taken as an experiment, as a safe online tuner takes one (beyond the PCM paper): it stays only
 * where it measured no worse.
 *
 * <p>The baseline is the windows that made the new class hold, under the settings in force before the switch: the
 * same workload, the old configuration. The trial is the windows after it, the first of which began before the
 * switch was made, so that what the switch itself cost (regions reopened and their memstores flushed, a pre-split)
 * is in the trial's throughput and must be repaid within it. The objective is the throughput the servers counted
 * (reads and writes per second): clients that wait for each answer, as YCSB's do, do fewer operations when each
 * takes longer. The servers count no latencies, so no p99 bound is judged.
 */
final class PolicyTrial {
  /**
   * The least margin a trial is judged with, whatever the baseline's spread: with the two or three windows a hold
   * gives, the spread measured can be near zero by chance.
   */
  static final double NOISE_FLOOR = 0.03;

  private final WorkloadClass workloadClass;
  private final String change;
  private final List<Window> baseline;
  private final int windows;
  private final List<Window> trial = new ArrayList<>();

  /**
   * @param change the apply on trial
   * @param baseline its class's windows before it, at least one
   * @param windows how many windows after it to judge it on, at least one
   */
  PolicyTrial(WorkloadClass workloadClass, String change, List<Window> baseline, int windows) {
    if (baseline.isEmpty() || windows < 1) {
      throw new IllegalArgumentException("a trial needs a baseline window and at least one trial window, had "
          + baseline.size() + " and " + windows);
    }
    this.workloadClass = workloadClass;
    this.change = change;
    this.baseline = List.copyOf(baseline);
    this.windows = windows;
  }

  WorkloadClass workloadClass() {
    return workloadClass;
  }

  String change() {
    return change;
  }

  /**
   * Takes one window of the class on trial.
   *
   * @return the verdict, once this window is the last the trial needs; else null
   */
  Verdict add(Window window) {
    trial.add(window);
    return trial.size() < windows ? null : verdict();
  }

  /** The windows measured so far after the switch. */
  int measured() {
    return trial.size();
  }

  private Verdict verdict() {
    double baselineRate = rate(baseline);
    double noise = baselineRate == 0 ? 0 : baseline.stream()
        .mapToDouble(window -> Math.abs(window.rate() - baselineRate) / baselineRate).max().orElse(0);
    double margin = Math.max(noise, NOISE_FLOOR);
    double trialRate = rate(trial);
    return new Verdict(trialRate >= baselineRate * (1 - margin), baselineRate, trialRate, noise, margin,
        List.copyOf(baseline), List.copyOf(trial));
  }

  /** Operations over time across {@code windows}: a short window weighs less. */
  private static double rate(List<Window> windows) {
    double seconds = windows.stream().mapToDouble(Window::seconds).sum();
    return seconds <= 0 ? 0 : windows.stream().mapToDouble(Window::operations).sum() / seconds;
  }

  /** One window's length and the reads and writes the servers counted in it. */
  record Window(double seconds, double operations) {
    double rate() {
      return seconds <= 0 ? 0 : operations / seconds;
    }
  }

  /**
   * A trial's outcome, with its evidence.
   *
   * @param keep whether the trial's throughput was at least the baseline's less the margin
   * @param noise the baseline's spread: its windows' largest deviation from its throughput, relative to it
   * @param margin what the trial may lose and still be kept: the noise, at least {@link #NOISE_FLOOR}
   */
  record Verdict(boolean keep, double baselineRate, double trialRate, double noise, double margin,
      List<Window> baseline, List<Window> trial) {
    /** Trial over baseline throughput. */
    double ratio() {
      return baselineRate == 0 ? Double.NaN : trialRate / baselineRate;
    }

    String baselineText() {
      return describe(baselineRate, baseline);
    }

    String trialText() {
      return describe(trialRate, trial);
    }

    /** Why: the ratio against the bar it had to clear. */
    String evidence() {
      return String.format("trial/baseline %.3f; %s at least %.3f (baseline noise %.1f%%, margin %.1f%%)", ratio(),
          keep ? "kept:" : "reverted: below", 1 - margin, noise * 100, margin * 100);
    }

    private static String describe(double rate, List<Window> windows) {
      return String.format("%.1f ops/s over %s", rate, windows.stream()
          .map(window -> String.format("%.1f s at %.1f", window.seconds(), window.rate()))
          .collect(Collectors.joining(", ", "[", "]")));
    }
  }
}

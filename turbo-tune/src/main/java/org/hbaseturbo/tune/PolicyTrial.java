package org.hbaseturbo.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import org.hbaseturbo.client.stats.OperationLatencies;

/**
 * A policy switch taken as an experiment, as a safe online tuner takes one (beyond the PCM paper): it stays only
 * where it measured no worse.
 *
 * <p>The baseline is the windows that made the new class hold, under the settings in force before the switch: the
 * same workload, the old configuration. The trial is the windows after it, the first of which began before the
 * switch was made. Where the switch reopened regions (a table's values under a class that writes, a pre-split),
 * that first window is the switch's warm-up, shown but not judged: the reopening flushed every memstore and moved
 * regions, a cost paid once, which would otherwise sink a setting that is faster in the steady state. Where it
 * reopened nothing (settings taken online), the first window counts. The objective is the throughput the servers
 * counted (reads and writes per second), at a bounded p99: clients that wait for each answer, as YCSB's do, do fewer
 * operations when each takes longer, but a change can keep the throughput and still make the slowest answers
 * slower. So the trial's p99, from the latencies the servers counted (a call's arrival to its operation's end), may
 * not exceed the baseline's by more than its own margin. Where the servers counted no latencies (a server jar
 * older than them, or operations only over the fast path), the p99 is not judged, and the evidence says so.
 */
final class PolicyTrial {
  /**
   * The least margin a trial is judged with, whatever the baseline's spread: with the two or three windows a hold
   * gives, the spread measured can be near zero by chance.
   */
  static final double NOISE_FLOOR = 0.03;

  /**
   * The least relative rise of the p99 a trial is judged with: a latency bucket is up to a quarter wider than its
   * lower bound, so a p99 that moved by one bucket is within it.
   */
  static final double LATENCY_NOISE_FLOOR = 0.25;

  /** Added to the p99 bound: latencies are counted in whole milliseconds, HBase's clock for a call's arrival. */
  static final long LATENCY_RESOLUTION_MILLIS = 1;

  private final WorkloadClass workloadClass;
  private final String change;
  private final List<Window> baseline;
  private final int windows;
  private final int warmUpWindows;
  private final List<Window> warmUp = new ArrayList<>();
  private final List<Window> trial = new ArrayList<>();

  /**
   * @param change the apply on trial
   * @param baseline its class's windows before it, at least one
   * @param windows how many windows after it to judge it on, at least one
   * @param warmUpWindows how many windows after it to take first without judging them: 1 where the switch reopened
   *     regions, else 0
   */
  PolicyTrial(WorkloadClass workloadClass, String change, List<Window> baseline, int windows, int warmUpWindows) {
    if (baseline.isEmpty() || windows < 1 || warmUpWindows < 0) {
      throw new IllegalArgumentException("a trial needs a baseline window, at least one trial window and no negative"
          + " warm-up, had " + baseline.size() + ", " + windows + " and " + warmUpWindows);
    }
    this.workloadClass = workloadClass;
    this.change = change;
    this.baseline = List.copyOf(baseline);
    this.windows = windows;
    this.warmUpWindows = warmUpWindows;
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
    if (warmUp.size() < warmUpWindows) {
      warmUp.add(window);
      return null;
    }
    trial.add(window);
    return trial.size() < windows ? null : verdict();
  }

  /** The windows measured so far after the switch, its warm-up's included. */
  int measured() {
    return warmUp.size() + trial.size();
  }

  /** All the windows the trial takes, its warm-up's included. */
  int periods() {
    return warmUpWindows + windows;
  }

  private Verdict verdict() {
    double baselineRate = rate(baseline);
    double noise = baselineRate == 0 ? 0 : baseline.stream()
        .mapToDouble(window -> Math.abs(window.rate() - baselineRate) / baselineRate).max().orElse(0);
    double margin = Math.max(noise, NOISE_FLOOR);
    double trialRate = rate(trial);
    return new Verdict(trialRate >= baselineRate * (1 - margin), baselineRate, trialRate, noise, margin,
        latencyBound(), List.copyOf(baseline), List.copyOf(warmUp), List.copyOf(trial));
  }

  /** The trial's p99 against the baseline's, when both windows counted latencies. */
  private Optional<LatencyBound> latencyBound() {
    OptionalLong baselineP99 = p99(baseline);
    OptionalLong trialP99 = p99(trial);
    if (baselineP99.isEmpty() || trialP99.isEmpty()) {
      return Optional.empty();
    }
    long p99 = baselineP99.getAsLong();
    double noise = baseline.stream().map(window -> window.latencies().p99Millis())
        .filter(OptionalLong::isPresent)
        .mapToDouble(windowP99 -> Math.abs(windowP99.getAsLong() - p99) / (double) Math.max(p99, 1)).max()
        .orElse(0);
    double margin = Math.max(noise, LATENCY_NOISE_FLOOR);
    long limit = (long) Math.floor(p99 * (1 + margin)) + LATENCY_RESOLUTION_MILLIS;
    return Optional.of(new LatencyBound(p99, trialP99.getAsLong(), noise, margin, limit));
  }

  private static OptionalLong p99(List<Window> windows) {
    return windows.stream().map(Window::latencies).reduce(OperationLatencies.NONE, OperationLatencies::plus)
        .p99Millis();
  }

  /** Operations over time across {@code windows}: a short window weighs less. */
  private static double rate(List<Window> windows) {
    double seconds = windows.stream().mapToDouble(Window::seconds).sum();
    return seconds <= 0 ? 0 : windows.stream().mapToDouble(Window::operations).sum() / seconds;
  }

  /** One window's length, the reads and writes the servers counted in it, and their latencies. */
  record Window(double seconds, double operations, OperationLatencies latencies) {
    double rate() {
      return seconds <= 0 ? 0 : operations / seconds;
    }
  }

  /**
   * The p99 bound a trial was judged by.
   *
   * @param noise the baseline's spread: its windows' largest deviation from its p99, relative to it
   * @param margin what the p99 may rise by and still be kept: the noise, at least {@link #LATENCY_NOISE_FLOOR}
   * @param limitMillis the baseline's p99 raised by the margin, plus {@link #LATENCY_RESOLUTION_MILLIS}
   */
  record LatencyBound(long baselineMillis, long trialMillis, double noise, double margin, long limitMillis) {
    boolean met() {
      return trialMillis <= limitMillis;
    }
  }

  /**
   * A trial's outcome, with its evidence.
   *
   * @param throughputKept whether the trial's throughput was at least the baseline's less the margin
   * @param noise the baseline's spread: its windows' largest deviation from its throughput, relative to it
   * @param margin what the trial may lose and still be kept: the noise, at least {@link #NOISE_FLOOR}
   * @param latency the p99 bound, absent where the servers counted no latencies
   * @param warmUp the windows right after a switch that reopened regions, shown but not judged
   */
  record Verdict(boolean throughputKept, double baselineRate, double trialRate, double noise, double margin,
      Optional<LatencyBound> latency, List<Window> baseline, List<Window> warmUp, List<Window> trial) {
    /** Whether the change stays: its throughput kept, and its p99 within the bound where one was judged. */
    boolean keep() {
      return throughputKept && latency.map(LatencyBound::met).orElse(true);
    }

    /** Trial over baseline throughput. */
    double ratio() {
      return baselineRate == 0 ? Double.NaN : trialRate / baselineRate;
    }

    String baselineText() {
      return describe(baselineRate, baseline);
    }

    /** The trial's windows, after its warm-up's where it had one. */
    String trialText() {
      String judged = describe(trialRate, trial);
      return warmUp.isEmpty() ? judged : judged + " after a warm-up of " + describe(rate(warmUp), warmUp);
    }

    /** Why it was kept or reverted: the ratio against the bar it had to clear, and the p99 against its bound. */
    String evidence() {
      String throughput = String.format("throughput trial/baseline %.3f, %s %.3f (baseline noise %.1f%%, margin"
          + " %.1f%%)", ratio(), throughputKept ? "at least" : "below", 1 - margin, noise * 100, margin * 100);
      String p99 = latency.map(bound -> String.format("p99 %d ms against %d ms, %s %d ms (baseline noise %.1f%%,"
          + " margin %.1f%%)", bound.trialMillis(), bound.baselineMillis(), bound.met() ? "within" : "above",
          bound.limitMillis(), bound.noise() * 100, bound.margin() * 100))
          .orElse("p99 not judged: the servers counted no latencies");
      return throughput + "; " + p99;
    }

    private static String describe(double rate, List<Window> windows) {
      return String.format("%.1f ops/s over %s", rate, windows.stream()
          .map(window -> String.format("%.1f s at %.1f", window.seconds(), window.rate())
              + window.latencies().p99Millis().stream().mapToObj(p99 -> ", p99 " + p99 + " ms")
                  .findFirst().orElse(""))
          .collect(Collectors.joining("; ", "[", "]")));
    }
  }
}

package org.hbaseturbo.advisor;

import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.advisor.CodecAdvisor.Rival;

/**
 * A recommendation's reason in plain words: what the choice is, what it costs and saves against the plain option,
 * and how sure the measurement is of it, naming the options too close to call ({@link CloseCalls}) or else how far
 * the runner-up is behind.
 *
 * <pre>
 * DIFF+NONE has the best balance of size and speed (the least size x read time x fourth root of write time):
 * 69% of the size without encoding or compression (NONE+NONE), reads 1,622 MB/s, writes 531 MB/s. The smallest
 * option, DIFF+ZSTD, takes 54%. DIFF+NONE and FAST_DIFF+NONE are too close to call: their balanced scores differ
 * by 3.1%, less than the 8.2% spread between runs.
 * </pre>
 */
final class ReasonText {
  private ReasonText() {
  }

  /**
   * @param choice the chosen option's figures
   * @param plain NONE+NONE's, to state sizes against
   * @param smallest the smallest option measured, and {@code fastest} the fastest reader
   * @param rivals the options too close to call with the choice
   * @param runnerUp the option nearest to the choice; null when it is the only one
   * @param runs how many runs (measuring JVMs) the rivals and the runner-up were judged by
   */
  static String of(Objective objective, Trial choice, Trial plain, Trial smallest, Trial fastest, List<Rival> rivals,
      Rival runnerUp, int runs) {
    String option = choice.option().toString();
    String size = String.format("%.0f%% of the size without encoding or compression (%s)",
        100.0 * choice.storedBytes() / plain.storedBytes(), plain.option());
    String reads = String.format("reads %,.0f MB/s", choice.readMBps());
    String writes = String.format("writes %,.0f MB/s", choice.writeMBps());
    List<String> sentences = new ArrayList<>();
    switch (objective) {
      case STORAGE -> sentences.add(option + " is the smallest: " + size + ", " + reads + ", " + writes + ".");
      case SPEED -> sentences.add(option + " reads fastest: " + reads.substring("reads ".length()) + ", at " + size
          + ", " + writes + ".");
      case BALANCED -> sentences.add(option + " has the best balance of size and speed (" + objective.rule() + "): "
          + size + ", " + reads + ", " + writes + ".");
    }
    List<String> others = new ArrayList<>();
    if (objective != Objective.STORAGE && !smallest.option().equals(choice.option())) {
      others.add(String.format("the smallest option, %s, takes %.0f%%", smallest.option(),
          100.0 * smallest.storedBytes() / plain.storedBytes()));
    }
    if (objective != Objective.SPEED && !fastest.option().equals(choice.option())) {
      others.add(String.format("the fastest reader, %s, reads %,.0f MB/s", fastest.option(), fastest.readMBps()));
    }
    if (!others.isEmpty()) {
      sentences.add(capitalized(String.join("; ", others)) + ".");
    }
    sentences.add(objective == Objective.STORAGE ? sizes(option, rivals, runnerUp)
        : closeness(objective, option, rivals, runnerUp, runs));
    return String.join(" ", sentences.stream().filter(sentence -> !sentence.isEmpty()).toList());
  }

  /** Sizes do not vary between runs: only an option of the same size is too close to call. */
  private static String sizes(String option, List<Rival> rivals, Rival runnerUp) {
    if (!rivals.isEmpty()) {
      return String.join(", ", rivals.stream().map(rival -> rival.option().toString()).toList())
          + (rivals.size() == 1 ? " is" : " are") + " just as small; " + option + " reads fastest of them.";
    }
    return runnerUp == null ? "" : String.format("The next smallest, %s, is %s larger.", runnerUp.option(),
        percent(runnerUp.difference()));
  }

  private static String closeness(Objective objective, String option, List<Rival> rivals, Rival runnerUp,
      int runs) {
    String measure = objective == Objective.SPEED ? "read speeds" : "balanced scores";
    if (runnerUp == null) {
      return "";
    }
    if (runs == 1) {
      return String.format("The runner-up is %s: their %s differ by %s; with one measuring JVM there is no"
          + " spread between runs to tell whether that is a close call.", runnerUp.option(), measure,
          percent(runnerUp.difference()));
    }
    if (rivals.isEmpty()) {
      return String.format("The runner-up, %s, is behind: their %s differ by %s, more than the %s spread between"
          + " runs.", runnerUp.option(), measure, percent(runnerUp.difference()), percent(runnerUp.spread()));
    }
    Rival first = rivals.get(0);
    StringBuilder text = new StringBuilder(String.format("%s and %s are too close to call: their %s differ by %s,"
        + " %s the %s spread between runs", option, first.option(), measure, percent(first.difference()),
        first.difference() < first.spread() ? "less than" : "no more than", percent(first.spread())));
    for (Rival rival : rivals.subList(1, rivals.size())) {
      text.append(String.format("; so are %s and %s (%s apart, spread %s)", option, rival.option(),
          percent(rival.difference()), percent(rival.spread())));
    }
    return text.append('.').toString();
  }

  /** 0.031 as "3.1%", 0.12 as "12%". */
  static String percent(double fraction) {
    double percent = 100 * fraction;
    return percent < 9.95 ? String.format("%.1f%%", percent) : String.format("%.0f%%", percent);
  }

  private static String capitalized(String text) {
    return Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }
}

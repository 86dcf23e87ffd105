package org.hbaseturbo.advisor;

import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.advisor.CodecAdvisor.Recommendation;

/**
 * What {@link CodecAdvisor#measure} measured on one set of cells: every option in the plan's JVMs (the screening),
 * then the finalists again in the run-off's JVMs.
 *
 * <p>An option's speeds move from one measuring JVM to the next by some 5% against the other options' (what the JIT
 * made of the code), so the median of three JVMs cannot tell apart options a few percent apart, and they trade
 * places from one run of the advisor to the next. More JVMs narrow the median; measuring every option in each would
 * cost minutes a JVM. The finalists are the options the screening did not tell apart from a choice (each objective's
 * choice and its rivals, the options too close to call with it, {@link CodecAdvisor#recommend}); every other option
 * was further behind that objective's choice, by the screening's medians, than the screening JVMs disagreed about the
 * two. The run-off measures only the finalists, and the choices are made from their figures in every JVM, screening
 * and run-off.
 *
 * @param screeningPerJvm per screening JVM, every option's trials in the advisor's order
 * @param finalists the options measured again, in the same order
 * @param runOffPerJvm per run-off JVM, the finalists' trials in their order; empty when there was no run-off
 */
public record Measurement(List<List<Trial>> screeningPerJvm, List<StorageOption> finalists,
    List<List<Trial>> runOffPerJvm) {
  public Measurement {
    screeningPerJvm = screeningPerJvm.stream().map(List::copyOf).toList();
    finalists = List.copyOf(finalists);
    runOffPerJvm = runOffPerJvm.stream().map(List::copyOf).toList();
    if (screeningPerJvm.isEmpty() || finalists.isEmpty()) {
      throw new IllegalArgumentException("a measurement needs a screening JVM and a finalist");
    }
    List<StorageOption> screened = screeningPerJvm.get(0).stream().map(Trial::option).toList();
    if (!screened.stream().filter(finalists::contains).toList().equals(finalists)) {
      throw new IllegalArgumentException("the finalists " + finalists + " must be screened options in the"
          + " screening's order " + screened);
    }
    for (List<Trial> jvm : runOffPerJvm) {
      if (!jvm.stream().map(Trial::option).toList().equals(finalists)) {
        throw new IllegalArgumentException("every run-off JVM must have measured the finalists " + finalists
            + " in their order, was " + jvm.stream().map(Trial::option).toList());
      }
    }
  }

  /** Every option's medians over the screening JVMs. */
  public List<Trial> screening() {
    return CodecAdvisor.medianAcross(screeningPerJvm);
  }

  /** Per JVM, screening JVMs first, the finalists' trials in the finalists' order. */
  public List<List<Trial>> finalsPerJvm() {
    List<List<Trial>> perJvm = new ArrayList<>();
    for (List<Trial> jvm : screeningPerJvm) {
      perJvm.add(jvm.stream().filter(trial -> finalists.contains(trial.option())).toList());
    }
    perJvm.addAll(runOffPerJvm);
    return perJvm;
  }

  /** The finalists' medians over every JVM that measured them. */
  public List<Trial> finals() {
    return CodecAdvisor.medianAcross(finalsPerJvm());
  }

  /**
   * The finalist that best meets {@code objective} by {@link #finals}, and its rivals among the finalists, in
   * every JVM ({@link CodecAdvisor#recommend}).
   */
  public Recommendation recommend(Objective objective) {
    return CodecAdvisor.recommend(screeningPerJvm, finalsPerJvm(), objective);
  }
}

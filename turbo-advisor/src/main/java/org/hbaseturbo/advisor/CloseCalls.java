package org.hbaseturbo.advisor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.hbaseturbo.advisor.CodecAdvisor.Rival;

/**
 * How far each option is from an objective's choice, and whether the runs can tell the two apart.
 *
 * <p>The difference is that of the medians the choice was made by: the option's cost by the objective's rule
 * ({@link Objective#cost}) over the choice's, less one. The spread is how much the runs (measuring JVMs) disagree
 * about the pair: each run's own ratio of the two costs, the largest less the smallest. An option whose difference
 * is no more than the spread is too close to call: another set of runs could as well rank it first. An option's
 * speeds move from one JVM to the next by some 5% against the other options' (what the JIT made of the code), so
 * options a few percent apart by the medians usually are. Sizes do not move between runs: by the storage rule only an
 * option of the very same size is too close to call.
 */
final class CloseCalls {
  private CloseCalls() {
  }

  /**
   * The options too close to call with {@code choice}, the closest first.
   *
   * @param perJvm per run, the same options' trials in the same order, {@code choice} among them
   */
  static List<Rival> rivals(List<List<Trial>> perJvm, Objective objective, StorageOption choice) {
    return compared(perJvm, objective, choice).stream()
        .filter(rival -> rival.difference() <= rival.spread()).toList();
  }

  /** The option nearest to {@code choice} by the medians, close or not; null when {@code choice} is the only one. */
  static Rival runnerUp(List<List<Trial>> perJvm, Objective objective, StorageOption choice) {
    List<Rival> compared = compared(perJvm, objective, choice);
    return compared.isEmpty() ? null : compared.get(0);
  }

  /** Every other option compared with {@code choice}, the nearest first. */
  private static List<Rival> compared(List<List<Trial>> perJvm, Objective objective, StorageOption choice) {
    List<Trial> medians = CodecAdvisor.medianAcross(perJvm);
    int chosen = medians.stream().map(Trial::option).toList().indexOf(choice);
    if (chosen < 0) {
      throw new IllegalArgumentException(choice + " was not measured");
    }
    double chosenCost = objective.cost(medians.get(chosen));
    List<Rival> compared = new ArrayList<>();
    for (int o = 0; o < medians.size(); o++) {
      if (o == chosen) {
        continue;
      }
      double lowest = Double.POSITIVE_INFINITY;
      double highest = Double.NEGATIVE_INFINITY;
      for (List<Trial> run : perJvm) {
        double ratio = objective.cost(run.get(o)) / objective.cost(run.get(chosen));
        lowest = Math.min(lowest, ratio);
        highest = Math.max(highest, ratio);
      }
      compared.add(new Rival(medians.get(o).option(), objective.cost(medians.get(o)) / chosenCost - 1,
          highest - lowest));
    }
    compared.sort(Comparator.comparingDouble(Rival::difference));
    return compared;
  }
}

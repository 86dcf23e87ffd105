package org.hbaseturbo.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The order in which a benchmark runs its variants in one round: rotated by one from round to round, so that no
 * variant always runs first (on the coldest server) or always follows the same one.
 */
public final class RunOrder {
  private RunOrder() {
  }

  /** One measured run of a variant. */
  public interface Run<V, R> {
    /** @param run the round, from 1 */
    R run(V variant, int run) throws IOException;
  }

  /** @param run the round, from 1 */
  public static <T> List<T> of(List<T> variants, int run) {
    List<T> order = new ArrayList<>(variants);
    Collections.rotate(order, -(run - 1));
    return order;
  }

  /**
   * {@code rounds} rounds of every variant in turn, in the order {@link #of} gives: a slow spell of a shared
   * machine then slows one run of each variant rather than every run of one, and run i of two variants can be
   * compared. Returns each variant's results in round order, the variants in the order given.
   */
  public static <V, R> Map<V, List<R>> interleaved(List<V> variants, int rounds, Run<V, R> run) throws IOException {
    Map<V, List<R>> results = new LinkedHashMap<>();
    variants.forEach(variant -> results.put(variant, new ArrayList<>()));
    for (int round = 1; round <= rounds; round++) {
      for (V variant : of(variants, round)) {
        results.get(variant).add(run.run(variant, round));
      }
    }
    return results;
  }
}

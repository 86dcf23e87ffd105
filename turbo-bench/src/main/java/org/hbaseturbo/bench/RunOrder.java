package org.hbaseturbo.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The order in which a benchmark runs its variants in one round: rotated by one from round to round, so that no
 * variant always runs first (on the coldest server) or always follows the same one.
 */
public final class RunOrder {
  private RunOrder() {
  }

  /** @param run the round, from 1 */
  public static <T> List<T> of(List<T> variants, int run) {
    List<T> order = new ArrayList<>(variants);
    Collections.rotate(order, -(run - 1));
    return order;
  }
}

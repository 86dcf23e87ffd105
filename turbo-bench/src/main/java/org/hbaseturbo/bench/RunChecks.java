package org.hbaseturbo.bench;

import java.util.List;
import org.hbaseturbo.common.InvalidInputException;

/** The checks of what every benchmark of repeated, timed YCSB runs is given, named as its options are. */
public final class RunChecks {
  private RunChecks() {
  }

  /** @return the client counts, unmodifiable */
  public static List<Integer> requireClients(List<Integer> clients) {
    if (clients.isEmpty() || clients.stream().anyMatch(c -> c < 1)) {
      throw new InvalidInputException("--clients must list client counts of at least 1, was " + clients);
    }
    return List.copyOf(clients);
  }

  public static void requireRuns(int runs, int runSeconds) {
    if (runs < 1) {
      throw new InvalidInputException("--runs must be at least 1, was " + runs);
    }
    if (runSeconds < 1) {
      throw new InvalidInputException("--run-time must be at least 1s, was " + runSeconds + "s");
    }
  }
}

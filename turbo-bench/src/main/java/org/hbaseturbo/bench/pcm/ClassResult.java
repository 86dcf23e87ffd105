package org.hbaseturbo.bench.pcm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.bench.ycsb.ServerWarmUp;

/**
 * One class under one variant: YCSB's medians over the rounds (its runs kept in round order) and what the servers
 * did over them.
 *
 * @param workloadClass the class's label ("RO-read")
 * @param server what the servers did over every round's measured run
 * @param serverRounds what they did over each round's, in round order: a round unlike the others (the one that
 *     rewrote a table's files, say) shows there
 * @param applied what PCM or the calibrated policy changed before the class's last round, each change with its route
 *     and audit status, and last how long until it was in force; empty for the other variants
 * @param serverJit how warm the servers' JIT was, round by round
 */
public record ClassResult(String workloadClass, String variant, VariantResult ycsb, ServerActivity server,
    List<ServerActivity> serverRounds, List<String> applied, ServerJit serverJit) {
  public ClassResult {
    // Reports written before 2026-12-06 (results/) have no rounds: read back, they show none.
    serverRounds = serverRounds == null ? List.of() : List.copyOf(serverRounds);
  }

  /**
   * The servers' JIT compilers over a class's rounds.
   *
   * @param warmUps each round's warm-up before its measured run; empty for a load
   * @param measuredCompileMsPerSecond milliseconds the servers compiled per JVM per second of each round's measured
   *     run; null in a round where they do not tell
   */
  public record ServerJit(List<ServerWarmUp.Outcome> warmUps, List<Double> measuredCompileMsPerSecond) {
    public ServerJit {
      warmUps = List.copyOf(warmUps);
      // Nulls allowed: List.copyOf would refuse them.
      measuredCompileMsPerSecond = Collections.unmodifiableList(new ArrayList<>(measuredCompileMsPerSecond));
    }
  }
}
